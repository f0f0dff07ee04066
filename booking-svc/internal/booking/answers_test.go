package booking

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// A request the customer moves before the provider answers it answers
// scheduled (the contract) and still awaits the provider: only accepting
// or declining it is allowed, and accepting it settles it. One the
// provider had accepted does not await them again when moved.
func TestARequestMovedBeforeItsAnswerStillAwaitsTheProvider(t *testing.T) {
	f := newFixture() // now: Sat 2026-11-21 10:15 IST
	ctx := context.Background()
	a, err := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	if err != nil || !a.AwaitingProvider {
		t.Fatalf("a new booking awaits the provider: %+v %v", a, err)
	}
	moved, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "10:00", "")
	if err != nil || moved.Status != StatusScheduled || !moved.AwaitingProvider {
		t.Fatalf("moved before the answer: %+v %v; want scheduled and awaiting the provider", moved, err)
	}
	if list, _ := f.svc.ListForProvider(ctx, prov, ""); len(list) != 1 || !list[0].AwaitingProvider {
		t.Fatalf("the provider's list: %+v", list)
	}
	// Once its start has passed it is still to be answered, not finished.
	*f.clock = time.Date(2026, 11, 23, 10, 30, 0, 0, ist)
	_, err = f.svc.SetProviderStatus(ctx, prov, a.ID, StatusCompleted, "")
	expectErr(t, err, apperr.KindConflict, "The appointment is scheduled and awaits your answer, so it cannot be marked completed: accept or decline it first")
	*f.clock = now
	accepted, err := f.svc.SetProviderStatus(ctx, prov, a.ID, StatusScheduled, "")
	if err != nil || accepted.Status != StatusScheduled || accepted.AwaitingProvider {
		t.Fatalf("accepting the moved request: %+v %v", accepted, err)
	}
	_, err = f.svc.SetProviderStatus(ctx, prov, a.ID, StatusScheduled, "")
	expectErr(t, err, apperr.KindConflict, "The appointment is scheduled and cannot be moved to scheduled")
	again, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-24", "10:00", "")
	if err != nil || again.AwaitingProvider {
		t.Fatalf("moving an accepted one: %+v %v; want it not awaiting the provider", again, err)
	}
	want := []string{"created pending v1", "rescheduled scheduled<-pending v2", "status_changed scheduled<-scheduled v3", "rescheduled scheduled<-scheduled v4"}
	if fmt.Sprint(f.repo.events) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", f.repo.events, want)
	}
}

// Declining a moved request keeps the provider's reason; a customer's
// cancellation keeps theirs. A reason is refused with any other status
// and over its bound (400), and nothing is changed then.
func TestDeclineAndCancelKeepTheReason(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	a, _ := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	if _, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "09:00", ""); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.SetProviderStatus(ctx, prov, a.ID, StatusScheduled, "see you")
	expectErr(t, err, apperr.KindInvalid, MsgReasonNotHere)
	_, err = f.svc.SetProviderStatus(ctx, prov, a.ID, StatusCancelled, strings.Repeat("x", 301))
	expectErr(t, err, apperr.KindInvalid, "Reason must be at most 300 characters")
	if got := f.repo.appts[a.ID]; got.Status != StatusScheduled || !got.AwaitingProvider || got.Reason != "" {
		t.Fatalf("a refused decline changed it: %+v", got)
	}
	declined, err := f.svc.SetProviderStatus(ctx, prov, a.ID, StatusCancelled, "  Closed for a family event  ")
	if err != nil || declined.Status != StatusCancelled || declined.AwaitingProvider ||
		declined.Reason != "Closed for a family event" || declined.CancelledBy != identity.RoleProvider {
		t.Fatalf("declined: %+v %v", declined, err)
	}

	b, _ := f.svc.Book(ctx, bob, booking("2026-11-22", "10:00"), "")
	if _, err := f.svc.SetProviderStatus(ctx, prov, b.ID, StatusScheduled, ""); err != nil {
		t.Fatal(err)
	}
	cancelled, err := f.svc.SetCustomerStatus(ctx, bob, b.ID, StatusCancelled, "Feeling better")
	if err != nil || cancelled.Reason != "Feeling better" || cancelled.CancelledBy != identity.RoleCustomer {
		t.Fatalf("cancelled: %+v %v", cancelled, err)
	}
	// The moved request's cancellation is a decline (the customer is told
	// "declined"); the customer's own cancellation is not.
	want := []string{"created pending v1", "rescheduled scheduled<-pending v2", "status_changed cancelled<-scheduled v3 declined",
		"created pending v1", "status_changed scheduled<-pending v2", "status_changed cancelled<-scheduled v3"}
	if fmt.Sprint(f.repo.events) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", f.repo.events, want)
	}
}

// Once its start has passed, the provider marks any scheduled or
// confirmed appointment completed or no-show; before it, neither.
func TestTheProviderFinishesAStartedAppointment(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	accept := func(clock, to string) string {
		t.Helper()
		a, err := f.svc.Book(ctx, alice, booking("2026-11-22", clock), "")
		if err == nil {
			_, err = f.svc.SetProviderStatus(ctx, prov, a.ID, to, "")
		}
		if err != nil {
			t.Fatal(err)
		}
		return a.ID
	}
	scheduled, confirmed := accept("09:00", StatusScheduled), accept("10:00", StatusConfirmed)
	_, err := f.svc.SetProviderStatus(ctx, prov, scheduled, StatusNoShow, "")
	expectErr(t, err, apperr.KindConflict, "The appointment is scheduled and has not started yet, so it cannot be marked no-show")
	*f.clock = time.Date(2026, 11, 22, 10, 0, 0, 0, ist)
	for id, to := range map[string]string{scheduled: StatusCompleted, confirmed: StatusNoShow} {
		if got, err := f.svc.SetProviderStatus(ctx, prov, id, to, ""); err != nil || got.Status != to {
			t.Fatalf("%s → %s: %+v %v", id, to, got, err)
		}
	}
}

// A moved request the provider never answered is not completed by the
// server, like a pending one.
func TestOverdueLeavesUnansweredRequests(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	a, _ := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	if _, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "09:00", ""); err != nil {
		t.Fatal(err)
	}
	*f.clock = time.Date(2026, 11, 25, 9, 0, 0, 0, ist)
	if n, err := f.svc.CompleteOverdue(ctx); err != nil || n != 0 {
		t.Fatalf("completed %d, %v", n, err)
	}
	if got := f.repo.appts[a.ID]; got.Status != StatusScheduled || !got.AwaitingProvider {
		t.Fatalf("%+v", got)
	}
}
