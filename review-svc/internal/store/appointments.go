package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// InboxAppointments is the inbox consumer name of the appointment projection.
const InboxAppointments = "review-svc/appointments"

// Appointments maintains the projection of booking.appointments.v1.
type Appointments struct{ Pool *pgxpool.Pool }

// applySQL records an event id ($11) in the inbox and upserts the projection
// in one statement: the upsert runs only when the inbox insert did (a
// redelivered event changes nothing), and an older version than the stored
// one (a replay, or a redelivery after a newer event) leaves the row as it is.
const applySQL = `WITH first AS (
		INSERT INTO inbox (consumer, event_id) VALUES ($10, $11) ON CONFLICT DO NOTHING RETURNING 1)
	INSERT INTO appointments (id, service_id, service_name, customer_id, customer_email,
		provider_id, status, starts_at, version, updated_at)
	SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::timestamptz, $9::bigint, now()
	WHERE EXISTS (SELECT 1 FROM first)
	ON CONFLICT (id) DO UPDATE SET service_id = EXCLUDED.service_id, service_name = EXCLUDED.service_name,
		customer_id = EXCLUDED.customer_id, customer_email = EXCLUDED.customer_email,
		provider_id = EXCLUDED.provider_id, status = EXCLUDED.status, starts_at = EXCLUDED.starts_at,
		version = EXCLUDED.version, updated_at = now()
	WHERE appointments.version < EXCLUDED.version`

func applyArgs(eventID string, a review.Appointment) []any {
	return []any{a.ID, a.ServiceID, a.ServiceName, a.CustomerID, a.CustomerEmail, a.ProviderID, a.Status, a.StartsAt, a.Version,
		InboxAppointments, eventID}
}

// ApplyAll applies events in order as one pipelined batch, which PostgreSQL
// runs as one transaction: one round trip and one commit for the lot, and
// all or nothing.
func (s Appointments) ApplyAll(ctx context.Context, events []review.AppointmentEvent) error {
	if len(events) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for _, ev := range events {
		b.Queue(applySQL, applyArgs(ev.EventID, ev.Appointment)...)
	}
	return s.Pool.SendBatch(ctx, b).Close()
}
