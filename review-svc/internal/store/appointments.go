package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/inbox"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// InboxAppointments is the inbox consumer name of the appointment projection.
const InboxAppointments = "review-svc/appointments"

// Appointments maintains the projection of booking.appointments.v1.
type Appointments struct{ Pool *pgxpool.Pool }

// Apply records eventID and upserts a in one transaction. An event already
// seen changes nothing; an older version than the stored one (a replay, or a
// redelivery after a newer event) leaves the row as it is. It reports whether
// the row changed.
func (s Appointments) Apply(ctx context.Context, eventID string, a review.Appointment) (bool, error) {
	changed := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		first, err := inbox.FirstTime(ctx, tx, InboxAppointments, eventID)
		if err != nil || !first {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO appointments (id, service_id, service_name, customer_id, customer_email,
			provider_id, status, starts_at, version, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9, now())
			ON CONFLICT (id) DO UPDATE SET service_id = EXCLUDED.service_id, service_name = EXCLUDED.service_name,
			customer_id = EXCLUDED.customer_id, customer_email = EXCLUDED.customer_email,
			provider_id = EXCLUDED.provider_id, status = EXCLUDED.status, starts_at = EXCLUDED.starts_at,
			version = EXCLUDED.version, updated_at = now()
			WHERE appointments.version < EXCLUDED.version`,
			a.ID, a.ServiceID, a.ServiceName, a.CustomerID, a.CustomerEmail, a.ProviderID, a.Status, a.StartsAt, a.Version)
		changed = err == nil && tag.RowsAffected() == 1
		return err
	})
	return changed, err
}
