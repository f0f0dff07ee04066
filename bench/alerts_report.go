package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Markdown is the alert drill's report (docs/bench/alerts/report.md).
func (r *AlertDrill) Markdown(d Drill) string {
	var b strings.Builder
	p := r.Plan
	verdict := "PASS"
	if !d.Pass {
		verdict = "FAIL"
	}
	fmt.Fprintf(&b, "# Alert drill\n\n%s. **%s.** Written by `go run ./bench/cmd/bench -only alerts` "+
		"(the same drill runs in `make drills` as `TestDrillAlerts`); how it works: [the bench's README](../README.md#the-alert-drill).\n\n", r.Date, verdict)
	fmt.Fprintf(&b, "- The split devstack (every program its own process) with its Prometheus: %d scrape targets, %d rules.\n", r.Targets, r.Rules)
	fmt.Fprintf(&b, "- Time compressed ×%.4g: the chart's rules file with every range and `for:` scaled "+
		"(an hour is %v, `for: 2m` is %v; ranges at least %v), every group evaluated every %v, scraped every %v (`bench/alertrules.go`).\n",
		p.Factor, drillDuration(time.Hour, p.Factor), drillDuration(2*time.Minute, p.Factor), p.MinRange, p.Scrape, p.Scrape)
	fmt.Fprintf(&b, "- Load: %d clients booking with an Idempotency-Key (a failed request resent every 50 ms), healthy for %v first; "+
		"%d bookings made, %d requests sent.\n", p.Clients, p.Baseline, r.Bookings, r.Requests)
	fmt.Fprintf(&b, "- Machine load average (1, 5, 15 min; 2 cores shared with other work): %s → %s.\n", r.MachineLoad[0], r.MachineLoad[1])
	base := "none"
	if len(r.Baseline) > 0 {
		base = strings.Join(r.Baseline, "; ")
	}
	fmt.Fprintf(&b, "- Active before any fault: %s.\n", base)
	b.WriteString("  In the devstack the mail-delay alerts are active from the start: their SLI counts a missing " +
		"`cnpg_slotwise_mail_oldest_queued_seconds` as bad, and no CloudNativePG exporter runs here. The notification-delay " +
		"SLI counts the evaluations before Prometheus's first scrape as bad (no lag yet); compressed time magnifies that " +
		"second (a 6 h window is 12 minutes, a 30 m one a minute), so its slower windows can be active for a while after " +
		"the start.\n\n")
	b.WriteString("Times are from the fault to the first poll of `/api/v1/alerts` (every 250 ms) that showed the alert; " +
		"\"expected\" is the worst case the compressed rules give (the condition's detection, its `for`, one scrape and the " +
		"evaluations on the way).\n\n")
	b.WriteString("| fault | alert | labels | pending s | firing s | expected ≤ s | within |\n|---|---|---|---:|---:|---:|---|\n")
	for _, a := range r.Alerts {
		if !a.Expected {
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %.1f | %s |\n", a.Fault, a.Alert, labels(a.Labels), secs(a.PendingSeconds), secs(a.FiringSeconds),
			a.ExpectedSeconds, yesNo(a.Within))
	}
	b.WriteString("\nWhy each is expected:\n\n")
	for _, a := range r.Alerts {
		if a.Expected {
			fmt.Fprintf(&b, "- %s, %s: %s.\n", a.Fault, a.Alert, a.Why)
		}
	}
	b.WriteString("\nThe other alerts each fault set off while it was watched (not judged):\n\n")
	others := 0
	for _, a := range r.Alerts {
		if !a.Expected {
			others++
			fired := "not firing while watched"
			if a.FiringSeconds >= 0 {
				fired = fmt.Sprintf("firing after %.1f s", a.FiringSeconds)
			}
			fmt.Fprintf(&b, "- %s: %s {%s} pending after %s s, %s.\n", a.Fault, a.Alert, labels(a.Labels), secs(a.PendingSeconds), fired)
		}
	}
	if others == 0 {
		b.WriteString("- none.\n")
	}
	if r.ResolvedSeconds >= 0 {
		fmt.Fprintf(&b, "\nAfter notification-svc was resumed (SIGCONT) its alerts resolved within %.1f s.\n", r.ResolvedSeconds)
	}
	if len(d.Failures) > 0 {
		b.WriteString("\nFailures:\n\n")
		for _, f := range d.Failures {
			fmt.Fprintf(&b, "- %s\n", f)
		}
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "%s\n\n", n)
		}
	}
	return b.String()
}

// WriteAlertReport writes report.md and report.json into dir
// (docs/bench/alerts).
func WriteAlertReport(dir string, d Drill, r *AlertDrill) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	raw, err := json.MarshalIndent(struct {
		Drill Drill       `json:"drill"`
		Run   *AlertDrill `json:"run"`
	}{d, r}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "report.json"), append(raw, '\n'), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.md"), []byte(r.Markdown(d)), 0o644)
}

func labels(l map[string]string) string {
	var parts []string
	for k, v := range l {
		parts = append(parts, k+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

func secs(s float64) string {
	if s < 0 {
		return "never"
	}
	return fmt.Sprintf("%.1f", s)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
