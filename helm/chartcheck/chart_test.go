package chartcheck

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
)

const (
	chartDir  = "../slotwise"
	release   = "slotwise"
	namespace = "slotwise"
	// A helm built with `go install` defaults to Kubernetes v1.20; the chart needs >= 1.30.
	kubeVersion = "1.33.0"
)

// The programs the chart must deploy, and the facts about them the chart must honour.
var (
	components = []string{"auth-svc", "booking-svc", "catalog-svc", "gateway", "notification-svc", "review-svc", "web"}
	services   = map[string]int32{"auth-svc": 7001, "catalog-svc": 7002, "booking-svc": 7003, "review-svc": 7004, "notification-svc": 7005}
	// callee -> callers (the call graph of docs/architecture.md#system-map).
	callers = map[string][]string{
		"auth-svc":         {"booking-svc", "catalog-svc", "gateway", "notification-svc", "review-svc"},
		"catalog-svc":      {"booking-svc", "gateway"},
		"booking-svc":      {"gateway"},
		"review-svc":       {"gateway"},
		"notification-svc": {"gateway"},
		"gateway":          nil,
		"web":              nil,
	}
	kafkaUsers = []string{"auth-svc", "booking-svc", "catalog-svc", "notification-svc", "review-svc"}
	// Env names that must never carry a literal value.
	secretLike = regexp.MustCompile(`(?i)(PASSWORD|PASSWD|SECRET|TOKEN|PRIVATE|SIGNING_KEY|API_KEY|CREDENTIAL|DATABASE_URL|_DSN$)`)
	// A URL with user:password@ in it.
	urlWithCredentials = regexp.MustCompile(`://[^/\s:@]+:[^/\s@]+@`)
)

// valueSets are the values files every check runs against.
var valueSets = map[string][]string{
	"default":    nil,
	"production": {"-f", filepath.Join(chartDir, "values-production.yaml")},
}

type rendered struct {
	objs []Object
	err  error
}

var (
	renderOnce  = map[string]*sync.Once{"default": {}, "production": {}}
	renderCache = map[string]*rendered{}
	renderMu    sync.Mutex
)

// render runs helm template once per values set and caches the decoded objects.
func render(t *testing.T, set string) []Object {
	t.Helper()
	renderOnce[set].Do(func() {
		args := append([]string{"template", release, chartDir, "--namespace", namespace, "--kube-version", kubeVersion}, valueSets[set]...)
		out, err := RunHelm(args...)
		r := &rendered{err: err}
		if err == nil {
			r.objs, r.err = Decode(out, "helm template", func(apiVersion, kind string) bool { return monitoringCRDs[apiVersion+"/"+kind] })
		}
		renderMu.Lock()
		renderCache[set] = r
		renderMu.Unlock()
	})
	renderMu.Lock()
	r := renderCache[set]
	renderMu.Unlock()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.objs
}

func forEachSet(t *testing.T, fn func(t *testing.T, objs []Object)) {
	for _, set := range []string{"default", "production"} {
		t.Run(set, func(t *testing.T) {
			t.Parallel()
			fn(t, render(t, set))
		})
	}
}

func ofKind[T any](objs []Object) map[string]*T {
	out := map[string]*T{}
	for _, o := range objs {
		if v, ok := o.Typed.(*T); ok {
			out[o.Name] = v
		}
	}
	return out
}

func name(component string) string { return release + "-" + component }

func TestHelmLintStrict(t *testing.T) {
	for set, args := range valueSets {
		t.Run(set, func(t *testing.T) {
			t.Parallel()
			out, err := RunHelm(append([]string{"lint", "--strict", chartDir, "--kube-version", kubeVersion}, args...)...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), "0 chart(s) failed") {
				t.Fatalf("unexpected lint output:\n%s", out)
			}
		})
	}
}

// Every object decodes strictly (done by render) and has the kinds and names we expect.
func TestRenderedObjects(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		count := map[string]int{}
		for _, o := range objs {
			if isDashboard(o) {
				continue // TestMonitoringRendered
			}
			count[o.Kind]++
			if o.Kind == "Secret" {
				t.Errorf("%s: the chart must reference Secrets, never render them", o)
			}
		}
		want := map[string]int{
			"Deployment":          len(components),
			"Service":             len(components),
			"PodDisruptionBudget": len(components),
			"NetworkPolicy":       len(components) + 1, // + the migration Jobs' policy
			"Job":                 len(services),
			"ConfigMap":           1,
			"Ingress":             1,
		}
		for kind, n := range want {
			if count[kind] != n {
				t.Errorf("%d %s objects, want %d", count[kind], kind, n)
			}
		}
		deps := ofKind[appsv1.Deployment](objs)
		for _, c := range components {
			if deps[name(c)] == nil {
				t.Errorf("no Deployment %s", name(c))
			}
		}
	})
}

// One generic template set: every workload object of a kind comes from the same template file,
// and no template file is named after a component.
func TestOneTemplateSet(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		sources := map[string]map[string]bool{}
		for _, o := range objs {
			kind := o.Kind
			if isDashboard(o) {
				kind = "ConfigMap (dashboard)"
			}
			if sources[kind] == nil {
				sources[kind] = map[string]bool{}
			}
			sources[kind][o.Source] = true
		}
		for kind, srcs := range sources {
			if len(srcs) != 1 {
				t.Errorf("%s objects come from %d templates %v, want one", kind, len(srcs), keys(srcs))
			}
		}
	})
	entries, err := os.ReadDir(filepath.Join(chartDir, "templates"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		for _, c := range append(components, "auth", "catalog", "booking", "review", "frontend") {
			if strings.Contains(e.Name(), c) {
				t.Errorf("template %s is named after component %s: use the generic template", e.Name(), c)
			}
		}
	}
}

type podOwner struct {
	obj  string
	spec corev1.PodSpec
	long bool // long-running (Deployment) rather than a Job
}

func pods(objs []Object) []podOwner {
	var out []podOwner
	for _, o := range objs {
		switch v := o.Typed.(type) {
		case *appsv1.Deployment:
			out = append(out, podOwner{o.String(), v.Spec.Template.Spec, true})
		case *batchv1.Job:
			out = append(out, podOwner{o.String(), v.Spec.Template.Spec, false})
		}
	}
	return out
}

// Probes, limits and the hardened security context on every container.
func TestContainerPolicies(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		for _, p := range pods(objs) {
			psc := p.spec.SecurityContext
			if p.spec.AutomountServiceAccountToken == nil || *p.spec.AutomountServiceAccountToken {
				t.Errorf("%s: automountServiceAccountToken must be false", p.obj)
			}
			for _, c := range append(slices.Clone(p.spec.InitContainers), p.spec.Containers...) {
				where := p.obj + " container " + c.Name
				if p.long && (c.LivenessProbe == nil || c.ReadinessProbe == nil) {
					t.Errorf("%s: liveness and readiness probes are required", where)
				}
				for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
					if _, ok := c.Resources.Limits[r]; !ok {
						t.Errorf("%s: no %s limit", where, r)
					}
					if _, ok := c.Resources.Requests[r]; !ok {
						t.Errorf("%s: no %s request", where, r)
					}
				}
				sc := c.SecurityContext
				if sc == nil {
					t.Errorf("%s: no securityContext", where)
					continue
				}
				nonRoot := (sc.RunAsNonRoot != nil && *sc.RunAsNonRoot) ||
					(sc.RunAsNonRoot == nil && psc != nil && psc.RunAsNonRoot != nil && *psc.RunAsNonRoot)
				if !nonRoot {
					t.Errorf("%s: runAsNonRoot must be true", where)
				}
				if uid := effectiveUID(sc, psc); uid == nil || *uid == 0 {
					t.Errorf("%s: must run as a non-zero uid", where)
				}
				if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
					t.Errorf("%s: readOnlyRootFilesystem must be true", where)
				}
				if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
					t.Errorf("%s: allowPrivilegeEscalation must be false", where)
				}
				if sc.Privileged != nil && *sc.Privileged {
					t.Errorf("%s: privileged", where)
				}
				if sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") || len(sc.Capabilities.Add) > 0 {
					t.Errorf("%s: capabilities must drop ALL and add none", where)
				}
			}
			if psc == nil || psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
				t.Errorf("%s: pod seccompProfile must be RuntimeDefault", p.obj)
			}
		}
	})
}

func effectiveUID(sc *corev1.SecurityContext, psc *corev1.PodSecurityContext) *int64 {
	if sc != nil && sc.RunAsUser != nil {
		return sc.RunAsUser
	}
	if psc != nil {
		return psc.RunAsUser
	}
	return nil
}

// Services use native gRPC probes on their gRPC port; the gateway and web use HTTP probes.
func TestProbesMatchPrograms(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		deps := ofKind[appsv1.Deployment](objs)
		for svc, port := range services {
			d := deps[name(svc)]
			if d == nil {
				t.Fatalf("no Deployment %s", name(svc))
			}
			c := d.Spec.Template.Spec.Containers[0]
			for kind, p := range map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe} {
				if p == nil || p.GRPC == nil || p.GRPC.Port != port {
					t.Errorf("%s: %s probe must be grpc on %d, got %+v", svc, kind, port, p)
				}
			}
			if !hasPort(c, "grpc", port) || !hasPort(c, "admin", 9090) {
				t.Errorf("%s: ports %+v, want grpc %d and admin 9090", svc, c.Ports, port)
			}
			if env(c, "GRPC_ADDR") != ":"+itoa(port) || env(c, "ADMIN_ADDR") != ":9090" {
				t.Errorf("%s: GRPC_ADDR=%q ADMIN_ADDR=%q", svc, env(c, "GRPC_ADDR"), env(c, "ADMIN_ADDR"))
			}
		}
		gw := deps[name("gateway")].Spec.Template.Spec.Containers[0]
		if p := gw.LivenessProbe; p == nil || p.HTTPGet == nil || p.HTTPGet.Path != "/healthz" || p.HTTPGet.Port.String() != "http" {
			t.Errorf("gateway liveness: %+v", p)
		}
		if p := gw.ReadinessProbe; p == nil || p.HTTPGet == nil || p.HTTPGet.Path != "/readyz" {
			t.Errorf("gateway readiness: %+v", p)
		}
		if !hasPort(gw, "http", 5001) || env(gw, "HTTP_ADDR") != ":5001" {
			t.Errorf("gateway must serve HTTP on 5001: %+v", gw.Ports)
		}
		// Behind the ingress controller the peer address is the proxy's.
		// One proxy (the ingress controller) appends to X-Forwarded-For.
		if env(gw, "TRUSTED_PROXIES") != "1" || env(gw, "TRUST_FORWARDED_FOR") != "" {
			t.Errorf("gateway: TRUSTED_PROXIES=%q, want 1 behind the ingress (and no TRUST_FORWARDED_FOR, which it replaced)", env(gw, "TRUSTED_PROXIES"))
		}
		web := deps[name("web")].Spec.Template.Spec.Containers[0]
		if !hasPort(web, "http", 8080) || web.ReadinessProbe == nil || web.ReadinessProbe.HTTPGet == nil {
			t.Errorf("web must serve HTTP on 8080 with an HTTP probe")
		}
	})
}

// No secret-looking env var has a literal value; secrets come from secretKeyRef, each service
// has its own database Secret, and only auth-svc gets the signing key.
func TestSecretsAreReferences(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		dbSecrets := map[string]string{}
		for _, p := range pods(objs) {
			for _, c := range p.spec.Containers {
				for _, e := range c.Env {
					where := p.obj + " env " + e.Name
					if secretLike.MatchString(e.Name) {
						if e.Value != "" || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
							t.Errorf("%s: must come from a secretKeyRef, not a literal value", where)
						}
					}
					if urlWithCredentials.MatchString(e.Value) {
						t.Errorf("%s: literal value carries credentials", where)
					}
					if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil && e.Name == "DATABASE_URL" && p.long {
						dbSecrets[p.obj] = e.ValueFrom.SecretKeyRef.Name
					}
				}
			}
		}
		for _, cm := range ofKind[corev1.ConfigMap](objs) {
			for k, v := range cm.Data {
				if secretLike.MatchString(k) || urlWithCredentials.MatchString(v) {
					t.Errorf("ConfigMap %s: key %s looks secret", cm.Name, k)
				}
			}
		}
		seen := map[string]string{}
		for obj, s := range dbSecrets {
			if other, dup := seen[s]; dup {
				t.Errorf("%s and %s share database Secret %s: one role per service", obj, other, s)
			}
			seen[s] = obj
		}
		if len(dbSecrets) != len(services) {
			t.Errorf("%d Deployments have DATABASE_URL, want %d: %v", len(dbSecrets), len(services), dbSecrets)
		}
		deps := ofKind[appsv1.Deployment](objs)
		for _, c := range components {
			ctr := deps[name(c)].Spec.Template.Spec.Containers[0]
			has := envVar(ctr, "JWT_SIGNING_KEY") != nil
			if has != (c == "auth-svc") {
				t.Errorf("%s: JWT_SIGNING_KEY present=%v; only auth-svc signs tokens", c, has)
			}
		}
	})
}

// Service wiring: gRPC addresses follow the call graph; Kafka, OTLP, time zone and CORS are set
// where the programs need them.
func TestEnvWiring(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		deps := ofKind[appsv1.Deployment](objs)
		cms := ofKind[corev1.ConfigMap](objs)
		cm := cms[release+"-config"]
		if cm == nil {
			t.Fatalf("no ConfigMap %s-config", release)
		}
		// resolve returns the value of env var n, following configMapKeyRef.
		resolve := func(c corev1.Container, n string) (string, bool) {
			e := envVar(c, n)
			if e == nil {
				return "", false
			}
			if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil {
				if e.ValueFrom.ConfigMapKeyRef.Name != cm.Name {
					t.Errorf("%s refers to ConfigMap %s", n, e.ValueFrom.ConfigMapKeyRef.Name)
				}
				v, ok := cm.Data[e.ValueFrom.ConfigMapKeyRef.Key]
				return v, ok
			}
			return e.Value, true
		}
		for callee, callerList := range callers {
			for _, caller := range callerList {
				c := deps[name(caller)].Spec.Template.Spec.Containers[0]
				envName := strings.ToUpper(strings.TrimSuffix(callee, "-svc")) + "_GRPC_ADDR"
				// dns:/// so gRPC resolves every pod of the (headless) Service: TestGRPCBackendsBalance.
				want := "dns:///" + name(callee) + ":" + itoa(services[callee])
				if got, _ := resolve(c, envName); got != want {
					t.Errorf("%s: %s=%q, want %q", caller, envName, got, want)
				}
			}
		}
		for _, comp := range components {
			c := deps[name(comp)].Spec.Template.Spec.Containers[0]
			brokers, hasKafka := resolve(c, "KAFKA_BROKERS")
			if want := slices.Contains(kafkaUsers, comp); hasKafka != want || (want && brokers == "") {
				t.Errorf("%s: KAFKA_BROKERS=%q present=%v, want present=%v", comp, brokers, hasKafka, want)
			}
			if comp == "web" {
				continue
			}
			if v, _ := resolve(c, "OTEL_EXPORTER_OTLP_ENDPOINT"); !strings.HasPrefix(v, "http") {
				t.Errorf("%s: OTEL_EXPORTER_OTLP_ENDPOINT=%q", comp, v)
			}
			if v, _ := resolve(c, "OTEL_SERVICE_NAME"); v != comp {
				t.Errorf("%s: OTEL_SERVICE_NAME=%q", comp, v)
			}
			if v, _ := resolve(c, "LOG_LEVEL"); v == "" {
				t.Errorf("%s: no LOG_LEVEL", comp)
			}
		}
		for _, comp := range []string{"booking-svc", "review-svc", "notification-svc"} {
			if v, _ := resolve(deps[name(comp)].Spec.Template.Spec.Containers[0], "APP_TIMEZONE"); v != "Asia/Kolkata" {
				t.Errorf("%s: APP_TIMEZONE=%q", comp, v)
			}
		}
		if v, _ := resolve(deps[name("gateway")].Spec.Template.Spec.Containers[0], "CORS_ORIGINS"); !strings.HasPrefix(v, "https://") {
			t.Errorf("gateway: CORS_ORIGINS=%q", v)
		}
	})
}

// Migrations: one pre-install/pre-upgrade hook Job per service running `migrate` with the
// service's image and database Secret; none for the gateway or web.
// Every gRPC backend can be scaled out: its Service is headless, so the dns:/// targets its
// callers dial (TestEnvWiring) resolve to every ready pod and round-robin over them, and its
// server ages connections out (GRPC_MAX_CONNECTION_AGE) so callers re-resolve and pods added
// later get calls within a minute. Behind a ClusterIP each caller's one HTTP/2 connection would
// stay on one pod.
func TestGRPCBackendsBalance(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		svcs := ofKind[corev1.Service](objs)
		deps := ofKind[appsv1.Deployment](objs)
		// The callers' dns:/// targets are checked with the rest of the wiring (TestEnvWiring).
		for backend, port := range services {
			s := svcs[name(backend)]
			if s == nil {
				t.Errorf("no Service %s", name(backend))
				continue
			}
			if s.Spec.ClusterIP != corev1.ClusterIPNone {
				t.Errorf("Service %s: clusterIP %q, want None (headless) so callers see every pod", s.Name, s.Spec.ClusterIP)
			}
			if !slices.ContainsFunc(s.Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == "grpc" && p.Port == port }) {
				t.Errorf("Service %s: no grpc port %d", s.Name, port)
			}
			c := deps[name(backend)].Spec.Template.Spec.Containers[0]
			age, err := time.ParseDuration(env(c, "GRPC_MAX_CONNECTION_AGE"))
			if err != nil || age <= 0 || age > 45*time.Second {
				t.Errorf("%s: GRPC_MAX_CONNECTION_AGE=%q, want a duration of at most 45s (plus gRPC's 30 s DNS re-resolution: new pods get calls within a minute)",
					backend, env(c, "GRPC_MAX_CONNECTION_AGE"))
			}
		}
		for _, comp := range []string{"gateway", "web"} {
			if s := svcs[name(comp)]; s != nil && s.Spec.ClusterIP == corev1.ClusterIPNone {
				t.Errorf("Service %s is headless: the ingress needs its cluster IP", s.Name)
			}
		}
	})
}

func TestMigrationJobs(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		jobs := ofKind[batchv1.Job](objs)
		deps := ofKind[appsv1.Deployment](objs)
		for svc := range services {
			j := jobs[name(svc)+"-migrate"]
			if j == nil {
				t.Errorf("no migration Job for %s", svc)
				continue
			}
			if hook := j.Annotations["helm.sh/hook"]; hook != "pre-install,pre-upgrade" {
				t.Errorf("%s: helm.sh/hook=%q", j.Name, hook)
			}
			c := j.Spec.Template.Spec.Containers[0]
			if !slices.Equal(c.Args, []string{"migrate"}) {
				t.Errorf("%s: args %v, want [migrate]", j.Name, c.Args)
			}
			dc := deps[name(svc)].Spec.Template.Spec.Containers[0]
			if c.Image != dc.Image {
				t.Errorf("%s: image %s differs from the Deployment's %s", j.Name, c.Image, dc.Image)
			}
			if e := envVar(c, "DATABASE_URL"); e == nil || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil ||
				e.ValueFrom.SecretKeyRef.Name != envVar(dc, "DATABASE_URL").ValueFrom.SecretKeyRef.Name {
				t.Errorf("%s: DATABASE_URL must be the service's own Secret", j.Name)
			}
			// Hooks run before the chart's ConfigMap exists.
			for _, e := range c.Env {
				if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil {
					t.Errorf("%s: env %s reads a ConfigMap that does not exist yet at pre-install", j.Name, e.Name)
				}
			}
			if j.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyNever || j.Spec.BackoffLimit == nil {
				t.Errorf("%s: restartPolicy Never and a backoffLimit are required", j.Name)
			}
			if j.Spec.Template.Labels["app.kubernetes.io/component"] == svc {
				t.Errorf("%s: Job pods must not carry the Service selector labels of %s", j.Name, svc)
			}
		}
	})
}

// booking-svc scales on its own: it has an HPA and its Deployment leaves replicas to it.
func TestAutoscaling(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		hpas := ofKind[autoscalingv2.HorizontalPodAutoscaler](objs)
		deps := ofKind[appsv1.Deployment](objs)
		h := hpas[name("booking-svc")]
		if h == nil {
			t.Fatal("booking-svc has no HorizontalPodAutoscaler")
		}
		for _, hpa := range hpas {
			d := deps[hpa.Spec.ScaleTargetRef.Name]
			if hpa.Spec.ScaleTargetRef.Kind != "Deployment" || d == nil {
				t.Errorf("HPA %s targets %+v, not a rendered Deployment", hpa.Name, hpa.Spec.ScaleTargetRef)
				continue
			}
			if d.Spec.Replicas != nil {
				t.Errorf("Deployment %s sets replicas although HPA %s owns them", d.Name, hpa.Name)
			}
			if hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 || hpa.Spec.MaxReplicas < *hpa.Spec.MinReplicas {
				t.Errorf("HPA %s: min %v max %d", hpa.Name, hpa.Spec.MinReplicas, hpa.Spec.MaxReplicas)
			}
			if len(hpa.Spec.Metrics) == 0 {
				t.Errorf("HPA %s has no metrics", hpa.Name)
			}
		}
	})
}

// Selectors: every Service and PDB selects the pods of exactly one Deployment.
func TestSelectorsMatch(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		deps := ofKind[appsv1.Deployment](objs)
		matching := func(sel map[string]string) []string {
			var out []string
			for _, d := range deps {
				if sel != nil && subset(sel, d.Spec.Template.Labels) {
					out = append(out, d.Name)
				}
			}
			return out
		}
		for _, s := range ofKind[corev1.Service](objs) {
			if m := matching(s.Spec.Selector); len(m) != 1 || m[0] != s.Name {
				t.Errorf("Service %s selects %v", s.Name, m)
			}
			d := deps[s.Name]
			for _, sp := range s.Spec.Ports {
				if d != nil && !hasPort(d.Spec.Template.Spec.Containers[0], sp.TargetPort.String(), sp.Port) {
					t.Errorf("Service %s port %s/%d has no matching container port", s.Name, sp.Name, sp.Port)
				}
			}
		}
		for _, p := range ofKind[policyv1.PodDisruptionBudget](objs) {
			if m := matching(p.Spec.Selector.MatchLabels); len(m) != 1 {
				t.Errorf("PDB %s selects %v", p.Name, m)
			}
		}
		for _, d := range deps {
			if !subset(d.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
				t.Errorf("Deployment %s selector does not match its pods", d.Name)
			}
		}
	})
}

// Ingress: one host, the web app at / and the API at /api of the same origin (the app calls
// /api/… on whatever address it is served from; the gateway serves every route under /api).
func TestIngress(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		var backends []string
		hosts := map[string]bool{}
		for _, ing := range ofKind[networkingv1.Ingress](objs) {
			for _, r := range ing.Spec.Rules {
				if r.Host == "" || r.HTTP == nil {
					t.Errorf("Ingress %s: rule without host", ing.Name)
					continue
				}
				hosts[r.Host] = true
				for _, p := range r.HTTP.Paths {
					if p.PathType == nil || *p.PathType != networkingv1.PathTypePrefix {
						t.Errorf("Ingress %s: path %s is not a Prefix", ing.Name, p.Path)
					}
					backends = append(backends, p.Path+" "+p.Backend.Service.Name)
				}
			}
		}
		sort.Strings(backends)
		if want := []string{"/ " + name("web"), "/api " + name("gateway")}; !slices.Equal(backends, want) {
			t.Errorf("Ingress paths %v, want %v", backends, want)
		}
		if len(hosts) != 1 {
			t.Errorf("Ingress hosts %v, want the web app's one: the app calls the API on its own origin", hosts)
		}
		// Mails link to the web app where the ingress serves it.
		for _, d := range ofKind[appsv1.Deployment](objs) {
			if d.Name != name("notification-svc") {
				continue
			}
			got := env(d.Spec.Template.Spec.Containers[0], "WEB_URL")
			if u, err := url.Parse(got); err != nil || u.Scheme != "https" || !hosts[u.Host] {
				t.Errorf("notification-svc WEB_URL=%q, want https://<the web host %v>", got, hosts)
			}
		}
	})
}

// Production: both hosts over TLS only, so the ingress controller sends HSTS for each
// (ingress-nginx adds Strict-Transport-Security to TLS hosts) and redirects http to https.
func TestIngressProductionIsHTTPSOnly(t *testing.T) {
	objs := render(t, "production")
	ings := ofKind[networkingv1.Ingress](objs)
	if len(ings) != 1 {
		t.Fatalf("%d Ingresses, want 1", len(ings))
	}
	for _, ing := range ings {
		tlsHosts := map[string]bool{}
		for _, tls := range ing.Spec.TLS {
			if tls.SecretName == "" {
				t.Errorf("Ingress %s: TLS without a secret", ing.Name)
			}
			for _, h := range tls.Hosts {
				tlsHosts[h] = true
			}
		}
		for _, r := range ing.Spec.Rules {
			if !tlsHosts[r.Host] {
				t.Errorf("Ingress %s: host %s is not served over TLS (no HSTS for it)", ing.Name, r.Host)
			}
		}
		if ing.Annotations["nginx.ingress.kubernetes.io/force-ssl-redirect"] != "true" {
			t.Errorf("Ingress %s: http is not redirected to https: %v", ing.Name, ing.Annotations)
		}
	}
}

// NetworkPolicies: only gateway and web reachable from the ingress controller; each service only
// from the components that call it; egress only to DNS, callees, Postgres, Kafka and OTLP.
func TestNetworkPolicies(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []Object) {
		nps := ofKind[networkingv1.NetworkPolicy](objs)
		deps := ofKind[appsv1.Deployment](objs)
		componentOf := func(sel map[string]string) string {
			for _, d := range deps {
				if subset(sel, d.Spec.Template.Labels) {
					return d.Spec.Template.Labels["app.kubernetes.io/component"]
				}
			}
			return ""
		}
		for comp, wantCallers := range callers {
			np := nps[name(comp)]
			if np == nil {
				t.Errorf("no NetworkPolicy for %s", comp)
				continue
			}
			if !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) || !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeEgress) {
				t.Errorf("%s: policyTypes %v, want Ingress and Egress", np.Name, np.Spec.PolicyTypes)
			}
			if componentOf(np.Spec.PodSelector.MatchLabels) != comp {
				t.Errorf("%s: podSelector does not select %s", np.Name, comp)
			}
			var gotCallers []string
			fromIngressController := false
			for _, rule := range np.Spec.Ingress {
				if len(rule.From) == 0 {
					t.Errorf("%s: an ingress rule without `from` admits everyone", np.Name)
				}
				for _, peer := range rule.From {
					switch {
					case peer.PodSelector != nil && peer.NamespaceSelector == nil:
						gotCallers = append(gotCallers, componentOf(peer.PodSelector.MatchLabels))
					case peer.NamespaceSelector != nil && peer.NamespaceSelector.MatchLabels["kubernetes.io/metadata.name"] == "ingress-nginx":
						fromIngressController = true
					case peer.NamespaceSelector != nil && peer.NamespaceSelector.MatchLabels["kubernetes.io/metadata.name"] == "monitoring":
						if len(rule.Ports) != 1 || rule.Ports[0].Port.String() != "admin" {
							t.Errorf("%s: monitoring may reach only the admin port", np.Name)
						}
					default:
						t.Errorf("%s: unexpected ingress peer %+v", np.Name, peer)
					}
				}
			}
			sort.Strings(gotCallers)
			if !slices.Equal(gotCallers, wantCallers) {
				t.Errorf("%s: admitted callers %v, want %v", np.Name, gotCallers, wantCallers)
			}
			if exposed := comp == "gateway" || comp == "web"; fromIngressController != exposed {
				t.Errorf("%s: reachable from the ingress controller = %v, want %v", np.Name, fromIngressController, exposed)
			}
			// Egress ports allowed, whatever the peer.
			var ports []string
			for _, rule := range np.Spec.Egress {
				if len(rule.Ports) == 0 {
					t.Errorf("%s: an egress rule without ports allows everything", np.Name)
				}
				for _, p := range rule.Ports {
					ports = append(ports, p.Port.String())
				}
			}
			for _, p := range ports {
				if !slices.Contains([]string{"53", "5432", "9092", "4317", "4318", "7001", "7002", "7003", "7004", "7005", "587"}, p) {
					t.Errorf("%s: egress to unexpected port %s", np.Name, p)
				}
			}
			if svc, isSvc := services[comp]; isSvc {
				_ = svc
				if !slices.Contains(ports, "5432") {
					t.Errorf("%s: no egress to Postgres", np.Name)
				}
				if slices.Contains(kafkaUsers, comp) != slices.Contains(ports, "9092") {
					t.Errorf("%s: Kafka egress %v, want %v", np.Name, slices.Contains(ports, "9092"), slices.Contains(kafkaUsers, comp))
				}
			}
			if comp == "web" && len(ports) != 2 { // DNS only (UDP + TCP)
				t.Errorf("%s: the static web server needs no egress but DNS, got %v", np.Name, ports)
			}
		}
	})
}

// Guard rails: values that would leak a secret or break the call graph fail the render.
func TestValuesGuards(t *testing.T) {
	cases := map[string]struct {
		args []string
		want string // in helm's error output
	}{
		"literal secret env":       {[]string{"--set", "components.gateway.env.DB_PASSWORD=hunter2"}, "DB_PASSWORD"},
		"literal DATABASE_URL":     {[]string{"--set", "components.booking-svc.env.DATABASE_URL=postgres://u:p@h/db"}, "DATABASE_URL"},
		"call to unknown service":  {[]string{"--set", "components.gateway.calls={nope-svc}"}, `calls "nope-svc", which is not an enabled component`},
		"probe on unknown port":    {[]string{"--set", "components.auth-svc.probes.port=nope"}, `probes.port "nope" is not one of its ports`},
		"unknown component field":  {[]string{"--set", "components.web.replicaz=3"}, "replicaz"},
		"postgres without secret":  {[]string{"--set", "components.gateway.uses.postgres=true"}, "has no secretEnv.DATABASE_URL"},
		"call to disabled service": {[]string{"--set", "components.review-svc.enabled=false"}, `calls "review-svc", which is not an enabled component`},
		"unknown config key":       {[]string{"--set", "components.web.config={NOPE}"}, `"NOPE" is not a ConfigMap key`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := RunHelm(append([]string{"template", release, chartDir, "--kube-version", kubeVersion}, tc.args...)...)
			if err == nil {
				t.Fatalf("helm template %v succeeded, want a failure", tc.args)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("helm template %v failed for another reason (want %q):\n%v", tc.args, tc.want, err)
			}
		})
	}
	// Disabling a component nobody calls still renders cleanly.
	out, err := RunHelm("template", release, chartDir, "--kube-version", kubeVersion, "--set", "components.web.enabled=false")
	if err != nil {
		t.Fatal(err)
	}
	objs, err := Decode(out, "helm template", nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := ofKind[appsv1.Deployment](objs); d[name("web")] != nil || len(d) != len(components)-1 {
		t.Errorf("web disabled: Deployments %v", keys(d))
	}
}

func hasPort(c corev1.Container, portName string, port int32) bool {
	for _, p := range c.Ports {
		if p.Name == portName && p.ContainerPort == port {
			return true
		}
	}
	return false
}

func envVar(c corev1.Container, n string) *corev1.EnvVar {
	for i := range c.Env {
		if c.Env[i].Name == n {
			return &c.Env[i]
		}
	}
	return nil
}

func env(c corev1.Container, n string) string {
	if e := envVar(c, n); e != nil {
		return e.Value
	}
	return ""
}

func subset(sub, super map[string]string) bool {
	if len(sub) == 0 {
		return false
	}
	for k, v := range sub {
		if super[k] != v {
			return false
		}
	}
	return true
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func itoa(i int32) string { return strconv.Itoa(int(i)) }
