package bench

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/testkit"
)

// The correctness drills in their short form: the same scenario code as
// `make bench`, each on its own stack. Figures are logged, never asserted
// on; what is asserted is correctness.

func startEnv(t *testing.T) *Env {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	e, err := Start(ctx, Options{AdminURL: testkit.AdminURL(), Short: true, Logf: t.Logf})
	if err != nil {
		t.Fatalf("start the stack: %v", err)
	}
	t.Cleanup(e.Close)
	return e
}

func check(t *testing.T, d Drill, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", d.Name, err)
	}
	t.Log(d.String())
	if !d.Pass {
		for _, f := range d.Failures {
			t.Error(f)
		}
		t.Fatalf("%s failed: %s", d.Name, d.Summary)
	}
}

func TestDrillCrash(t *testing.T) {
	e := startEnv(t)
	d, err := e.Crash(context.Background(), 1500*time.Millisecond, 500*time.Millisecond, 2*time.Second)
	check(t, d, err)
}

func TestDrillBadInput(t *testing.T) {
	e := startEnv(t)
	d, err := e.BadInput(context.Background(), 3000, 8)
	check(t, d, err)
}

func TestDrillAuthz(t *testing.T) {
	e := startEnv(t)
	d, _, err := e.Authz(context.Background())
	check(t, d, err)
}

// Real OS processes, the chart's env: three booking-svc replicas share the
// bookings, lose one without a failed keyed booking, take a new one within
// 60 s; two review-svc replicas share the partitions and hand them over.
func TestDrillScaleOut(t *testing.T) {
	e := startEnv(t)
	d, err := e.ScaleOut(context.Background(), ShortPlan().ScaleOut)
	check(t, d, err)
}
