package bench

import (
	"context"
	"testing"

	"github.com/slotwise/slotwise/platform/testkit"
)

// TestSoakGuard is make test's soak (GuardSoak): seventy seconds of book +
// cancel from 16 clients against the devstack run as processes. It fails
// when CPU per request in its last window exceeds its first after the
// warm-up by more than the plan's bound, as it did while the busy read
// walked every cancelled row (booking-svc migration 013), when a request
// fails, or when memory or the idempotency records grow.
func TestSoakGuard(t *testing.T) {
	d, s, err := SoakDrill(context.Background(), Options{AdminURL: testkit.AdminURL(), Short: true, Logf: t.Logf, PoolMaxConns: 12}, GuardSoak())
	if s != nil {
		t.Log(s.Markdown())
	}
	check(t, d, err)
}
