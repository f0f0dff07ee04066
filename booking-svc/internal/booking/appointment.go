// Package booking is the booking domain: appointments, the slots they may
// take, the status machine and the booking and reschedule rules. It imports
// no transport and no driver; its rules are tested without I/O.
package booking

import (
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

// Statuses of an appointment (docs/product.md#states-and-transitions).
const (
	StatusPending    = "pending"
	StatusScheduled  = "scheduled"
	StatusConfirmed  = "confirmed"
	StatusInProgress = "in-progress"
	StatusCompleted  = "completed"
	StatusCancelled  = "cancelled"
	StatusRejected   = "rejected"
	StatusNoShow     = "no-show"
)

// Statuses lists every status, for validation.
var Statuses = []string{StatusPending, StatusScheduled, StatusConfirmed, StatusInProgress,
	StatusCompleted, StatusCancelled, StatusRejected, StatusNoShow}

// Event types written to booking.appointments.v1.
const (
	EventCreated       = "created"
	EventStatusChanged = "status_changed"
	EventRescheduled   = "rescheduled"
	// EventReassigned: the provider gave the appointment to another
	// member of their team (the customer is told).
	EventReassigned = "reassigned"
)

// Appointment is one booking of one slot of one service.
type Appointment struct {
	ID              string    `json:"id"`
	ServiceID       string    `json:"serviceId"`
	ServiceName     string    `json:"serviceName"`
	ServiceCategory string    `json:"serviceCategory"`
	ProviderID      string    `json:"providerId"`
	Provider        string    `json:"provider"`
	Location        string    `json:"location"`
	CustomerID      string    `json:"customerId"`
	CustomerName    string    `json:"customerName"`
	CustomerEmail   string    `json:"customerEmail"`
	CustomerPhone   string    `json:"customerPhone"`
	CustomerAddress string    `json:"customerAddress"`
	Notes           string    `json:"notes"`
	StartsAt        time.Time `json:"startsAt"`
	// Date is the calendar date (YYYY-MM-DD) of StartsAt in the business zone.
	Date string `json:"date"`
	// Time is the slot as the service lists it ("09:00" or "9:00 AM").
	Time        string `json:"time"`
	Status      string `json:"status"`
	HasReviewed bool   `json:"hasReviewed"`
	// Price is the service's price (rupees) when it was booked; 0 for
	// appointments booked before prices were kept (store migration 004).
	Price float64 `json:"price"`
	// Duration is the service's minutes when this change booked or moved
	// the appointment (not stored: the events carry it to the mails).
	Duration int `json:"-"`
	// Spacing is how far from another active appointment of the service
	// this one must start when booked or moved (buffer.go; 0: no buffer).
	Spacing time.Duration `json:"-"`
	// AwaitingProvider: the provider has not answered it yet, a new
	// request or one the customer moved before the provider answered it
	// (a reschedule answers scheduled, the contract's status, and keeps
	// this). It is among the provider's requests until accepted or
	// declined (rules.go ProviderTransition).
	AwaitingProvider bool `json:"awaitingProvider"`
	// Reason is what was said when it was declined or cancelled, and
	// CancelledBy who said it (identity.Role*): told to the other party.
	Reason      string `json:"reason"`
	CancelledBy string `json:"cancelledBy"`
	// StaffID and StaffName are the team member who performs it (staff.go);
	// empty when booked before teams (presented as the owner). StaffEmail
	// is theirs as booked or reassigned, stored for the events (their own
	// mails, docs/product.md "Team members"), never shown.
	StaffID    string `json:"staffId"`
	StaffName  string `json:"staffName"`
	StaffEmail string `json:"-"`
	// EndsAt is StartsAt plus the service's duration as booked or moved;
	// zero when booked before teams and not yet adopted (store backfill).
	EndsAt    time.Time `json:"endsAt"`
	Version   int64     `json:"version"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Active reports whether the appointment holds its slot: cancelled and
// rejected ones free it for someone else.
func (a Appointment) Active() bool { return Holds(a.Status) }

// Holds reports whether an appointment in status keeps its slot taken.
func Holds(status string) bool { return status != StatusCancelled && status != StatusRejected }

// Started reports whether the appointment's start has passed at now.
func (a Appointment) Started(now time.Time) bool { return !now.Before(a.StartsAt) }

// ServiceInfo is what booking needs of a catalogue service.
type ServiceInfo struct {
	ID         string
	ProviderID string
	Name       string
	Category   string
	Provider   string
	Location   string
	TimeSlots  []string
	IsActive   bool
	// QueueClosed and Closures are the provider's schedule (closed.go);
	// the zero value takes bookings.
	QueueClosed bool
	Closures    []Closure
	// MinNotice is how far ahead a slot must be booked (0: up to its
	// start): a closer slot is not free (notice.go).
	MinNotice time.Duration
	// Buffer is the gap kept free between two of its appointments
	// (buffer.go).
	Buffer time.Duration
	// Duration is the service's length in minutes (calendar files end
	// their events with it).
	Duration int
	// Price is in rupees.
	Price float64
	// Staff are the members who perform it, owner first then by name
	// (staff.go); empty: nobody can be booked.
	Staff []Member
}

// NewBooking is the create payload (docs/product.md#data).
type NewBooking struct {
	ServiceID       string `json:"serviceId"`
	Date            string `json:"date"`
	Time            string `json:"time"`
	Notes           string `json:"notes"`
	CustomerName    string `json:"customerName"`
	CustomerEmail   string `json:"customerEmail"`
	CustomerPhone   string `json:"customerPhone"`
	CustomerAddress string `json:"customerAddress"`
	// StaffID is the member asked for; "" is anyone available. Left out of
	// the idempotency hash when empty, so keys from before teams replay.
	StaffID string `json:"staffId,omitempty"`
}

// Caller is who is calling (from the verified token).
type Caller = identity.Caller

// Change is the outcome of a mutation: the event to publish with it.
type Change struct {
	Type           string
	PreviousStatus string
	// ActorRole is the role of who made the change (identity.Role*): a
	// cancellation tells the other side who cancelled.
	ActorRole string
	// ClosureNote is the provider's note on a closed day (EventDayClosed).
	ClosureNote string
	// Reason is what the actor said declining or cancelling (may be empty).
	Reason string
	// Declined: the provider cancelled it while it awaited their answer.
	Declined bool
	// ClosedBy names the member whose own day off made an EventDayClosed
	// notice ("": the business closed the day).
	ClosedBy string
	// PreviousStaffID, PreviousStaffName and PreviousStaffEmail are the
	// member a reassignment or reschedule took the appointment from (empty:
	// it stayed with them), who is told it is no longer theirs (assign).
	PreviousStaffID, PreviousStaffName, PreviousStaffEmail string
	// AccountClosed: cancelled because the actor's account is closing
	// (closing.go); the other side is told without naming them.
	AccountClosed bool
}

// DaySlots is one day of availability.
type DaySlots struct {
	Date  string
	Slots []SlotState
	// Closed is a provider's day off (no slot available), with its note.
	Closed     bool
	ClosedNote string
}

// SlotState is one slot of a day and whether it can still be booked.
type SlotState struct {
	Time      string
	StartsAt  time.Time
	Available bool
}
