package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/erasure"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Appointments maintains the projection of booking.appointments.v1.
type Appointments struct{ Pool *pgxpool.Pool }

// applySQL upserts the projection. Every change of an appointment carries a
// higher version, and a version no newer than the stored one (a redelivery,
// a replay, or an older event arriving late) leaves the row as it is: the
// version is this projection's inbox, so it keeps no table of event ids
// (docs/adr/0033-batched-consumers-and-projection-without-inbox.md).
// An erased customer's name and email are never copied, whenever the event
// comes (platform/erasure; ApplyAll takes the customers' locks first).
var applySQL = `INSERT INTO appointments (id, service_id, service_name, customer_id, customer_email,
		provider_id, status, starts_at, version, customer_name, provider_name, updated_at)
	VALUES ($1, $2, $3, $4, CASE WHEN ` + erasure.IsErased("$4") + ` THEN '' ELSE $5 END, $6, $7, $8, $9,
		CASE WHEN ` + erasure.IsErased("$4") + ` THEN '' ELSE $10 END, $11, now())
	ON CONFLICT (id) DO UPDATE SET service_id = EXCLUDED.service_id, service_name = EXCLUDED.service_name,
		customer_id = EXCLUDED.customer_id, customer_email = EXCLUDED.customer_email, customer_name = EXCLUDED.customer_name,
		provider_name = EXCLUDED.provider_name, provider_id = EXCLUDED.provider_id, status = EXCLUDED.status, starts_at = EXCLUDED.starts_at,
		version = EXCLUDED.version, updated_at = now()
	WHERE appointments.version < EXCLUDED.version`

func applyArgs(a review.Appointment) []any {
	return []any{a.ID, a.ServiceID, a.ServiceName, a.CustomerID, a.CustomerEmail, a.ProviderID, a.Status, a.StartsAt, a.Version, a.CustomerName, a.ProviderName}
}

// ApplyAll applies events in order as one pipelined batch, which PostgreSQL
// runs as one transaction: one round trip and one commit for the lot, and
// all or nothing.
func (s Appointments) ApplyAll(ctx context.Context, states []review.Appointment) error {
	if len(states) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	customers := make([]string, len(states))
	for i, a := range states {
		customers[i] = a.CustomerID
	}
	erasure.QueueGuard(b, customers...)
	for _, a := range states {
		b.Queue(applySQL, applyArgs(a)...)
	}
	return s.Pool.SendBatch(ctx, b).Close()
}
