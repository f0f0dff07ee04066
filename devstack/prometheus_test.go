package devstack

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The scrape configuration meets the rules' label contract: one job per
// program (replicas are targets of it, told apart by pod), and a scrape
// never outlasts its interval, so a hung process reads as down.
func TestWritePrometheusConfig(t *testing.T) {
	metrics := map[string]string{
		"booking-svc-1": "http://127.1.2.3:4001/metrics",
		"booking-svc-2": "http://127.1.2.4:4001/metrics",
		"gateway-1":     "http://127.1.2.5:4002/metrics",
		"devstack":      "http://127.0.0.1:4003/metrics",
	}
	programs := map[string]string{"booking-svc-1": "booking-svc", "booking-svc-2": "booking-svc", "gateway-1": "gateway", "devstack": "devstack"}
	path := filepath.Join(t.TempDir(), "prometheus.yml")
	err := WritePrometheusConfig(path, PrometheusConfig{Targets: TargetsOf(metrics, func(n string) string { return programs[n] }),
		Rules: []string{"/rules.yml"}, Interval: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Global        map[string]string `json:"global"`
		RuleFiles     []string          `json:"rule_files"`
		ScrapeConfigs []struct {
			JobName       string `json:"job_name"`
			MetricsPath   string `json:"metrics_path"`
			StaticConfigs []struct {
				Targets []string          `json:"targets"`
				Labels  map[string]string `json:"labels"`
			} `json:"static_configs"`
		} `json:"scrape_configs"`
	}
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.Global["scrape_interval"] != "1s" || cfg.Global["scrape_timeout"] != "1s" || cfg.Global["evaluation_interval"] != "1s" {
		t.Errorf("global: %v", cfg.Global)
	}
	if len(cfg.RuleFiles) != 1 || cfg.RuleFiles[0] != "/rules.yml" {
		t.Errorf("rule files: %v", cfg.RuleFiles)
	}
	got := map[string]map[string]string{} // job → pod → target
	for _, sc := range cfg.ScrapeConfigs {
		if sc.MetricsPath != "/metrics" {
			t.Errorf("%s: metrics path %q", sc.JobName, sc.MetricsPath)
		}
		if got[sc.JobName] != nil {
			t.Errorf("job %s appears twice", sc.JobName)
		}
		got[sc.JobName] = map[string]string{}
		for _, st := range sc.StaticConfigs {
			got[sc.JobName][st.Labels["pod"]] = st.Targets[0]
		}
	}
	want := map[string]map[string]string{
		"booking-svc": {"booking-svc-1": "127.1.2.3:4001", "booking-svc-2": "127.1.2.4:4001"},
		"gateway":     {"gateway-1": "127.1.2.5:4002"},
		"devstack":    {"devstack": "127.0.0.1:4003"},
	}
	if len(got) != len(want) {
		t.Errorf("jobs %v, want %v", got, want)
	}
	for job, pods := range want {
		for pod, target := range pods {
			if got[job][pod] != target {
				t.Errorf("job %s pod %s: target %q, want %q (all: %v)", job, pod, got[job][pod], target, got)
			}
		}
	}
	// A slow interval keeps Prometheus's 10 s timeout.
	if err := WritePrometheusConfig(path, PrometheusConfig{Interval: 30 * time.Second}); err != nil {
		t.Fatal(err)
	}
	raw, _ = os.ReadFile(path)
	json.Unmarshal(raw, &cfg)
	if cfg.Global["scrape_timeout"] != "10s" {
		t.Errorf("scrape_timeout at a 30s interval: %q", cfg.Global["scrape_timeout"])
	}
}
