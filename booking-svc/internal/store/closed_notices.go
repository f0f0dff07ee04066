package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Upcoming reads a service's appointments from `from` on that hold their
// slot, off the partial unique index (service_id, starts_at).
func (s Appointments) Upcoming(ctx context.Context, serviceID string, from time.Time) ([]booking.Appointment, error) {
	return s.list(ctx, selectAppointment+`WHERE service_id = $1 AND starts_at >= $2
		AND status NOT IN ('cancelled', 'rejected')`+listOrder, serviceID, from)
}

// NoticeDayClosed records the notice and writes its event in one
// transaction; a notice recorded before writes nothing.
func (s Appointments) NoticeDayClosed(ctx context.Context, n booking.ClosedDayNotice, at time.Time) (bool, error) {
	wrote := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO closed_day_notices (appointment_id, day, noticed_at) VALUES ($1, $2, $3)
			ON CONFLICT DO NOTHING`, n.Appointment.ID, n.Day, at)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		wrote = true
		a := n.Appointment
		a.UpdatedAt = at // the event's occurredAt: when the customer is told, not a change of the appointment
		return writeEvent(ctx, tx, a, booking.Change{Type: booking.EventDayClosed, ActorRole: identity.RoleProvider, ClosureNote: n.Note, ClosedBy: n.ClosedBy})
	})
	if wrote && err == nil {
		s.kick()
	}
	return wrote && err == nil, err
}
