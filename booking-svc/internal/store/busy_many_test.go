package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// BusyMany reads, in one query, what Busy reads provider by provider: the
// active appointments of the members asked about, across services, in the
// window; one from before teams is the owner's, its end left unknown.
func TestBusyManyIsBusyForAPage(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	owner, zoe := identity.OwnerMemberID("p1"), uuid.NewString()
	booked := appointment("svc-1", 0) // p1's owner, 09:00
	withZoe := appointment("svc-2", 2)
	withZoe.StaffID = zoe
	cancelled := appointment("svc-1", 4)
	other := appointment("svc-3", 0)
	other.ProviderID, other.StaffID = "p2", identity.OwnerMemberID("p2")
	late := appointment("svc-1", 48*3) // three days on: outside the window
	legacy := appointment("svc-2", 6)
	for _, a := range []booking.Appointment{booked, withZoe, cancelled, other, late, legacy} {
		if err := s.Create(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, `UPDATE appointments SET status = 'cancelled' WHERE id = $1`, cancelled.ID); err != nil {
		t.Fatal(err)
	}
	// A row from before teams: no member, no end.
	if _, err := pool.Exec(ctx, `UPDATE appointments SET staff_id = NULL, ends_at = NULL WHERE id = $1`, legacy.ID); err != nil {
		t.Fatal(err)
	}

	got, err := s.BusyMany(ctx, map[string][]string{"p1": {owner, zoe, "not-a-uuid"}, "p2": {}},
		start.Add(-time.Hour), start.Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, b := range got["p1"] {
		seen[b.AppointmentID] = true
		switch b.AppointmentID {
		case legacy.ID:
			if !b.End.IsZero() || b.StaffID != owner {
				t.Errorf("the row from before teams: %+v", b)
			}
		case withZoe.ID:
			if b.StaffID != zoe || !b.End.Equal(withZoe.EndsAt) || b.ServiceID != "svc-2" {
				t.Errorf("Zoe's: %+v", b)
			}
		}
	}
	if len(got["p1"]) != 3 || !seen[booked.ID] || !seen[withZoe.ID] || !seen[legacy.ID] || len(got["p2"]) != 0 {
		t.Fatalf("busy: %+v", got)
	}
}
