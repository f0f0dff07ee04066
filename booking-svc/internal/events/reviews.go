// Package events holds the booking service's Kafka consumers.
package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// TopicReviews is where review-svc publishes reviews.
const TopicReviews = "review.reviews.v1"

// Group is the booking service's consumer group.
const Group = "booking-svc"

// Reviews returns the handler that marks reviewed appointments
// (hasReviewed), once per event.
func Reviews(s booking.Service, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return func(ctx context.Context, msg kafka.Message) error {
		var ev eventsv1.ReviewEvent
		if err := proto.Unmarshal(msg.Value, &ev); err != nil {
			// A message that can never be read would block the partition
			// forever if retried: log it and move on.
			log.ErrorContext(ctx, "unreadable review event skipped", "offset", msg.Offset, "err", err)
			return nil
		}
		if ev.GetEventId() == "" || ev.GetAppointmentId() == "" {
			log.WarnContext(ctx, "review event without event or appointment id skipped", "offset", msg.Offset)
			return nil
		}
		if err := s.MarkReviewed(ctx, ev.GetEventId(), ev.GetAppointmentId()); err != nil {
			return fmt.Errorf("mark appointment %s reviewed: %w", ev.GetAppointmentId(), err)
		}
		return nil
	}
}
