package chartcheck

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/promql/parser"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

const (
	repoDir       = "../.."
	rulesFile     = "../slotwise/files/prometheus/rules.yml"
	dashboardsDir = "../slotwise/files/dashboards"
	runbooksDir   = "../../docs/runbooks"
	// CloudNativePG's extra queries (mail metrics), k8s/21-postgres-monitoring.yaml.
	cnpgQueriesFile = "../../k8s/21-postgres-monitoring.yaml"
)

// monitoringCRDs are the Prometheus Operator kinds the chart renders (no schema offline:
// checked below for what Slotwise relies on).
var monitoringCRDs = map[string]bool{
	"monitoring.coreos.com/v1/PodMonitor":     true,
	"monitoring.coreos.com/v1/PrometheusRule": true,
}

// external are the metrics the rules may name that no Slotwise program exports: Prometheus's
// own scrape health, and the backends by state and application_name of CloudNativePG's
// default monitoring queries (cnpg-default-monitoring, the "backends" query).
var external = []string{"up", "cnpg_backends_total"}

type ruleFile struct {
	Groups []struct {
		Name     string `json:"name"`
		Interval string `json:"interval"`
		Rules    []struct {
			Record      string            `json:"record"`
			Alert       string            `json:"alert"`
			Expr        string            `json:"expr"`
			For         string            `json:"for"`
			Labels      map[string]string `json:"labels"`
			Annotations map[string]string `json:"annotations"`
		} `json:"rules"`
	} `json:"groups"`
}

func loadRules(t *testing.T) ruleFile {
	t.Helper()
	b, err := os.ReadFile(rulesFile)
	if err != nil {
		t.Fatal(err)
	}
	var rf ruleFile
	if err := yaml.UnmarshalStrict(b, &rf); err != nil {
		t.Fatalf("%s: %v", rulesFile, err)
	}
	if len(rf.Groups) == 0 {
		t.Fatalf("%s: no groups", rulesFile)
	}
	return rf
}

type dashboard struct {
	file  string
	Title string `json:"title"`
	UID   string `json:"uid"`
	exprs []string
}

func loadDashboards(t *testing.T) []dashboard {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dashboardsDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no dashboards in %s: %v", dashboardsDir, err)
	}
	var out []dashboard
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d := dashboard{file: filepath.Base(f)}
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var raw any
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				if e, ok := v["expr"].(string); ok {
					d.exprs = append(d.exprs, e)
				}
				for _, c := range v {
					walk(c)
				}
			case []any:
				for _, c := range v {
					walk(c)
				}
			}
		}
		walk(raw)
		if d.UID == "" || d.Title == "" || len(d.exprs) == 0 {
			t.Errorf("%s: needs a uid, a title and queries", d.file)
		}
		out = append(out, d)
	}
	return out
}

// One overview and one dashboard per program, each a ConfigMap for Grafana's sidecar; the
// PrometheusRule carries rules.yml as it is; the PodMonitor names the job after the program.
func TestMonitoringRendered(t *testing.T) {
	dashboards := loadDashboards(t)
	want := map[string]bool{"overview.json": true}
	for _, c := range components {
		if c != "web" {
			want[c+".json"] = true
		}
	}
	have := map[string]bool{}
	for _, d := range dashboards {
		have[d.file] = true
		if !want[d.file] {
			t.Errorf("dashboard %s: not the overview nor a program's", d.file)
		}
	}
	for f := range want {
		if !have[f] {
			t.Errorf("no dashboard %s in %s", f, dashboardsDir)
		}
	}

	for _, o := range render(t, "default") {
		if monitoringCRDs[o.APIVersion+"/"+o.Kind] || isDashboard(o) {
			t.Errorf("%s rendered with default values: monitoring is off by default", o)
		}
	}
	objs := render(t, "production")
	var rules, podMonitors int
	dashCMs := map[string]bool{}
	for _, o := range objs {
		switch {
		case o.Kind == "PrometheusRule":
			rules++
			var pr struct {
				Spec json.RawMessage `json:"spec"`
			}
			if err := yaml.Unmarshal(o.Raw, &pr); err != nil {
				t.Fatal(err)
			}
			file, err := os.ReadFile(rulesFile)
			if err != nil {
				t.Fatal(err)
			}
			fileJSON, err := yaml.YAMLToJSON(file)
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, pr.Spec, fileJSON) {
				t.Errorf("%s: spec is not %s", o, rulesFile)
			}
		case o.Kind == "PodMonitor":
			podMonitors++
			var pm struct {
				Spec struct {
					JobLabel  string `json:"jobLabel"`
					Endpoints []struct {
						Port string `json:"port"`
						Path string `json:"path"`
					} `json:"podMetricsEndpoints"`
				} `json:"spec"`
			}
			if err := yaml.Unmarshal(o.Raw, &pm); err != nil {
				t.Fatal(err)
			}
			if pm.Spec.JobLabel != "app.kubernetes.io/component" || len(pm.Spec.Endpoints) != 1 ||
				pm.Spec.Endpoints[0].Port != "admin" || pm.Spec.Endpoints[0].Path != "/metrics" {
				t.Errorf("%s: want job from app.kubernetes.io/component and /metrics on port admin, got %+v", o, pm.Spec)
			}
		case isDashboard(o):
			cm := o.Typed.(*corev1.ConfigMap)
			for k, v := range cm.Data {
				dashCMs[k] = true
				if !json.Valid([]byte(v)) {
					t.Errorf("%s: %s is not JSON", o, k)
				}
			}
		}
	}
	if rules != 1 || podMonitors != 1 {
		t.Errorf("production: %d PrometheusRule and %d PodMonitor objects, want 1 each", rules, podMonitors)
	}
	for f := range want {
		if !dashCMs[f] {
			t.Errorf("production: no dashboard ConfigMap carries %s", f)
		}
	}
}

func isDashboard(o Object) bool {
	cm, ok := o.Typed.(*corev1.ConfigMap)
	return ok && cm.Labels["grafana_dashboard"] == "1"
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return string(xs) == string(ys)
}

// Every alert has a severity, a summary, a description and a runbook_url naming
// docs/runbooks/<alert>.md, which exists; every runbook belongs to an alert.
func TestAlertsHaveRunbooks(t *testing.T) {
	rf := loadRules(t)
	alerts := map[string]bool{}
	for _, g := range rf.Groups {
		for _, r := range g.Rules {
			if r.Alert == "" {
				continue
			}
			alerts[r.Alert] = true
			where := "alert " + r.Alert
			if s := r.Labels["severity"]; s != "critical" && s != "warning" {
				t.Errorf("%s: severity %q, want critical or warning", where, s)
			}
			for _, a := range []string{"summary", "description", "runbook_url"} {
				if strings.TrimSpace(r.Annotations[a]) == "" {
					t.Errorf("%s: no %s annotation", where, a)
				}
			}
			url := r.Annotations["runbook_url"]
			const prefix = "https://github.com/slotwise/slotwise/blob/main/docs/runbooks/"
			if url != prefix+r.Alert+".md" {
				t.Errorf("%s: runbook_url %q, want %s%s.md", where, url, prefix, r.Alert)
				continue
			}
			b, err := os.ReadFile(filepath.Join(runbooksDir, r.Alert+".md"))
			if err != nil {
				t.Errorf("%s: %v", where, err)
				continue
			}
			for _, section := range []string{"## What it means", "## Confirm", "## Mitigate"} {
				if !strings.Contains(string(b), section) {
					t.Errorf("docs/runbooks/%s.md: no %q section", r.Alert, section)
				}
			}
		}
	}
	if len(alerts) == 0 {
		t.Fatal("no alerts")
	}
	files, _ := filepath.Glob(filepath.Join(runbooksDir, "*.md"))
	for _, f := range files {
		n := strings.TrimSuffix(filepath.Base(f), ".md")
		if n != "README" && !alerts[n] {
			t.Errorf("docs/runbooks/%s.md: no alert of that name", n)
		}
	}
}

// Every query of the rules and dashboards names metrics that exist: the ones the programs
// export (read from their Go sources, so the list cannot drift), the Go runtime's, the ones
// the rules record, and the few external ones (Prometheus's up, CloudNativePG's).
func TestQueriesNameExportedMetrics(t *testing.T) {
	known, patterns := exportedMetrics(t)
	for _, n := range external {
		known[n] = "external"
	}
	for n := range cnpgQueryMetrics(t) {
		known[n] = cnpgQueriesFile
	}
	rf := loadRules(t)
	for _, g := range rf.Groups {
		for _, r := range g.Rules {
			if r.Record != "" {
				known[r.Record] = "recorded by " + rulesFile
			}
		}
	}
	isKnown := func(n string) bool {
		if _, ok := known[n]; ok {
			return true
		}
		for _, p := range patterns {
			if p.MatchString(n) {
				return true
			}
		}
		return false
	}

	type query struct{ where, expr string }
	var queries []query
	for _, g := range rf.Groups {
		for _, r := range g.Rules {
			queries = append(queries, query{rulesFile + " " + r.Record + r.Alert, r.Expr})
		}
	}
	for _, d := range loadDashboards(t) {
		for _, e := range d.exprs {
			queries = append(queries, query{"dashboard " + d.file, e})
		}
	}
	used := map[string]bool{}
	for _, q := range queries {
		expr, err := parser.NewParser(parser.Options{}).ParseExpr(q.expr)
		if err != nil {
			t.Errorf("%s: %v\n%s", q.where, err, q.expr)
			continue
		}
		parser.Inspect(expr, func(n parser.Node, _ []parser.Node) error {
			vs, ok := n.(*parser.VectorSelector)
			if !ok {
				return nil
			}
			if vs.Name != "" {
				used[vs.Name] = true
				if !isKnown(vs.Name) {
					t.Errorf("%s: metric %s is exported by no program", q.where, vs.Name)
				}
				return nil
			}
			for _, m := range vs.LabelMatchers {
				if m.Name != labels.MetricName {
					continue
				}
				var any bool
				for n := range known {
					any = any || m.Matches(n)
				}
				for _, s := range dynamicExamples(patterns) {
					any = any || m.Matches(s)
				}
				if !any {
					t.Errorf("%s: %s matches no exported metric", q.where, m)
				}
			}
			return nil
		})
	}
	// The RED metrics must be in use, so a renamed metric fails here rather than silently.
	for _, n := range []string{"http_requests_total", "http_request_duration_seconds_bucket", "rpc_server_requests_total",
		"rpc_server_duration_seconds_bucket", "kafka_consumer_handled_total", "outbox_backlog", "up"} {
		if !used[n] {
			t.Errorf("no query uses %s", n)
		}
		if !isKnown(n) {
			t.Errorf("%s is not exported any more: rules and dashboards need a new measurement", n)
		}
	}
}

var (
	// prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rpc_server_requests_total", …
	optsName = regexp.MustCompile(`prometheus\.New(Counter|Gauge|Histogram|Summary)(?:Vec|Func)?\(\s*prometheus\.\w+Opts\{\s*Name:\s*"([a-zA-Z_:][a-zA-Z0-9_:]*)"`)
	// m.Gauge("outbox_backlog", … or .Counter("retention_deleted_rows_"+metrics.NamePart(r.Table)+"_total", …
	funcName = regexp.MustCompile(`\.(Gauge|Counter)\(\s*"([a-zA-Z0-9_:]*)"(?:\s*\+\s*metrics\.NamePart\([^)]*\)(?:\s*\+\s*"([a-zA-Z0-9_:]*)")?)?\s*,`)
	// Names made of a topic or a table: the parts NamePart may produce.
	topicConst = regexp.MustCompile(`(?m)^\s*\w+\s*=\s*"([a-z0-9_.-]+)"`)
	tableLit   = regexp.MustCompile(`Table:\s*"([a-z0-9_.-]+)"`)
)

// exportedMetrics reads the metric names the Go programs register: constant names (exact) and
// names built with metrics.NamePart (a topic of api/topics or a retention table).
func exportedMetrics(t *testing.T) (map[string]string, []*regexp.Regexp) {
	t.Helper()
	known := map[string]string{}
	var parts []string
	var dynamic [][2]string
	goCollector := false
	for _, dir := range []string{"platform", "gateway", "auth-svc", "catalog-svc", "booking-svc", "review-svc", "notification-svc", "api/topics"} {
		err := filepath.WalkDir(filepath.Join(repoDir, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "gen" || d.Name() == "testkit") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			src := string(b)
			rel, _ := filepath.Rel(repoDir, p)
			for _, m := range optsName.FindAllStringSubmatch(src, -1) {
				switch m[1] {
				case "Histogram":
					for _, s := range []string{"_bucket", "_sum", "_count"} {
						known[m[2]+s] = rel
					}
				case "Summary":
					for _, s := range []string{"", "_sum", "_count"} {
						known[m[2]+s] = rel
					}
				default:
					known[m[2]] = rel
				}
			}
			for _, m := range funcName.FindAllStringSubmatch(src, -1) {
				if strings.Contains(m[0], "NamePart") {
					dynamic = append(dynamic, [2]string{m[2], m[3]})
				} else {
					known[m[2]] = rel
				}
			}
			if strings.HasPrefix(rel, "api/topics") {
				for _, m := range topicConst.FindAllStringSubmatch(src, -1) {
					parts = append(parts, m[1])
				}
			}
			for _, m := range tableLit.FindAllStringSubmatch(src, -1) {
				parts = append(parts, m[1])
			}
			if strings.Contains(src, "collectors.NewGoCollector()") {
				goCollector = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(known) < 5 || len(dynamic) < 2 || len(parts) < 3 {
		t.Fatalf("read too few metrics from the sources (%d names, %d built names, %d parts): has platform/metrics changed shape?", len(known), len(dynamic), len(parts))
	}
	var patterns []*regexp.Regexp
	for _, d := range dynamic {
		var alts []string
		for _, p := range parts {
			alts = append(alts, regexp.QuoteMeta(strings.NewReplacer(".", "_", "-", "_").Replace(p)))
		}
		sort.Strings(alts)
		patterns = append(patterns, regexp.MustCompile("^"+regexp.QuoteMeta(d[0])+"("+strings.Join(alts, "|")+")"+regexp.QuoteMeta(d[1])+"$"))
	}
	if goCollector {
		// The Go runtime's metrics, as collectors.NewGoCollector() exports them.
		reg := prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector())
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, mf := range mfs {
			n := mf.GetName()
			known[n] = "collectors.NewGoCollector"
			if mf.GetType().String() == "SUMMARY" || mf.GetType().String() == "HISTOGRAM" {
				known[n+"_sum"], known[n+"_count"], known[n+"_bucket"] = "go", "go", "go"
			}
		}
	}
	return known, patterns
}

// dynamicExamples are concrete names for each built-name pattern (for __name__ regexes).
func dynamicExamples(patterns []*regexp.Regexp) []string {
	var out []string
	for _, p := range patterns {
		s := strings.TrimSuffix(strings.TrimPrefix(p.String(), "^"), "$")
		open, close := strings.Index(s, "("), strings.LastIndex(s, ")")
		for _, alt := range strings.Split(s[open+1:close], "|") {
			out = append(out, unquote(s[:open])+unquote(alt)+unquote(s[close+1:]))
		}
	}
	return out
}

func unquote(s string) string { return strings.ReplaceAll(s, `\`, "") }

// cnpgQueryMetrics reads the metric names CloudNativePG makes of the custom queries:
// cnpg_<query>_<column> for every GAUGE or COUNTER column.
func cnpgQueryMetrics(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(cnpgQueriesFile)
	if err != nil {
		t.Fatal(err)
	}
	var cm corev1.ConfigMap
	if err := yaml.UnmarshalStrict(b, &cm); err != nil {
		t.Fatal(err)
	}
	var queries map[string]struct {
		TargetDatabases []string                       `json:"target_databases"`
		Query           string                         `json:"query"`
		Metrics         []map[string]map[string]string `json:"metrics"`
	}
	if err := yaml.UnmarshalStrict([]byte(cm.Data["queries"]), &queries); err != nil {
		t.Fatalf("%s: %v", cnpgQueriesFile, err)
	}
	out := map[string]bool{}
	for q, spec := range queries {
		for _, m := range spec.Metrics {
			for col, opts := range m {
				switch opts["usage"] {
				case "GAUGE", "COUNTER":
					out["cnpg_"+q+"_"+col] = true
				case "LABEL":
				default:
					t.Errorf("%s: %s.%s: usage %q", cnpgQueriesFile, q, col, opts["usage"])
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no metrics", cnpgQueriesFile)
	}
	return out
}

// Sanity of the multi-window alerts: each SLO alert pairs a long and a short window.
func TestSLOAlertWindows(t *testing.T) {
	window := regexp.MustCompile(`:ratio_(?:rate|avg)(\d+[mhd])\b`)
	for _, g := range loadRules(t).Groups {
		for _, r := range g.Rules {
			if r.Alert == "" || r.Labels["slo"] == "" {
				continue
			}
			ws := window.FindAllStringSubmatch(r.Expr, -1)
			if len(ws) != 2 || ws[0][1] != r.Labels["window"] {
				t.Errorf("alert %s (%s): want the long window %s and a short one, got %v", r.Alert, r.Labels["window"], r.Labels["window"], ws)
			}
		}
	}
}
