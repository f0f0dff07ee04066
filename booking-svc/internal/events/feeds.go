package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/revoke"
)

// FeedRevoker ends an account's calendar feeds (store.Feeds).
type FeedRevoker interface {
	// RevokeFeeds deletes, once per eventID, userID's feed and (for a
	// provider) their team members' feeds made at or before at.
	RevokeFeeds(ctx context.Context, eventID, userID string, at time.Time) error
}

// RevokedAccess returns the handler of auth.accounts.v1 that ends the
// calendar feed addresses of an account whose sessions all ended
// (platform/revoke): whoever held the account may have copied them. The
// next read of the Calendar (or Team) page makes a new address. A feed
// made after the event is the owner's new one and stays. Other event types
// are not this consumer's.
func RevokedAccess(r FeedRevoker, log *slog.Logger) kafkax.Handler {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.AccountEvent) error {
		if ev.GetType() != revoke.AccessRevoked {
			return nil
		}
		if ev.GetEventId() == "" || ev.GetUserId() == "" || ev.GetOccurredAt() == nil {
			log.WarnContext(ctx, "access_revoked event without event id, user id or time skipped", "offset", msg.Offset)
			return nil
		}
		if err := r.RevokeFeeds(ctx, ev.GetEventId(), ev.GetUserId(), ev.GetOccurredAt().AsTime()); err != nil {
			return fmt.Errorf("revoke the calendar feeds of %s: %w", ev.GetUserId(), err)
		}
		return nil
	})
}
