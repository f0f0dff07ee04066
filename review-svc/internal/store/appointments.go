package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

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
	// One statement, so one round trip and one commit per event: the inbox
	// row and the projection change commit together, and the upsert runs only
	// when the inbox insert did (a redelivered event changes nothing).
	tag, err := s.Pool.Exec(ctx, `WITH first AS (
			INSERT INTO inbox (consumer, event_id) VALUES ($10, $11) ON CONFLICT DO NOTHING RETURNING 1)
		INSERT INTO appointments (id, service_id, service_name, customer_id, customer_email,
			provider_id, status, starts_at, version, updated_at)
		SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::timestamptz, $9::bigint, now()
		WHERE EXISTS (SELECT 1 FROM first)
		ON CONFLICT (id) DO UPDATE SET service_id = EXCLUDED.service_id, service_name = EXCLUDED.service_name,
			customer_id = EXCLUDED.customer_id, customer_email = EXCLUDED.customer_email,
			provider_id = EXCLUDED.provider_id, status = EXCLUDED.status, starts_at = EXCLUDED.starts_at,
			version = EXCLUDED.version, updated_at = now()
		WHERE appointments.version < EXCLUDED.version`,
		a.ID, a.ServiceID, a.ServiceName, a.CustomerID, a.CustomerEmail, a.ProviderID, a.Status, a.StartsAt, a.Version,
		InboxAppointments, eventID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
