package booking

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/identity"
)

// Reasons given with the cancellations of a closing account's appointments
// (docs/product.md "Your data"): the other side is told, as with any
// cancellation.
const (
	ReasonProviderClosed = "The provider closed their account"
	ReasonCustomerClosed = "The customer closed their account"
)

// closingBatch bounds the appointments one step of a closing reads.
const closingBatch = 100

// upcomingStatuses are those of an appointment still to happen that holds
// its slot: a closing account's are cancelled.
var upcomingStatuses = []string{StatusPending, StatusScheduled, StatusConfirmed}

// CloseAccount settles a closing account's bookings (account_closing on
// auth.accounts.v1): it records the account as closing, from which moment
// nothing is booked with it and its own calls are refused, then cancels
// its upcoming appointments, as customer or provider, a bounded batch at
// a time, each with a reason the other side is told, and then tells
// auth-svc, which publishes account_deleted. Every step may run again: a
// closing seen twice cancels nothing more and auth-svc deletes once.
func (s *service) CloseAccount(ctx context.Context, userID string) (int, error) {
	if err := s.repo.MarkClosing(ctx, userID); err != nil {
		return 0, err
	}
	// After the record, no appointment of the account becomes upcoming and
	// holding: each pass cancels what the last one read, so the loop ends.
	now := s.now()
	cancelled := 0
	for {
		list, err := s.repo.UpcomingOf(ctx, userID, now, closingBatch)
		if err != nil {
			return cancelled, err
		}
		if len(list) == 0 {
			break
		}
		for _, a := range list {
			_, err := s.repo.Update(ctx, a.ID, func(a *Appointment) (Change, error) {
				return cancelForClosing(a, userID, now)
			})
			if errors.Is(err, errSettled) {
				continue
			}
			if err != nil {
				return cancelled, err
			}
			cancelled++
		}
	}
	return cancelled, s.accounts.FinishClosing(ctx, userID)
}

// cancelForClosing cancels a, still upcoming and holding its slot, on
// behalf of the closing account userID; errSettled when a changed since it
// was read (cancelled, or started).
func cancelForClosing(a *Appointment, userID string, now time.Time) (Change, error) {
	if !slices.Contains(upcomingStatuses, a.Status) || !a.StartsAt.After(now) {
		return Change{}, errSettled
	}
	role, reason := identity.RoleCustomer, ReasonCustomerClosed
	if a.ProviderID == userID {
		role, reason = identity.RoleProvider, ReasonProviderClosed
	}
	ch := settle(a, StatusCancelled, role, reason)
	ch.ActorRole, ch.AccountClosed = role, true
	a.Version, a.UpdatedAt = a.Version+1, now.UTC()
	return ch, nil
}

// closingRefusal is the answer to a booking the store did not make because
// its provider's or customer's account is closing (Repository.Create books
// nothing then, as for a taken slot); nil when neither is.
func (s *service) closingRefusal(ctx context.Context, providerID, customerID string) error {
	if closing, err := s.repo.Closing(ctx, customerID); err != nil || closing {
		return cmpErr(err, erasure.ErrAccountDeleted)
	}
	if closing, err := s.repo.Closing(ctx, providerID); err != nil || closing {
		return cmpErr(err, apperr.Conflict(MsgServiceInactive))
	}
	return nil
}

// cmpErr is err, else refusal.
func cmpErr(err, refusal error) error {
	if err != nil {
		return err
	}
	return refusal
}
