package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/inbox"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Effect is what one consumed event does: the notifications it makes and
// the reminders it sets, moves or drops.
type Effect struct {
	EventID   string
	Drafts    []notification.Draft
	Reminders []notification.Reminder
}

// Effects applies consumed events exactly once each.
type Effects struct {
	Pool  *pgxpool.Pool
	Now   func() time.Time
	NewID func() string
}

// Apply applies a batch of events in one transaction: each event's inbox
// row, notifications and reminders commit together, and an event already
// in the inbox (a redelivery, a replay from offset 0) does nothing.
// consumer names the inbox of one topic's handler.
func (s Effects) Apply(ctx context.Context, consumer string, effects []Effect) error {
	if len(effects) == 0 {
		return nil
	}
	now := s.Now().UTC()
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		for _, e := range effects {
			first, err := inbox.FirstTime(ctx, tx, consumer, e.EventID)
			if err != nil {
				return err
			}
			if !first {
				continue
			}
			for _, d := range e.Drafts {
				if err := insertNotification(ctx, tx, s.NewID(), d, e.EventID, now); err != nil {
					return err
				}
			}
			for _, r := range e.Reminders {
				if err := upsertReminder(ctx, tx, r); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// insertNotification stores d once per (source, recipient), its email
// queued from at.
func insertNotification(ctx context.Context, tx pgx.Tx, id string, d notification.Draft, source string, at time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO notifications (id, recipient_id, kind, text, appointment_id, source, created_at, email_next_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT ON CONSTRAINT notifications_once DO NOTHING`,
		id, d.RecipientID, d.Kind, d.Text, d.AppointmentID, source, at)
	return err
}

// upsertReminder keeps the reminder of the appointment's newest version: an
// older event arriving late changes nothing. One already sent stays sent
// while the start is the same; a move makes it due again at the new time.
const upsertReminderSQL = `INSERT INTO reminders (appointment_id, kind, recipient_id, text, starts_at, due_at, state, version)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
	ON CONFLICT (appointment_id, kind) DO UPDATE SET recipient_id = EXCLUDED.recipient_id, text = EXCLUDED.text,
		starts_at = EXCLUDED.starts_at, due_at = EXCLUDED.due_at, version = EXCLUDED.version,
		state = CASE WHEN reminders.state = 'sent' AND reminders.starts_at = EXCLUDED.starts_at THEN 'sent' ELSE EXCLUDED.state END
	WHERE reminders.version < EXCLUDED.version`

func upsertReminder(ctx context.Context, tx pgx.Tx, r notification.Reminder) error {
	state := "dropped"
	if r.Due {
		state = "pending"
	}
	_, err := tx.Exec(ctx, upsertReminderSQL, r.AppointmentID, r.Kind, r.RecipientID, r.Text, r.StartsAt, r.DueAt, state, r.Version)
	return err
}
