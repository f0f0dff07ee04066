// Package events feeds notification-svc from Kafka: each appointment or
// review event becomes its notifications and reminders (the domain decides
// which), applied once through the inbox.
package events

import (
	"context"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/kafkax"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
	"github.com/slotwise/slotwise/notification-svc/internal/store"
)

// Inbox names of the two handlers.
const (
	AppointmentsConsumer = "notification-svc/appointments"
	ReviewsConsumer      = "notification-svc/reviews"
)

// Applier applies a batch of effects once each (store.Effects).
type Applier interface {
	Apply(ctx context.Context, consumer string, effects []store.Effect) error
}

// AppointmentHandler consumes booking.appointments.v1. A message that can
// never be applied (undecodable, or without an event id) is logged and
// skipped: retrying it would stall the partition for ever. Any other
// failure retries the batch; what was applied is a no-op the second time.
func AppointmentHandler(a Applier, loc *time.Location, log *slog.Logger) kafkax.BatchHandler {
	return func(ctx context.Context, msgs []kafka.Message) error {
		effects := make([]store.Effect, 0, len(msgs))
		for _, msg := range msgs {
			ev, ok := kafkax.Decode[eventsv1.AppointmentEvent](ctx, log, msg)
			if !ok {
				continue
			}
			if ev.GetEventId() == "" || ev.GetAppointmentId() == "" {
				log.ErrorContext(ctx, "skipping incomplete appointment event", "partition", msg.Partition, "offset", msg.Offset,
					"event_id", ev.GetEventId(), "appointment_id", ev.GetAppointmentId())
				continue
			}
			change := Appointment(ev)
			effects = append(effects, store.Effect{EventID: change.EventID, Details: notification.DetailsOf(change),
				Drafts: notification.ForAppointment(change, loc), Reminders: notification.RemindersFor(change, loc),
				People: appointmentPeople(change)})
		}
		return a.Apply(ctx, AppointmentsConsumer, effects)
	}
}

// ReviewHandler consumes review.reviews.v1.
func ReviewHandler(a Applier, log *slog.Logger) kafkax.BatchHandler {
	return func(ctx context.Context, msgs []kafka.Message) error {
		effects := make([]store.Effect, 0, len(msgs))
		for _, msg := range msgs {
			ev, ok := kafkax.Decode[eventsv1.ReviewEvent](ctx, log, msg)
			if !ok {
				continue
			}
			if ev.GetEventId() == "" {
				log.ErrorContext(ctx, "skipping review event without id", "partition", msg.Partition, "offset", msg.Offset)
				continue
			}
			r := notification.ReviewCreated{EventID: ev.GetEventId(), Type: ev.GetType(), AppointmentID: ev.GetAppointmentId(),
				ServiceName: ev.GetServiceName(), ProviderID: ev.GetProviderId(), Rating: ev.GetRating(),
				CustomerID: ev.GetCustomerId(), BusinessName: ev.GetBusinessName(), ReporterIDs: ev.GetReporterIds()}
			effects = append(effects, store.Effect{EventID: r.EventID, Drafts: notification.ForReview(r), People: reviewPeople(r)})
		}
		return a.Apply(ctx, ReviewsConsumer, effects)
	}
}

// Appointment maps an event to the domain's change.
func Appointment(ev *eventsv1.AppointmentEvent) notification.AppointmentChange {
	return notification.AppointmentChange{
		EventID: ev.GetEventId(), Type: ev.GetType(), AppointmentID: ev.GetAppointmentId(), ServiceName: ev.GetServiceName(),
		CustomerID: ev.GetCustomerId(), CustomerName: ev.GetCustomerName(), CustomerEmail: ev.GetCustomerEmail(),
		ProviderID: ev.GetProviderId(), Provider: ev.GetProvider(), ClosureNote: ev.GetClosureNote(), Status: ev.GetStatus(), PreviousStatus: ev.GetPreviousStatus(), ActorRole: ev.GetActorRole(),
		Price: ev.GetPrice(), Location: ev.GetLocation(), Duration: int(ev.GetDurationMinutes()), Reason: ev.GetReason(), Declined: ev.GetDeclined(),
		StaffName: ev.GetStaffName(), ClosedBy: ev.GetClosedBy(), StaffID: ev.GetStaffId(), StaffEmail: ev.GetStaffEmail(),
		PreviousStaffID: ev.GetPreviousStaffId(), PreviousStaffName: ev.GetPreviousStaffName(), PreviousStaffEmail: ev.GetPreviousStaffEmail(),
		StartsAt: timeOf(ev.GetStartsAt()), OccurredAt: timeOf(ev.GetOccurredAt()), Version: ev.GetVersion(),
		AccountClosed: ev.GetAccountClosed(),
	}
}

// appointmentPeople are the users an appointment event is about
// (store.Effect.People): when one is erased the event does nothing. The
// cancellation of a closing account's appointment is about the other side
// only: it names nobody else, and must reach them even when the closing
// account's erasure got here first.
func appointmentPeople(a notification.AppointmentChange) []string {
	if a.AccountClosed {
		switch a.ActorRole {
		case identity.RoleCustomer:
			return []string{a.ProviderID}
		case identity.RoleProvider:
			return []string{a.CustomerID}
		}
	}
	return []string{a.CustomerID, a.ProviderID}
}

// timeOf is the zero time for an absent timestamp (AsTime would say 1970).
func timeOf(ts *timestamppb.Timestamp) time.Time {
	if ts == nil {
		return time.Time{}
	}
	return ts.AsTime()
}

// reviewPeople are the users a review event is about (store.Effect.People):
// when one is erased the event does nothing. A new review is about its
// provider, a reply about the review's author. An operator's decision tells
// several people, each of whom may have been erased on their own: it names
// none, so the others are still told.
func reviewPeople(r notification.ReviewCreated) []string {
	switch r.Type {
	case "", notification.EventCreated:
		return []string{r.ProviderID}
	case notification.ReviewReplied:
		return []string{r.CustomerID}
	}
	return nil
}
