package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/erasure"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// AccountMails implements notification.AccountOutbox on the account_mails
// table (migrations/006_account_mails.sql).
type AccountMails struct{ Pool *pgxpool.Pool }

// Add stores mails once each: an event delivered again is a no-op. A mail
// to an erased user is not stored: its event may come after the erasure
// (another consumer group of the same topic, platform/erasure).
func (s AccountMails) Add(ctx context.Context, mails []notification.AccountMail, now time.Time) error {
	if len(mails) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	users := make([]string, len(mails))
	for i, m := range mails {
		users[i] = m.UserID
	}
	erasure.QueueGuard(b, users...)
	for _, m := range mails {
		b.Queue(`INSERT INTO account_mails (event_id, kind, user_id, email, name, token, new_email, expires_at, created_at, next_at)
			SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::timestamptz, $9::timestamptz, $9::timestamptz
			WHERE NOT `+erasure.IsErased("$3::text")+` ON CONFLICT (event_id) DO NOTHING`,
			m.ID, m.Kind, m.UserID, m.To, m.Name, m.Token, m.NewEmail, nullTime(m.ExpiresAt), now.UTC())
	}
	return s.Pool.SendBatch(ctx, b).Close()
}

func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// Claim leases due mails as Emails.Claim does.
func (s AccountMails) Claim(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]notification.AccountDelivery, error) {
	rows, err := s.Pool.Query(ctx, `WITH due AS (
			SELECT event_id FROM account_mails WHERE status = 'queued' AND next_at <= $1
			ORDER BY next_at LIMIT $2 FOR UPDATE SKIP LOCKED)
		UPDATE account_mails m SET attempts = m.attempts + 1, next_at = $3
		FROM due WHERE m.event_id = due.event_id
		RETURNING m.event_id, m.kind, m.user_id, m.email, m.name, m.token, m.new_email, m.expires_at, m.attempts`,
		now.UTC(), limit, now.UTC().Add(lease))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (notification.AccountDelivery, error) {
		var d notification.AccountDelivery
		var expires *time.Time
		m := &d.Mail
		err := row.Scan(&m.ID, &m.Kind, &m.UserID, &m.To, &m.Name, &m.Token, &m.NewEmail, &expires, &d.Attempt)
		if expires != nil {
			m.ExpiresAt = *expires
		}
		return d, err
	})
}

// Sent records a sent mail and forgets its link's secret.
func (s AccountMails) Sent(ctx context.Context, id string, at time.Time) error {
	return s.set(ctx, `status = 'sent', sent_at = $2, token = '', error = ''`, id, at.UTC())
}

func (s AccountMails) Retry(ctx context.Context, id string, next time.Time, reason string) error {
	return s.set(ctx, `next_at = $2, error = $3`, id, next.UTC(), reason)
}

func (s AccountMails) Failed(ctx context.Context, id, reason string) error {
	return s.set(ctx, `status = 'failed', token = '', error = $2`, id, reason)
}

func (s AccountMails) set(ctx context.Context, assignments, id string, args ...any) error {
	_, err := s.Pool.Exec(ctx, `UPDATE account_mails SET `+assignments+` WHERE event_id = $1 AND status = 'queued'`,
		append([]any{id}, args...)...)
	return err
}
