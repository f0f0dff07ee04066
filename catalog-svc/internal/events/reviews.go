// Package events holds the catalog's Kafka consumers.
package events

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// ReviewRatings applies each review's rating to its service's aggregate.
// Messages that can never apply (undecodable, bad rating) are logged and
// skipped: retrying them would stall the partition forever. Anything else
// (the database) is returned, and the consumer retries.
func ReviewRatings(s catalog.Service, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.ReviewEvent) error {
		// A new review adds its rating to the aggregate, a hidden one takes it
		// away; replies and kept reviews change nothing.
		removed := ev.GetType() == "hidden"
		if ev.GetType() != "" && ev.GetType() != "created" && !removed {
			return nil
		}
		telemetry.Annotate(ctx, telemetry.ReviewID.String(ev.GetReviewId()), telemetry.ServiceID.String(ev.GetServiceId()))
		changed, err := s.ApplyReview(ctx, catalog.ReviewRating{EventID: ev.GetEventId(), ServiceID: ev.GetServiceId(),
			Rating: int(ev.GetRating()), Removed: removed})
		if apperr.KindOf(err) == apperr.KindInvalid {
			log.ErrorContext(ctx, "skipping invalid review event", "eventId", ev.GetEventId(), "serviceId", ev.GetServiceId(), "err", err)
			return nil
		}
		if err == nil {
			log.DebugContext(ctx, "review rating applied", "eventId", ev.GetEventId(), "serviceId", ev.GetServiceId(), "changed", changed)
		}
		return err
	})
}
