// Package events holds the booking service's Kafka consumers.
package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Reviews returns the handler that marks reviewed appointments
// (hasReviewed) and keeps their rating (analytics), once per event.
func Reviews(s booking.Service, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.ReviewEvent) error {
		if ev.GetType() != "" && ev.GetType() != "created" {
			return nil // replies and operators' decisions leave the appointment as it is
		}
		if ev.GetEventId() == "" || ev.GetAppointmentId() == "" {
			log.WarnContext(ctx, "review event without event or appointment id skipped", "offset", msg.Offset)
			return nil
		}
		telemetry.Annotate(ctx, telemetry.ReviewID.String(ev.GetReviewId()), telemetry.AppointmentID.String(ev.GetAppointmentId()),
			telemetry.ServiceID.String(ev.GetServiceId()))
		if err := s.MarkReviewed(ctx, ev.GetEventId(), ev.GetAppointmentId(), int(ev.GetRating())); err != nil {
			return fmt.Errorf("mark appointment %s reviewed: %w", ev.GetAppointmentId(), err)
		}
		return nil
	})
}
