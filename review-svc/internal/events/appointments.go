// Package events feeds review-svc from Kafka: the appointment projection
// that eligibility is decided on.
package events

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Projector applies appointment events in order, all or nothing (see
// store.Appointments).
type Projector interface {
	ApplyAll(ctx context.Context, states []review.Appointment) error
}

// AppointmentHandler returns the consumer of booking.appointments.v1: it
// applies a batch of messages in one go. Messages that can never be applied
// (undecodable, or without the ids the projection is keyed on) are logged
// and skipped: retrying them would stall the partition for ever. Anything
// else that fails is retried (the whole batch; applied events are no-ops the
// second time).
func AppointmentHandler(p Projector, log *slog.Logger) kafkax.BatchHandler {
	return func(ctx context.Context, msgs []kafka.Message) error {
		states := make([]review.Appointment, 0, len(msgs))
		for _, msg := range msgs {
			ev, ok := kafkax.Decode[eventsv1.AppointmentEvent](ctx, log, msg)
			if !ok {
				continue
			}
			a, ok := Appointment(ev)
			if !ok || ev.GetEventId() == "" {
				log.ErrorContext(ctx, "skipping incomplete appointment event", "partition", msg.Partition, "offset", msg.Offset,
					"event_id", ev.GetEventId(), "appointment_id", ev.GetAppointmentId())
				continue
			}
			states = append(states, a)
		}
		if err := p.ApplyAll(ctx, states); err != nil {
			return err
		}
		log.DebugContext(ctx, "appointment events applied", "count", len(states), "of", len(msgs))
		return nil
	}
}

// Appointment maps an event to the projected state; false when the event
// lacks what the projection needs.
func Appointment(ev *eventsv1.AppointmentEvent) (review.Appointment, bool) {
	a := review.Appointment{
		ID: ev.GetAppointmentId(), ServiceID: ev.GetServiceId(), ServiceName: ev.GetServiceName(),
		CustomerID: ev.GetCustomerId(), CustomerEmail: ev.GetCustomerEmail(), CustomerName: ev.GetCustomerName(), ProviderID: ev.GetProviderId(), ProviderName: ev.GetProvider(),
		Status: ev.GetStatus(), Version: ev.GetVersion(),
	}
	if ev.GetStartsAt() == nil || a.ID == "" || a.ServiceID == "" || a.CustomerID == "" || a.Status == "" {
		return review.Appointment{}, false
	}
	a.StartsAt = ev.GetStartsAt().AsTime()
	return a, true
}
