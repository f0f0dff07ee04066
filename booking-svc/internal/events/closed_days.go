package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/telemetry"
)

// scheduleChange is the ServiceEvent type of a change to a provider's queue
// or days off (api/proto/slotwise/events/v1/events.proto).
const scheduleChange = "schedule"

// Notices writes the notices a service's schedule change makes due
// (booking.ClosedDayNotices).
type Notices interface {
	ScheduleChanged(ctx context.Context, serviceID string) (int, error)
}

// ClosedDays returns the handler that tells customers whose appointment
// falls on a day its provider has just closed. It runs in one consumer
// group for all booking-svc processes (topics.BookingClosedDaysGroup), and
// each notice is written once however often an event arrives.
func ClosedDays(n Notices, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.ServiceEvent) error {
		if ev.GetType() != scheduleChange || ev.GetServiceId() == "" {
			return nil
		}
		telemetry.Annotate(ctx, telemetry.ServiceID.String(ev.GetServiceId()), telemetry.ProviderID.String(ev.GetProviderId()))
		wrote, err := n.ScheduleChanged(ctx, ev.GetServiceId())
		if err != nil {
			return fmt.Errorf("closed-day notices of service %s: %w", ev.GetServiceId(), err)
		}
		if wrote > 0 {
			log.InfoContext(ctx, "customers told of a closed day", "service_id", ev.GetServiceId(), "appointments", wrote)
		}
		return nil
	})
}
