package store

import (
	"context"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// createSpaced books a whose service keeps a buffer (booking/buffer.go):
// under a transaction-scoped advisory lock on the service, it looks for an
// active appointment closer than a.Spacing and books only if there is none.
// The lock makes two bookings of neighbouring slots, on any replica, check
// one after the other; the same slot stays the unique index's. Group
// commit is for services without a buffer: a lock held across a shared
// batch would make every booking in it wait for the others' services.
func (s Appointments) createSpaced(call *createCall) error {
	ctx := call.ctx
	var booked []bool
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := checkSpacing(ctx, tx, call.a); err != nil {
			return err
		}
		b := &pgx.Batch{}
		call.queue(b)
		var err error
		booked, err = readBooked(tx.SendBatch(ctx, b), []*createCall{call})
		return err
	})
	return s.settleOne(booked, err)
}

// checkSpacing refuses a (being booked or moved) when another active
// appointment of its service with the same member starts less than
// a.Spacing from it, other than in its own slot. It takes the lock of the
// service and member first (released at the end of tx), so concurrent
// bookings and moves check in turn.
func checkSpacing(ctx context.Context, tx pgx.Tx, a booking.Appointment) error {
	if a.Spacing <= 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('spacing:' || $1::text || ':' || $2::text, 0))`,
		a.ServiceID, a.StaffID); err != nil {
		return err
	}
	var close bool
	err := tx.QueryRow(ctx, spacingQuery, a.ServiceID, a.ID, a.StartsAt, a.Spacing, staffOrOwner(a), a.ProviderID).Scan(&close)
	if err != nil {
		return err
	}
	if close {
		return booking.ErrTooClose
	}
	return nil
}

// spacingQuery names the provider, whose service it is, so that it reads
// appointments_live_by_provider (migration 013) over the spacing's window:
// off the unique index it walked every active and past appointment of the
// service (TestSpacingVisitsOnlyItsWindow).
const spacingQuery = `SELECT EXISTS (SELECT 1 FROM appointments WHERE service_id = $1 AND id <> $2
			AND provider_id = $6 AND status NOT IN ('cancelled', 'rejected') AND starts_at <> $3
			AND starts_at > $3 - $4::interval AND starts_at < $3 + $4::interval
			AND (` + staffIs + `)::text = $5)`

// staffOrOwner is a's member: its own, or the owner for one from before
// teams.
func staffOrOwner(a booking.Appointment) string {
	if a.StaffID != "" {
		return a.StaffID
	}
	return identity.OwnerMemberID(a.ProviderID)
}
