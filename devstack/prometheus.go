package devstack

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// PrometheusAddr is where the devstack's Prometheus listens unless
// PROMETHEUS_ADDR says otherwise (Prometheus's own default port).
const PrometheusAddr = "127.0.0.1:9090"

// RulesFile is the alert and SLO rules, relative to the repository's root:
// the file the chart ships as a PrometheusRule, so the devstack evaluates
// exactly what production does.
const RulesFile = "helm/slotwise/files/prometheus/rules.yml"

// ScrapeTarget is one process's /metrics. Job is its program: the rules
// tell programs apart by job (RulesFile's label contract, which the chart's
// PodMonitor meets); Pod names the process, as the pod label does there.
type ScrapeTarget struct {
	Job, Pod string
	// MetricsURL is the process's Prometheus endpoint (http://host:port/metrics).
	MetricsURL string
}

// TargetsOf turns metrics URLs by process name into scrape targets; job is
// the program a process name belongs to ("booking-svc-2" → "booking-svc").
func TargetsOf(metrics map[string]string, job func(name string) string) []ScrapeTarget {
	var out []ScrapeTarget
	for name, u := range metrics {
		out = append(out, ScrapeTarget{Job: job(name), Pod: name, MetricsURL: u})
	}
	slices.SortFunc(out, func(a, b ScrapeTarget) int { return strings.Compare(a.Pod, b.Pod) })
	return out
}

// PrometheusConfig is what the devstack's Prometheus scrapes and evaluates.
type PrometheusConfig struct {
	Targets []ScrapeTarget
	// Rules are rule files (absolute paths).
	Rules []string
	// Interval is both the scrape and the global evaluation interval (a rule
	// group's own interval, as RulesFile's 30 s, wins over it).
	Interval time.Duration
}

// WritePrometheusConfig writes c as a Prometheus configuration file (JSON,
// which is YAML): one scrape job per program, each process a target
// labelled with its pod name.
func WritePrometheusConfig(path string, c PrometheusConfig) error {
	type staticConfig struct {
		Targets []string          `json:"targets"`
		Labels  map[string]string `json:"labels"`
	}
	type scrapeConfig struct {
		JobName       string         `json:"job_name"`
		MetricsPath   string         `json:"metrics_path"`
		StaticConfigs []staticConfig `json:"static_configs"`
	}
	interval := c.Interval.String()
	cfg := struct {
		Global        map[string]string `json:"global"`
		RuleFiles     []string          `json:"rule_files"`
		ScrapeConfigs []scrapeConfig    `json:"scrape_configs"`
	}{
		// A scrape times out within its interval, so a hung process (one
		// stopped with SIGSTOP, say) reads as down at the next scrape.
		Global:    map[string]string{"scrape_interval": interval, "scrape_timeout": min(c.Interval, 10*time.Second).String(), "evaluation_interval": interval},
		RuleFiles: c.Rules,
	}
	jobs := map[string]int{}
	for _, t := range c.Targets {
		u, err := url.Parse(t.MetricsURL)
		if err != nil || u.Host == "" {
			return fmt.Errorf("scrape target %s: bad metrics URL %q", t.Pod, t.MetricsURL)
		}
		i, ok := jobs[t.Job]
		if !ok {
			i = len(cfg.ScrapeConfigs)
			jobs[t.Job] = i
			cfg.ScrapeConfigs = append(cfg.ScrapeConfigs, scrapeConfig{JobName: t.Job, MetricsPath: u.Path})
		}
		sc := &cfg.ScrapeConfigs[i]
		sc.StaticConfigs = append(sc.StaticConfigs, staticConfig{Targets: []string{u.Host}, Labels: map[string]string{"pod": t.Pod}})
	}
	raw, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, raw, 0o644)
}

// StartPrometheus runs a Prometheus binary with the configuration in
// configFile, its storage in dataDir (emptied first: the targets' addresses
// are new with every stack), listening on addr, until ctx ends; it returns
// its URL once Prometheus is ready.
func StartPrometheus(ctx context.Context, bin, configFile, dataDir, addr, logFile string) (string, error) {
	if err := os.RemoveAll(dataDir); err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, bin, "--config.file="+configFile, "--storage.tsdb.path="+dataDir,
		"--web.listen-address="+addr, "--storage.tsdb.retention.time=1d")
	// SIGTERM lets it close its storage; the devstack's death takes it along.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	f, err := os.Create(logFile)
	if err != nil {
		return "", err
	}
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return "", fmt.Errorf("start prometheus (%s): %w", bin, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); f.Close(); close(exited) }()
	base := "http://" + reachable(addr)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + "/-/ready"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base, nil
			}
		}
		select {
		case <-exited:
			return "", fmt.Errorf("prometheus exited before it was ready (log: %s)", logFile)
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return "", fmt.Errorf("prometheus was not ready at %s within 30s (log: %s)", base, logFile)
}

// PrometheusFiles are where a devstack with state directory dir keeps its
// Prometheus's configuration, storage and log.
func PrometheusFiles(dir string) (config, data, log string) {
	d := filepath.Join(dir, "prometheus")
	return filepath.Join(d, "prometheus.yml"), filepath.Join(d, "data"), filepath.Join(dir, "prometheus.log")
}
