package store

import (
	"context"
	"testing"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Open lists the appointments still awaiting their outcome that started
// before a time, earliest first, up to a limit: pending, settled and later
// ones are left out.
func TestOpenListsAppointmentsAwaitingTheirOutcome(t *testing.T) {
	s, _ := newStore(t)
	ctx := context.Background()
	want := []string{}
	for slot, status := range []string{booking.StatusConfirmed, booking.StatusPending, booking.StatusScheduled,
		booking.StatusCompleted, booking.StatusInProgress, booking.StatusNoShow, booking.StatusCancelled, booking.StatusScheduled} {
		a := appointment("svc-open", slot)
		a.Status = status
		if err := s.Create(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
		if slot < 7 && (status == booking.StatusConfirmed || status == booking.StatusScheduled || status == booking.StatusInProgress) {
			want = append(want, a.ID)
		}
	}
	before := start.Add(7 * 30 * 60e9) // the eighth slot's start: it is not before
	got, err := s.Open(ctx, before, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d appointments, want %d", len(got), len(want))
	}
	for i, a := range got {
		if a.ID != want[i] {
			t.Fatalf("#%d: %s (%s), want %s", i, a.ID, a.Status, want[i])
		}
	}
	if got, _ := s.Open(ctx, before, 2); len(got) != 2 || got[0].ID != want[0] {
		t.Fatalf("limit 2: %d appointments", len(got))
	}
}
