package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Emails implements notification.Outgoing on the notifications' email
// columns.
type Emails struct{ Pool *pgxpool.Pool }

// Claim leases due emails in one statement: the rows are picked FOR UPDATE
// SKIP LOCKED and pushed past the lease, so replicas claiming at once never
// take the same email, and one whose sender died is due again after lease.
func (s Emails) Claim(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]notification.Delivery, error) {
	rows, err := s.Pool.Query(ctx, `WITH due AS (
			SELECT id FROM notifications WHERE email_status = 'queued' AND email_next_at <= $1
			ORDER BY email_next_at LIMIT $2 FOR UPDATE SKIP LOCKED)
		UPDATE notifications n SET email_attempts = n.email_attempts + 1, email_next_at = $3
		FROM due WHERE n.id = due.id
		RETURNING n.id::text, n.recipient_id, n.kind, n.text, n.appointment_id, n.read_at IS NULL, n.created_at, n.email_attempts`,
		now.UTC(), limit, now.UTC().Add(lease))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (notification.Delivery, error) {
		var d notification.Delivery
		n := &d.Notification
		err := row.Scan(&n.ID, &n.RecipientID, &n.Kind, &n.Text, &n.AppointmentID, &n.Unread, &n.CreatedAt, &d.Attempt)
		return d, err
	})
}

// SentAll records a batch's sent emails in one statement, so one commit
// (one WAL flush) per batch rather than per mail; like every outcome, it
// leaves an email already settled as it is.
func (s Emails) SentAll(ctx context.Context, ids []string, at time.Time) error {
	_, err := s.Pool.Exec(ctx, `UPDATE notifications SET email_status = 'sent', email_sent_at = $2, email_error = ''
		WHERE id = ANY($1) AND `+stillQueued, ids, at.UTC())
	return err
}

func (s Emails) Retry(ctx context.Context, id string, next time.Time, reason string) error {
	return s.set(ctx, `email_next_at = $2, email_error = $3`, id, next.UTC(), reason)
}

func (s Emails) Failed(ctx context.Context, id, reason string) error {
	return s.set(ctx, `email_status = 'failed', email_error = $2`, id, reason)
}

func (s Emails) Off(ctx context.Context, id string) error {
	return s.set(ctx, `email_status = 'off'`, id)
}

// set records an outcome of a queued email.
func (s Emails) set(ctx context.Context, assignments, id string, args ...any) error {
	_, err := s.Pool.Exec(ctx, `UPDATE notifications SET `+assignments+` WHERE id = $1 AND `+stillQueued,
		append([]any{id}, args...)...)
	return err
}

// stillQueued guards every outcome: an email already settled (sent, off or
// failed, say by a replica that claimed it after this one's lease ended)
// stays as it is.
const stillQueued = `email_status = 'queued'`
