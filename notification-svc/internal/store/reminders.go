package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Reminders hands out due reminders.
type Reminders struct {
	Pool  *pgxpool.Pool
	NewID func() string
}

// SendDue turns up to limit reminders due at now into notifications, in one
// transaction. The rows are claimed FOR UPDATE SKIP LOCKED: a replica
// running at the same moment takes other rows or none, never the same, and a
// claim that fails to commit leaves its rows for the next run. A reminder
// whose appointment has already started is dropped (the service was down
// past it). It returns how many it claimed (sent or dropped).
func (s Reminders) SendDue(ctx context.Context, now time.Time, limit int) (int, error) {
	now = now.UTC()
	claimed := 0
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT appointment_id, kind, recipient_id, text, starts_at, due_at, version FROM reminders
			WHERE state = 'pending' AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`, now, limit)
		if err != nil {
			return err
		}
		due, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (notification.Reminder, error) {
			var r notification.Reminder
			err := row.Scan(&r.AppointmentID, &r.Kind, &r.RecipientID, &r.Text, &r.StartsAt, &r.DueAt, &r.Version)
			return r, err
		})
		if err != nil {
			return err
		}
		claimed = len(due)
		b := &pgx.Batch{}
		for _, r := range due {
			state := "dropped"
			if now.Before(r.StartsAt) {
				state = "sent"
				queueNotification(b, s.NewID(), r.Draft(), reminderSource(r), now)
			}
			b.Queue(`UPDATE reminders SET state = $3, sent_at = $4 WHERE appointment_id = $1 AND kind = $2`,
				r.AppointmentID, r.Kind, state, now)
		}
		if b.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, b).Close()
	})
	return claimed, err
}

// reminderSource names one reminder of one start: a reminder moved to
// another start is another notification.
func reminderSource(r notification.Reminder) string {
	return fmt.Sprintf("reminder/%s/%s/%d", r.AppointmentID, r.Kind, r.StartsAt.Unix())
}
