package store

import (
	"context"
	"testing"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// A booking reads back as awaiting the provider (pending, without writing
// the column); a moved request keeps awaiting through an update, the
// reason and who gave it are kept, and Open leaves an unanswered request
// to the provider.
func TestAwaitingAndReasonsAreKept(t *testing.T) {
	s, _ := newStore(t)
	ctx := context.Background()
	a := appointment("svc-await", 0)
	if err := s.Create(ctx, a, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ByID(ctx, a.ID); err != nil || !got.AwaitingProvider {
		t.Fatalf("a booking: %+v %v; want it awaiting the provider", got, err)
	}
	moved, err := s.Update(ctx, a.ID, func(x *booking.Appointment) (booking.Change, error) {
		x.Status, x.AwaitingProvider = booking.StatusScheduled, true
		return booking.Change{Type: booking.EventStatusChanged, PreviousStatus: booking.StatusPending}, nil
	})
	if err != nil || !moved.AwaitingProvider {
		t.Fatal(moved, err)
	}
	if got, _ := s.ByID(ctx, a.ID); got.Status != booking.StatusScheduled || !got.AwaitingProvider {
		t.Fatalf("moved: %+v", got)
	}
	if open, _ := s.Open(ctx, start.Add(3600e9), 10); len(open) != 0 {
		t.Fatalf("Open lists an unanswered request: %+v", open)
	}
	if _, err := s.Update(ctx, a.ID, func(x *booking.Appointment) (booking.Change, error) {
		x.Status, x.AwaitingProvider, x.Reason, x.CancelledBy = booking.StatusCancelled, false, "Closed for Diwali", identity.RoleProvider
		return booking.Change{Type: booking.EventStatusChanged, PreviousStatus: booking.StatusScheduled, Reason: x.Reason}, nil
	}); err != nil {
		t.Fatal(err)
	}
	got, _ := s.ByID(ctx, a.ID)
	if got.AwaitingProvider || got.Reason != "Closed for Diwali" || got.CancelledBy != identity.RoleProvider {
		t.Fatalf("declined: %+v", got)
	}
}
