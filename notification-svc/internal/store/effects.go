package store

import (
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/inbox"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Effect is what one consumed event does: the notifications it makes and
// the reminders it sets, moves or drops.
type Effect struct {
	EventID   string
	Drafts    []notification.Draft
	Reminders []notification.Reminder
	// Details is the appointment's state after the event, for the mails;
	// nil: the event has none.
	Details *notification.Details
	// People are the users the event is about (an appointment's customer
	// and provider): when one of them is erased, the event does nothing,
	// as the erasure deleted what it would write (erase.go), whenever it
	// comes (platform/erasure).
	People []string
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
// consumer names the inbox of one topic's handler. The batch costs three
// round trips whatever its size: the inbox rows in one statement, then
// every notification and reminder pipelined, then the commit (a round trip
// per statement was most of notification-svc's share of a booking).
func (s Effects) Apply(ctx context.Context, consumer string, effects []Effect) error {
	if len(effects) == 0 {
		return nil
	}
	now := s.Now().UTC()
	ids := make([]string, len(effects))
	for i, e := range effects {
		ids[i] = e.EventID
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		first, err := inbox.FirstTimes(ctx, tx, consumer, ids)
		if err != nil {
			return err
		}
		var people []string
		for _, e := range effects {
			people = append(people, e.People...)
		}
		erased, err := erasure.Guard(ctx, tx, people...)
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		for _, e := range effects {
			if !first[e.EventID] {
				continue
			}
			delete(first, e.EventID) // an event repeated within the batch applies once
			if slices.ContainsFunc(e.People, func(p string) bool { return erased[p] }) {
				continue
			}
			if e.Details != nil {
				queueDetails(b, *e.Details)
			}
			for _, d := range e.Drafts {
				queueNotification(b, s.NewID(), d, e.EventID, now)
			}
			for _, r := range e.Reminders {
				queueReminder(b, r)
			}
		}
		if b.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, b).Close()
	})
}

// queueNotification stores d once per (source, recipient) and queues its
// email from at; a notification already made queues nothing. A coalesced
// kind's email waits notification.CoalesceWindow and replaces the waiting
// one of the same recipient and appointment (switched off; its
// notification stays listed).
func queueNotification(b *pgx.Batch, id string, d notification.Draft, source string, at time.Time) {
	var readAt *time.Time
	if notification.MailOnly(d.Kind) {
		readAt = &at // never counted unread, never listed (notifications.go)
	}
	due := at
	if notification.Coalesced(d.Kind) && d.AppointmentID != "" {
		due = at.Add(notification.CoalesceWindow)
		b.Queue(supersedeSQL, d.RecipientID, d.AppointmentID, notification.CoalescedKinds, source)
	}
	b.Queue(`WITH made AS (
			INSERT INTO notifications (id, recipient_id, kind, text, appointment_id, source, created_at, read_at, to_email, to_name)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT ON CONSTRAINT notifications_once DO NOTHING
			RETURNING id)
		INSERT INTO emails (notification_id, next_at) SELECT id, $11 FROM made`,
		id, d.RecipientID, d.Kind, d.Text, d.AppointmentID, source, at, readAt, d.ToEmail, d.ToName, due)
}

// supersedeSQL switches off the coalesced emails still waiting (queued,
// never claimed: one a postman holds is left to it) for recipient $1
// about appointment $2, but the event's own ($4).
const supersedeSQL = `UPDATE emails e SET status = 'off', error = 'replaced by a newer mail about the appointment'
	FROM notifications n
	WHERE n.id = e.notification_id AND e.status = 'queued' AND e.attempts = 0
		AND n.recipient_id = $1 AND n.appointment_id = $2 AND n.kind = ANY($3) AND n.source <> $4`

// upsertDetailsSQL keeps the appointment's newest version for its mails;
// a length the event does not carry (0) keeps the one known.
const upsertDetailsSQL = `INSERT INTO appointment_details (appointment_id, service, business, location, customer_email,
		price, duration_minutes, starts_at, status, version)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
	ON CONFLICT (appointment_id) DO UPDATE SET service = EXCLUDED.service, business = EXCLUDED.business,
		location = EXCLUDED.location, customer_email = EXCLUDED.customer_email, price = EXCLUDED.price,
		duration_minutes = CASE WHEN EXCLUDED.duration_minutes > 0 THEN EXCLUDED.duration_minutes ELSE appointment_details.duration_minutes END,
		starts_at = EXCLUDED.starts_at, status = EXCLUDED.status, version = EXCLUDED.version
	WHERE appointment_details.version <= EXCLUDED.version`

func queueDetails(b *pgx.Batch, d notification.Details) {
	b.Queue(upsertDetailsSQL, d.AppointmentID, d.Service, d.Business, d.Location, d.CustomerEmail,
		d.Price, d.Minutes, d.StartsAt, d.Status, d.Version)
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

func queueReminder(b *pgx.Batch, r notification.Reminder) {
	state := "dropped"
	if r.Due {
		state = "pending"
	}
	b.Queue(upsertReminderSQL, r.AppointmentID, r.Kind, r.RecipientID, r.Text, r.StartsAt, r.DueAt, state, r.Version)
}
