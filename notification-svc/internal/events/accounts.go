package events

import (
	"context"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/revoke"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// AccountMailStore keeps account mails once each (store.AccountMails).
type AccountMailStore interface {
	Add(ctx context.Context, mails []notification.AccountMail, now time.Time) error
}

// AccountHandler consumes auth.accounts.v1: each event is a mail to send.
// A message that can never be a mail (undecodable, no id or address) is
// logged and skipped; a failure to store retries the batch, and a mail
// stored before is not stored twice (its event id is its key).
func AccountHandler(s AccountMailStore, now func() time.Time, log *slog.Logger) kafkax.BatchHandler {
	return func(ctx context.Context, msgs []kafka.Message) error {
		mails := make([]notification.AccountMail, 0, len(msgs))
		for _, msg := range msgs {
			ev, ok := kafkax.Decode[eventsv1.AccountEvent](ctx, log, msg)
			if !ok || ev.GetType() == erasure.AccountDeleted || ev.GetType() == erasure.AccountClosing || ev.GetType() == revoke.AccessRevoked {
				continue // not a mail: erased by its own group; closing and feeds are booking-svc's
			}
			if ev.GetEventId() == "" || ev.GetEmail() == "" {
				log.ErrorContext(ctx, "skipping incomplete account event", "partition", msg.Partition, "offset", msg.Offset,
					"event_id", ev.GetEventId())
				continue
			}
			mails = append(mails, notification.AccountMail{ID: ev.GetEventId(), Kind: ev.GetType(), UserID: ev.GetUserId(),
				To: ev.GetEmail(), Name: ev.GetFullName(), Token: ev.GetToken(), NewEmail: ev.GetNewEmail(),
				ExpiresAt: timeOf(ev.GetExpiresAt())})
		}
		return s.Add(ctx, mails, now())
	}
}
