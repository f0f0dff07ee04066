package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/platform/erasure"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// A closing account (booking/closing.go) is recorded in booking-svc's
// erased_users, the table its erasure writes later anyway: from that
// moment booking-svc refuses the account's own calls (erasure.Refuse) and
// books nothing with it as customer or provider (unlessClosing), and no
// consumer copies its data again. The record takes the user's advisory
// lock exclusively and a booking takes it shared (erasure.QueueGuard), so
// a booking either commits before the record, and the cancellations that
// follow the record find it, or it sees the record and books nothing.
const (
	erasedProvider = `EXISTS (SELECT 1 FROM erased_users WHERE user_id = $5)`
	erasedCustomer = `EXISTS (SELECT 1 FROM erased_users WHERE user_id = $8)`
)

// guarded tells whether a's booking queued erasure.QueueGuard (which
// queues nothing without ids).
func guarded(a booking.Appointment) bool { return a.CustomerID != "" || a.ProviderID != "" }

// MarkClosing implements booking.Repository.
func (s Appointments) MarkClosing(ctx context.Context, userID string) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return erasure.Record(ctx, tx, userID) })
}

// Closing implements booking.Repository.
func (s Appointments) Closing(ctx context.Context, userID string) (bool, error) {
	var closing bool
	err := s.Pool.QueryRow(ctx, `SELECT `+erasure.IsErased("$1"), userID).Scan(&closing)
	return closing, err
}

// UpcomingOf implements booking.Repository: two index range scans
// (appointments_by_customer, appointments_by_provider), each stopped at
// limit, so a step reads at most 2×limit rows whatever the history.
func (s Appointments) UpcomingOf(ctx context.Context, userID string, after time.Time, limit int) ([]booking.Appointment, error) {
	return s.list(ctx, `(`+selectAppointment+`WHERE customer_id = $1 AND starts_at > $2 AND status IN ('pending', 'scheduled', 'confirmed')
		ORDER BY starts_at LIMIT $3)
		UNION ALL
		(`+selectAppointment+`WHERE provider_id = $1 AND starts_at > $2 AND status IN ('pending', 'scheduled', 'confirmed')
		ORDER BY starts_at LIMIT $3)`, userID, after, limit)
}
