package main

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/slotwise/slotwise/devstack"
)

// prometheusOptions are the devstack's Prometheus settings (PROMETHEUS_*).
type prometheusOptions struct {
	Bin, Addr string
	// Rules is the rules file it evaluates (the chart's, unless
	// PROMETHEUS_RULES names another: the alert drill's shortened copy).
	Rules    string
	Interval time.Duration
	StateDir string
}

// startPrometheus runs Prometheus over targets, with the alert and SLO
// rules, unless NO_PROMETHEUS=1, the way startJaeger runs Jaeger: when its
// binary is missing and PROMETHEUS_BUILD says how to build it (`make up`
// does), it is built in the background and joined receives its URL once it
// runs. It returns the URL when Prometheus is running already, else "".
func startPrometheus(ctx context.Context, o prometheusOptions, targets []devstack.ScrapeTarget, say func(string, ...any), joined func(url string)) string {
	if os.Getenv("NO_PROMETHEUS") == "1" {
		return ""
	}
	rules, err := filepath.Abs(o.Rules)
	if err == nil {
		_, err = os.Stat(rules)
	}
	if err != nil {
		say("Prometheus is off: its rules file: %v", err)
		return ""
	}
	config, data, logFile := devstack.PrometheusFiles(o.StateDir)
	if err := os.MkdirAll(filepath.Dir(config), 0o755); err != nil {
		say("Prometheus is off: %v", err)
		return ""
	}
	if err := devstack.WritePrometheusConfig(config, devstack.PrometheusConfig{Targets: targets, Rules: []string{rules}, Interval: o.Interval}); err != nil {
		say("Prometheus is off: %v", err)
		return ""
	}
	tool := devstack.DevTool{Name: "Prometheus", Bin: o.Bin, Build: os.Getenv("PROMETHEUS_BUILD"), LogDir: o.StateDir,
		Start: func(ctx context.Context, bin string) (string, error) {
			return devstack.StartPrometheus(ctx, bin, config, data, o.Addr, logFile)
		}}
	status, url, buildLog, err := tool.Run(ctx, func(url string, err error) {
		if err != nil {
			say("Prometheus did not join: %v", err)
			return
		}
		say("Prometheus joined: %s", prometheusLine(url, config, rules))
		joined(url)
	})
	switch {
	case err != nil:
		say("Prometheus is off: %v", err)
	case status == devstack.Off:
		say("no Prometheus binary at %s (`make up` builds it): no alert rules are evaluated", o.Bin)
	case status == devstack.Building:
		say("Prometheus is building in the background (the first time takes several minutes; log: %s)", buildLog)
	case status == devstack.Running:
		say("  Prometheus %s", prometheusLine(url, config, rules))
	}
	return url
}

func prometheusLine(url, config, rules string) string {
	return url + "  (every process's /metrics; rules " + rules + "; alerts: " + url + "/api/v1/alerts; config " + config + ")"
}
