package bench

import (
	"context"
	"testing"
	"time"
)

// TestMarketplaceScenariosShort runs issue 24's scenarios on a small
// marketplace: the seeding, every load's requests answering as they must
// (200 pages with 24 services and an ETag, 304s on revalidation, searches,
// availability, pages with nextAvailable) and the plans read. Figures are
// logged, never asserted on (make bench measures them).
func TestMarketplaceScenariosShort(t *testing.T) {
	e := startEnv(t)
	p := MarketplacePlan{Services: 3000, Appointments: 20_000, Busy: 500, PageClients: 4, SearchClient: 4, AvailClients: 8, AvailPaced: 200, NextClients: 4}
	m, err := e.MarketplaceScenarios(context.Background(), p, 1, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if m.Appointments != 20_000 || len(m.Pages) != 3 || len(m.Latency) != 4 || len(m.Plans) != 2 {
		t.Fatalf("measured %+v", m)
	}
	for _, c := range m.Pages {
		if c.System.Errors != 0 || c.Baseline.Errors != 0 || c.System.Ops == 0 || c.Baseline.Ops == 0 {
			t.Errorf("%s: %d/%d requests failed (system/baseline), %d/%d made", c.Name, c.System.Errors, c.Baseline.Errors, c.System.Ops, c.Baseline.Ops)
		}
	}
	for _, l := range m.Latency {
		if l.System.Errors != 0 || l.System.Ops == 0 {
			t.Errorf("%s: %d of %d requests failed", l.Name, l.System.Errors, l.System.Ops)
		}
		t.Logf("%s: p99 %.1f ms", l.Name, l.System.P99ms)
	}
	for _, pl := range m.Plans {
		t.Log(pl)
	}
}
