package bench

import (
	"context"
	"testing"
)

// The seeded marketplace books as the hour's driver assumes: two services
// of one provider at the same time both take a booking (each has its own
// team member), a seeded slot is taken, and the seeded rows satisfy the
// member constraint (the seed itself would fail otherwise).
func TestSeededServicesBookIndependently(t *testing.T) {
	e := startEnv(t)
	ctx := context.Background()
	if _, err := e.SeedMarketplace(ctx, MarketplacePlan{Services: 6, Appointments: 24, Busy: 3, Providers: 1}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	rows, err := e.DB.Query(ctx, `SELECT id::text FROM catalog.services WHERE provider_id = 'bench-provider-0' ORDER BY created_at LIMIT 2`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if rows.Close(); len(ids) != 2 {
		t.Fatalf("seeded services of one provider: %v", ids)
	}
	// The two oldest services hold no seeded appointments (the newest are busy).
	for _, id := range ids {
		if r := e.Book(ctx, "", e.Token("customer"), Slot{ServiceID: id, Date: Day(2), Time: "09:00"}, ""); r.Status != 201 {
			t.Fatalf("booking service %s at 09:00: %d %s", id, r.Status, r.Raw)
		}
	}
	busy, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments WHERE staff_id IS NOT NULL AND customer_id LIKE 'bench-customer-%'`)
	if err != nil || busy != 24 {
		t.Fatalf("seeded appointments with their member: %d (%v), want 24", busy, err)
	}
}
