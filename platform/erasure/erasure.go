// Package erasure is every service's part of "Delete my account"
// (docs/product.md "Your data"): auth-svc deletes the account and
// publishes account_deleted on auth.accounts.v1; each other service
// consumes it with Handler and deletes or anonymises its own rows. From
// then on the service refuses the user's tokens (Refuse) and its consumers
// copy nothing personal of theirs again (Guard; erased.go).
package erasure

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/inbox"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// The event types of an account deletion (events.proto AccountEvent.type):
// AccountClosing first, on which booking-svc refuses and cancels the
// account's bookings, then AccountDeleted, on which every service erases.
const (
	AccountClosing = "account_closing"
	AccountDeleted = "account_deleted"
)

// Erase deletes or anonymises userID's rows of one service, inside tx.
type Erase func(ctx context.Context, tx pgx.Tx, userID string) error

// Statements is the Erase of a service whose erasure is a list of SQL
// statements, each run in order with the user's id as $1.
func Statements(statements ...string) Erase {
	return func(ctx context.Context, tx pgx.Tx, userID string) error {
		for _, q := range statements {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		return nil
	}
}

// Handler returns the consumer of auth.accounts.v1 for consumer (its
// group): the users of a batch's account_deleted events are recorded as
// erased (Record), then every event is erased in one transaction with its
// inbox record, so a redelivered event changes nothing. Other event types
// are not this consumer's and are skipped, as are events that can never
// apply (undecodable, no ids): retrying them would stall the partition.
func Handler(pool *pgxpool.Pool, consumer string, erase Erase, log *slog.Logger) kafkax.BatchHandler {
	return func(ctx context.Context, msgs []kafka.Message) error {
		var ids, users []string
		for _, msg := range msgs {
			ev, ok := kafkax.Decode[eventsv1.AccountEvent](ctx, log, msg)
			if !ok || ev.GetType() != AccountDeleted {
				continue
			}
			if ev.GetEventId() == "" || ev.GetUserId() == "" {
				log.ErrorContext(ctx, "skipping incomplete account event", "partition", msg.Partition, "offset", msg.Offset,
					"event_id", ev.GetEventId())
				continue
			}
			ids, users = append(ids, ev.GetEventId()), append(users, ev.GetUserId())
		}
		if len(ids) == 0 {
			return nil
		}
		// The record commits first, on its own: from then on the users'
		// tokens are refused and nothing of theirs is copied (erased.go),
		// so the erasure below, whose statements start after it, misses
		// nothing written before (Refuse re-erases after a call that
		// raced it).
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return Record(ctx, tx, users...) }); err != nil {
			return err
		}
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			first, err := inbox.FirstTimes(ctx, tx, consumer, ids)
			if err != nil {
				return err
			}
			for i, id := range ids {
				if !first[id] {
					continue
				}
				delete(first, id) // an id twice in the batch is erased once
				if err := erase(ctx, tx, users[i]); err != nil {
					return err
				}
				log.InfoContext(ctx, "account erased", "user_id", users[i], "event_id", id)
			}
			return nil
		})
	}
}
