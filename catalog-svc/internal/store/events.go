package store

import (
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Types of ServiceEvent.
const (
	EventCreated = "created"
	EventUpdated = "updated"
	EventDeleted = "deleted"
	// EventRated is a review's rating added to the service's aggregate.
	EventRated = "rated"
	// EventSchedule is the provider's queue or days off changed: every
	// service of theirs is booked under new rules.
	EventSchedule = "schedule"
	// EventMemberRemoved is a team member removed: keyed by the provider,
	// with the member's id (api/proto/slotwise/events/v1/events.proto).
	EventMemberRemoved = "member_removed"
)

// memberRemovedEvent is the event of member staffID leaving providerID's
// team at at.
func memberRemovedEvent(providerID, staffID string, at time.Time) *eventsv1.ServiceEvent {
	return &eventsv1.ServiceEvent{EventId: uuid.NewString(), Type: EventMemberRemoved, OccurredAt: timestamppb.New(at),
		ProviderId: providerID, StaffId: staffID}
}

// serviceEvent is the event of a change whose result is o.
func serviceEvent(o catalog.Offering, typ string) *eventsv1.ServiceEvent {
	return &eventsv1.ServiceEvent{
		EventId: uuid.NewString(), Type: typ, OccurredAt: timestamppb.New(o.UpdatedAt),
		ServiceId: o.ID, ProviderId: o.ProviderID, Name: o.Name, Category: o.Category, Provider: o.Provider,
		Location: o.Location, TimeSlots: o.TimeSlots, IsActive: o.IsActive, Deleted: typ == EventDeleted,
	}
}
