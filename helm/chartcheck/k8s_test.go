package chartcheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

const k8sDir = "../../k8s"

// Operator resources in k8s/: their CRD schemas are not available offline, so they are
// checked below for the fields Slotwise depends on.
var crdKinds = map[string]bool{
	"kafka.strimzi.io/v1beta2/Kafka":         true,
	"kafka.strimzi.io/v1beta2/KafkaNodePool": true,
	"kafka.strimzi.io/v1beta2/KafkaTopic":    true,
	"postgresql.cnpg.io/v1/Cluster":          true,
	"postgresql.cnpg.io/v1/ScheduledBackup":  true,
}

func loadK8s(t *testing.T) []Object {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(k8sDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in %s: %v", k8sDir, err)
	}
	var all []Object
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		objs, err := Decode(b, filepath.Base(f), func(apiVersion, kind string) bool {
			return crdKinds[apiVersion+"/"+kind]
		})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, objs...)
	}
	return all
}

func find(objs []Object, kind, ns, name string) *Object {
	for i := range objs {
		if objs[i].Kind == kind && objs[i].Namespace == ns && objs[i].Name == name {
			return &objs[i]
		}
	}
	return nil
}

// chartValues reads helm/slotwise/values.yaml (the defaults the chart ships with).
func chartValues(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(chartDir, "values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := yaml.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestK8sManifests(t *testing.T) {
	objs := loadK8s(t)
	for _, ns := range []string{"slotwise", "slotwise-data", "observability"} {
		if find(objs, "Namespace", "", ns) == nil {
			t.Errorf("no Namespace %s", ns)
		}
	}
	for _, o := range objs {
		if o.Kind != "Namespace" && o.Namespace == "" {
			t.Errorf("%s has no namespace", o)
		}
		if o.Kind == "Secret" {
			t.Errorf("%s: Secrets are created by create-secrets.sh, never committed", o)
		}
	}
	// Workloads in k8s/ meet the same container policies as the chart's.
	for _, d := range ofKind[appsv1.Deployment](objs) {
		for _, c := range d.Spec.Template.Spec.Containers {
			where := d.Name + "/" + c.Name
			sc := c.SecurityContext
			if c.LivenessProbe == nil || c.ReadinessProbe == nil {
				t.Errorf("%s: probes required", where)
			}
			if c.Resources.Limits.Cpu().IsZero() || c.Resources.Limits.Memory().IsZero() {
				t.Errorf("%s: limits required", where)
			}
			if sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
				sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation || sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
				t.Errorf("%s: non-root, read-only root fs, no privilege escalation, drop ALL required", where)
			}
		}
		if !subset(d.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
			t.Errorf("Deployment %s selector does not match its pods", d.Name)
		}
	}
}

func TestK8sKafka(t *testing.T) {
	objs := loadK8s(t)
	var kafka struct {
		Spec struct {
			Kafka struct {
				Listeners []struct {
					Name string `json:"name"`
					Port int    `json:"port"`
					Type string `json:"type"`
				} `json:"listeners"`
				Config map[string]any `json:"config"`
			} `json:"kafka"`
		} `json:"spec"`
	}
	k := find(objs, "Kafka", "slotwise-data", "slotwise")
	if k == nil {
		t.Fatal("no Kafka slotwise in slotwise-data")
	}
	if err := yaml.Unmarshal(k.Raw, &kafka); err != nil {
		t.Fatal(err)
	}
	has9092 := false
	for _, l := range kafka.Spec.Kafka.Listeners {
		has9092 = has9092 || (l.Port == 9092 && l.Type == "internal")
	}
	if !has9092 {
		t.Error("Kafka has no internal listener on 9092")
	}
	if kafka.Spec.Kafka.Config["auto.create.topics.enable"] != false {
		t.Error("auto.create.topics.enable must be false: topics are declared")
	}
	// The chart's default brokers are this cluster's bootstrap Service.
	v := chartValues(t)
	want := "slotwise-kafka-bootstrap.slotwise-data.svc:9092"
	if got := v["kafka"].(map[string]any)["brokers"]; got != want {
		t.Errorf("chart kafka.brokers=%v, want %s", got, want)
	}
	pools := 0
	for _, o := range objs {
		if o.Kind == "KafkaNodePool" && strings.Contains(string(o.Raw), "strimzi.io/cluster: slotwise") {
			pools++
		}
	}
	if pools == 0 {
		t.Error("no KafkaNodePool for cluster slotwise")
	}

	topics := map[string]int{}
	for _, o := range objs {
		if o.Kind != "KafkaTopic" {
			continue
		}
		var topic struct {
			Metadata struct {
				Labels map[string]string `json:"labels"`
			} `json:"metadata"`
			Spec struct {
				TopicName  string `json:"topicName"`
				Partitions int    `json:"partitions"`
				Replicas   int    `json:"replicas"`
			} `json:"spec"`
		}
		if err := yaml.Unmarshal(o.Raw, &topic); err != nil {
			t.Fatal(err)
		}
		if topic.Metadata.Labels["strimzi.io/cluster"] != "slotwise" {
			t.Errorf("%s: strimzi.io/cluster label must be slotwise", o)
		}
		if topic.Spec.Replicas < 3 || topic.Spec.Partitions < 3 {
			t.Errorf("%s: replicas %d partitions %d", o, topic.Spec.Replicas, topic.Spec.Partitions)
		}
		topics[topic.Spec.TopicName]++
	}
	got := keys(topics)
	if want := []string{"auth.accounts.v1", "booking.appointments.v1", "catalog.services.v1", "review.reviews.v1"}; !slices.Equal(got, want) {
		t.Errorf("KafkaTopics %v, want %v", got, want)
	}
}

func TestK8sPostgres(t *testing.T) {
	objs := loadK8s(t)
	c := find(objs, "Cluster", "slotwise-data", "slotwise-pg")
	if c == nil {
		t.Fatal("no CNPG Cluster slotwise-pg in slotwise-data")
	}
	var cluster struct {
		Spec struct {
			Bootstrap struct {
				Initdb struct {
					Database               string   `json:"database"`
					PostInitApplicationSQL []string `json:"postInitApplicationSQL"`
				} `json:"initdb"`
			} `json:"bootstrap"`
			Backup struct {
				RetentionPolicy   string `json:"retentionPolicy"`
				BarmanObjectStore struct {
					DestinationPath string `json:"destinationPath"`
				} `json:"barmanObjectStore"`
			} `json:"backup"`
			PostgreSQL struct {
				Parameters map[string]string `json:"parameters"`
			} `json:"postgresql"`
			Managed struct {
				Roles []struct {
					Name           string `json:"name"`
					Login          bool   `json:"login"`
					PasswordSecret struct {
						Name string `json:"name"`
					} `json:"passwordSecret"`
				} `json:"roles"`
			} `json:"managed"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal(c.Raw, &cluster); err != nil {
		t.Fatal(err)
	}
	if cluster.Spec.Bootstrap.Initdb.Database != "slotwise" {
		t.Errorf("database %q, want slotwise", cluster.Spec.Bootstrap.Initdb.Database)
	}
	// Point-in-time recovery (docs/operations.md "Backups"): WAL archived at
	// most a minute behind, and a nightly base backup of this cluster.
	if cluster.Spec.Backup.BarmanObjectStore.DestinationPath == "" || cluster.Spec.Backup.RetentionPolicy == "" {
		t.Errorf("the cluster archives no WAL / keeps no backups: %+v", cluster.Spec.Backup)
	}
	if cluster.Spec.PostgreSQL.Parameters["archive_timeout"] == "" {
		t.Error("archive_timeout unset: the WAL archive's lag (the RPO) is unbounded on a quiet database")
	}
	sb := find(objs, "ScheduledBackup", "slotwise-data", "slotwise-pg-nightly")
	if sb == nil || !strings.Contains(string(sb.Raw), "name: slotwise-pg") {
		t.Error("no ScheduledBackup slotwise-pg-nightly of the cluster slotwise-pg")
	}
	sql := strings.Join(cluster.Spec.Bootstrap.Initdb.PostInitApplicationSQL, "\n")
	script, err := os.ReadFile(filepath.Join(k8sDir, "create-secrets.sh"))
	if err != nil {
		t.Fatal(err)
	}
	roles := map[string]string{}
	for _, r := range cluster.Spec.Managed.Roles {
		if !r.Login || r.PasswordSecret.Name == "" {
			t.Errorf("role %s: login with a passwordSecret required", r.Name)
		}
		roles[r.Name] = r.PasswordSecret.Name
	}
	for svc := range services {
		role := strings.ReplaceAll(svc, "-", "_")
		schema := strings.TrimSuffix(svc, "-svc")
		if _, ok := roles[role]; !ok {
			t.Errorf("no managed role %s", role)
		}
		if !strings.Contains(sql, "CREATE SCHEMA "+schema+" AUTHORIZATION "+role) {
			t.Errorf("schema %s is not created for %s", schema, role)
		}
		if roles[role] != "slotwise-pg-"+svc {
			t.Errorf("role %s password Secret %q, want slotwise-pg-%s (create-secrets.sh)", role, roles[role], svc)
		}
	}
	if len(roles) != len(services) {
		t.Errorf("managed roles %v, want one per service", keys(roles))
	}
	// Every Secret the chart references is one create-secrets.sh makes.
	made := regexp.MustCompile(`slotwise-\$\{name\}-db|slotwise-auth-jwt|create secret generic slotwise-smtp`)
	if len(made.FindAllString(string(script), -1)) < 3 {
		t.Fatal("create-secrets.sh no longer creates slotwise-<name>-db, slotwise-auth-jwt and slotwise-smtp")
	}
	for comp, raw := range chartValues(t)["components"].(map[string]any) {
		se, _ := raw.(map[string]any)["secretEnv"].(map[string]any)
		for envName, ref := range se {
			sn := ref.(map[string]any)["secretName"].(string)
			switch {
			case envName == "DATABASE_URL" && sn == "slotwise-"+strings.TrimSuffix(comp, "-svc")+"-db":
			case envName == "JWT_SIGNING_KEY" && sn == "slotwise-auth-jwt" && comp == "auth-svc":
			case strings.HasPrefix(envName, "SMTP_") && sn == "slotwise-smtp" && comp == "notification-svc":
			default:
				t.Errorf("%s %s reads Secret %s, which k8s/create-secrets.sh does not create", comp, envName, sn)
			}
		}
	}
}

func TestK8sObservability(t *testing.T) {
	objs := loadK8s(t)
	svc := find(objs, "Service", "observability", "otel-collector")
	if svc == nil {
		t.Fatal("no Service otel-collector in observability")
	}
	var ports []int32
	for _, p := range svc.Typed.(*corev1.Service).Spec.Ports {
		ports = append(ports, p.Port)
	}
	sort.Slice(ports, func(i, j int) bool { return ports[i] < ports[j] })
	if !slices.Equal(ports, []int32{4317, 4318}) {
		t.Errorf("otel-collector ports %v, want 4317 4318", ports)
	}
	if got := chartValues(t)["otlp"].(map[string]any)["endpoint"]; got != "http://otel-collector.observability.svc:4318" {
		t.Errorf("chart otlp.endpoint %v does not point at k8s/ otel-collector", got)
	}
	cm := find(objs, "ConfigMap", "observability", "otel-collector-config")
	if cm == nil || !strings.Contains(cm.Typed.(*corev1.ConfigMap).Data["config.yaml"], "jaeger-collector.observability.svc:4317") {
		t.Error("the collector must export to jaeger-collector.observability.svc:4317")
	}
	if find(objs, "Service", "observability", "jaeger-collector") == nil || find(objs, "Deployment", "observability", "jaeger") == nil {
		t.Error("no Jaeger Deployment/Service")
	}
	for _, name := range []string{"otel-collector-config", "jaeger-config"} {
		cm := find(objs, "ConfigMap", "observability", name)
		if cm == nil {
			t.Fatalf("no ConfigMap %s", name)
		}
		var conf map[string]any
		if err := yaml.UnmarshalStrict([]byte(cm.Typed.(*corev1.ConfigMap).Data["config.yaml"]), &conf); err != nil {
			t.Errorf("%s config.yaml: %v", name, err)
		}
	}
}

// The Dockerfiles cannot be built here (no container engine); check what the chart relies on.
// One Dockerfile, at the root, builds every Go program (--build-arg PROGRAM=<component>), so a
// Go component needs its main package at <component>/cmd/<component> and no Dockerfile of its
// own; the web app's image is frontend/Dockerfile.
func TestDockerfiles(t *testing.T) {
	b, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(b)
	for _, want := range []string{
		"FROM golang:1.26 AS build",
		"ARG PROGRAM",
		"CGO_ENABLED=0",
		"-o /out/app ./${PROGRAM}/cmd/${PROGRAM}",
		"FROM gcr.io/distroless/static-debian12:nonroot",
		"USER 65532",
		`ENTRYPOINT ["/app"]`,
	} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	for _, c := range components {
		if c == "web" {
			continue
		}
		if _, err := os.Stat(filepath.Join("../..", c, "cmd", c, "main.go")); err != nil {
			t.Errorf("component %s: the Dockerfile builds ./%s/cmd/%s: %v", c, c, c, err)
		}
	}
	others, err := filepath.Glob("../../*/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if len(others) != 1 || others[0] != "../../frontend/Dockerfile" {
		t.Errorf("Dockerfiles besides the root one: %v, want only frontend/Dockerfile", others)
	}
	b, err = os.ReadFile("../../frontend/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df = string(b)
	for _, want := range []string{"FROM node:20 AS build", "npm ci", "npx nx build web", "dist/apps/web",
		"nginxinc/nginx-unprivileged", "frontend/nginx/default.conf /etc/nginx/conf.d/default.conf",
		"frontend/nginx/security-headers.conf /etc/nginx/security-headers.conf", "USER 101"} {
		if !strings.Contains(df, want) {
			t.Errorf("frontend/Dockerfile lacks %q", want)
		}
	}
	// The server: SPA fallback, and the security headers in every location (an add_header
	// in a location drops the server's).
	b, err = os.ReadFile("../../frontend/nginx/default.conf")
	if err != nil {
		t.Fatal(err)
	}
	conf := string(b)
	for _, want := range []string{"listen 8080", "try_files $uri $uri/ /index.html"} {
		if !strings.Contains(conf, want) {
			t.Errorf("frontend/nginx/default.conf lacks %q", want)
		}
	}
	if n, m := strings.Count(conf, "include /etc/nginx/security-headers.conf;"), len(regexp.MustCompile(`(?m)^\s*location\s`).FindAllString(conf, -1)); m == 0 || n != m+1 {
		t.Errorf("frontend/nginx/default.conf includes the security headers %d times for %d locations and the server", n, m)
	}
	ignore, err := os.ReadFile("../../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".git", "**/node_modules", "bin"} {
		if !slices.Contains(strings.Split(string(ignore), "\n"), want) {
			t.Errorf(".dockerignore should exclude %s", want)
		}
	}
}
