//go:build drills

package bench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/platform/testkit"
)

// TestDrillAlerts is the alert drill (make drills; issue 43): the split
// devstack with a real Prometheus evaluating the chart's rules with time
// compressed 30 times, booking load, then notification-svc paused and
// booking-svc killed. It fails when an alert the fault must set off does
// not fire (within a deadline well past its expected time) or is already
// firing before the fault; times to fire are logged, and judged against the
// rules' expected times only in the report (`go run ./bench/cmd/bench -only
// alerts` writes docs/bench/alerts/report.md). Needs bin/prometheus
// (PROMETHEUS_BIN; `make drills` builds it).
func TestDrillAlerts(t *testing.T) {
	bin := os.Getenv("PROMETHEUS_BIN")
	if bin == "" {
		root, err := devstack.RepoRoot()
		if err != nil {
			t.Fatal(err)
		}
		bin = filepath.Join(root, "bin", "prometheus")
	}
	d, r, err := AlertsDrill(context.Background(), Options{AdminURL: testkit.AdminURL(), Short: true, Logf: t.Logf, PoolMaxConns: 8},
		DefaultAlertPlan(), bin)
	if r != nil {
		t.Log("\n" + r.Markdown(d))
	}
	check(t, d, err)
}
