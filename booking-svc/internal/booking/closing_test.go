package booking

import (
	"context"
	"errors"
	"testing"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/identity"
)

// TestCloseAccountCancelsUpcomingAndRefusesBookings: closing a provider
// cancels their upcoming appointments, whatever their status, as the
// provider with the closing reason, leaves the rest, refuses new bookings
// with them and tells auth-svc once none is left; a closing customer's are
// cancelled as the customer's and they can book no more.
func TestCloseAccountCancelsUpcomingAndRefusesBookings(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	pending, err := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	confirmed, err := f.svc.Book(ctx, bob, booking("2026-11-22", "10:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SetProviderStatus(ctx, prov, confirmed.ID, StatusConfirmed, ""); err != nil {
		t.Fatal(err)
	}
	cancelledBefore, err := f.svc.Book(ctx, bob, booking("2026-11-23", "09:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SetCustomerStatus(ctx, bob, cancelledBefore.ID, StatusCancelled, ""); err != nil {
		t.Fatal(err)
	}

	n, err := f.svc.CloseAccount(ctx, prov.UserID)
	if err != nil || n != 2 {
		t.Fatalf("closing the provider cancelled %d (%v), want 2", n, err)
	}
	for _, id := range []string{pending.ID, confirmed.ID} {
		a := f.repo.appts[id]
		if a.Status != StatusCancelled || a.Reason != ReasonProviderClosed || a.CancelledBy != identity.RoleProvider {
			t.Fatalf("%s after the closing: %s by %q (%q)", id, a.Status, a.CancelledBy, a.Reason)
		}
	}
	if a := f.repo.appts[cancelledBefore.ID]; a.Reason != "" || a.CancelledBy != identity.RoleCustomer {
		t.Fatalf("the cancelled one changed: %+v", a)
	}
	if f.svc.(*service).accounts.(memAccounts)["finished:"+prov.UserID] == "" {
		t.Fatal("auth-svc was not told the closing finished")
	}
	_, err = f.svc.Book(ctx, alice, booking("2026-11-24", "09:00"), "")
	expectErr(t, err, apperr.KindConflict, MsgServiceInactive)
	// Again (a redelivered event): nothing more to cancel.
	if n, err := f.svc.CloseAccount(ctx, prov.UserID); err != nil || n != 0 {
		t.Fatalf("a second closing cancelled %d (%v)", n, err)
	}
}

func TestCloseAccountOfACustomer(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	a, err := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := f.svc.CloseAccount(ctx, alice.UserID); err != nil || n != 1 {
		t.Fatalf("closing the customer cancelled %d (%v), want 1", n, err)
	}
	if got := f.repo.appts[a.ID]; got.Status != StatusCancelled || got.Reason != ReasonCustomerClosed || got.CancelledBy != identity.RoleCustomer {
		t.Fatalf("after the closing: %+v", got)
	}
	if _, err := f.svc.Book(ctx, alice, booking("2026-11-22", "10:00"), ""); !errors.Is(err, erasure.ErrAccountDeleted) {
		t.Fatalf("a closing customer booked: %v", err)
	}
}
