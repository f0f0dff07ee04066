//go:build drills

package bench

import (
	"context"
	"testing"

	"github.com/slotwise/slotwise/platform/testkit"
)

// TestDrillSoak is the soak drill's short form (make drills): a minute of book + cancel
// against the devstack run as a process, with idempotency records living
// 10 s. It fails when a request fails, when a process's peak RSS grows by
// more than a quarter after the warm-up, or when the idempotency records
// outgrow their lifetime; latency is logged, never judged here.
func TestDrillSoak(t *testing.T) {
	d, s, err := SoakDrill(context.Background(), Options{AdminURL: testkit.AdminURL(), Short: true, Logf: t.Logf, PoolMaxConns: 12}, ShortSoak())
	if s != nil {
		t.Log(s.Markdown())
	}
	check(t, d, err)
}
