//go:build drills

package bench

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/testkit"
)

// TestMarketplaceSeedShort seeds a small marketplace and reads the plans of
// the availability and nextAvailable queries over it.
func TestMarketplaceSeedShort(t *testing.T) {
	e := startEnv(t)
	p := MarketplacePlan{Services: 3000, Appointments: 20_000, Busy: 500, Providers: 600}
	m, err := e.MarketplaceScenarios(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if m.Appointments != 20_000 || len(m.Plans) != 2 {
		t.Fatalf("measured %+v", m)
	}
	for _, pl := range m.Plans {
		t.Log(pl)
	}
}

// TestMarketplaceHourShort runs the marketplace hour's short form (100
// requests a second for 5 s on a split stack over a small marketplace): it
// fails when a request of the mix fails, when the scenario measured
// nothing, or when an edit is never shown by anonymous reads. Latencies
// and staleness are logged, not asserted on (make bench holds them to
// their targets).
func TestMarketplaceHourShort(t *testing.T) {
	e, err := StartBare(Options{AdminURL: testkit.AdminURL(), Short: true, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	p := HourPlan{Rate: 100, Duration: 5 * time.Second, Warmup: time.Second, Conns: 16, Services: 3000, Appointments: 20_000,
		Busy: 500, Providers: 600, ZipfS: 1.1}
	h, err := e.MarketplaceHour(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(h.Markdown())
	if h.Sent < 450 || h.Sent != h.Scheduled {
		t.Errorf("%d of %d scheduled requests sent", h.Sent, h.Scheduled)
	}
	if h.Errors > 0 {
		t.Errorf("%d requests failed", h.Errors)
	}
	groups := map[string]int{}
	for _, r := range h.Routes {
		groups[r.Group] += r.Ops
		for _, s := range r.ErrorSamples {
			t.Errorf("%s: %s", r.Route, s)
		}
	}
	for _, g := range []string{"anonymous", "search", "booking", "signed-in", "edit"} {
		if groups[g] == 0 {
			t.Errorf("no %s request measured: %v", g, groups)
		}
	}
	probed := 0
	for _, s := range h.Staleness {
		probed += s.Probed
		if s.Unseen > 0 {
			t.Errorf("%s: %d edits never shown by anonymous reads", s.Edit, s.Unseen)
		}
	}
	if probed == 0 {
		t.Errorf("no edit's staleness measured: %+v", h.Staleness)
	}
	if h.NewSearches*2 < h.Searches || h.Searches == 0 {
		t.Errorf("%d of %d searches new, want at least half", h.NewSearches, h.Searches)
	}
	if len(h.CPUmsPerRequest) == 0 || h.CPUmsPerRequest["gateway"] <= 0 {
		t.Errorf("CPU per request: %v", h.CPUmsPerRequest)
	}
}

// TestHourJudge: the marketplace hour fails on an error, a p99 at or over
