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
// (hasReviewed) and keeps their rating (analytics), once per event. A review
// an operator hid leaves the analytics as it leaves the service's rating
// (catalog-svc/internal/events/reviews.go): its rating is dropped, and a
// later "kept" puts it back. The events of a service stay in order on its
// partition, so a decision always follows its review's "created".
func Reviews(s booking.Service, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.ReviewEvent) error {
		rating := int(ev.GetRating())
		switch ev.GetType() {
		case "", "created", "kept":
		case "hidden":
			rating = 0 // stored as no rating: not counted
		default:
			return nil // a reply leaves the appointment as it is
		}
		if ev.GetEventId() == "" || ev.GetAppointmentId() == "" {
			log.WarnContext(ctx, "review event without event or appointment id skipped", "offset", msg.Offset)
			return nil
		}
		telemetry.Annotate(ctx, telemetry.ReviewID.String(ev.GetReviewId()), telemetry.AppointmentID.String(ev.GetAppointmentId()),
			telemetry.ServiceID.String(ev.GetServiceId()))
		if err := s.MarkReviewed(ctx, ev.GetEventId(), ev.GetAppointmentId(), rating); err != nil {
			return fmt.Errorf("mark appointment %s reviewed: %w", ev.GetAppointmentId(), err)
		}
		return nil
	})
}
