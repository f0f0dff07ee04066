// Package review is the review domain: who may review which appointment,
// what a valid review is, and the review lists. It imports no transport and
// no driver; the store and the transport implement and call it.
package review

import (
	"context"
	"errors"
	"github.com/slotwise/slotwise/platform/identity"
	"time"
)

// Appointment statuses that matter for reviews (booking-svc owns the full
// state machine).
const (
	StatusScheduled = "scheduled"
	StatusConfirmed = "confirmed"
	StatusCompleted = "completed"
)

// Caller is the verified user making a request.
type Caller = identity.Caller

// Input is a review as the customer submits it. Rating is nil when absent.
type Input struct {
	AppointmentID string
	Rating        *int32
	Comment       string
}

// Appointment is review-svc's projection of one booking-svc appointment:
// the last state seen on booking.appointments.v1.
type Appointment struct {
	ID            string
	ServiceID     string
	ServiceName   string
	CustomerID    string
	CustomerEmail string
	// CustomerName is the name the booking was made under.
	CustomerName string
	ProviderID   string
	Status       string
	StartsAt     time.Time
	Version      int64
}

// Review is a stored review.
type Review struct {
	ID            string
	AppointmentID string
	ServiceID     string
	ServiceName   string
	ProviderID    string
	CustomerID    string
	CustomerEmail string
	// CustomerName is the reviewer's name as the appointment had it; others
	// see only its DisplayName.
	CustomerName string
	Rating       int32
	Comment      string
	CreatedAt    time.Time
}

// Repository stores reviews and reads the appointment projection.
type Repository interface {
	// Appointment returns the projected appointment; ErrNotFound when no
	// event for it has been seen.
	Appointment(ctx context.Context, id string) (Appointment, error)
	// Create stores r and, in the same transaction, the event announcing it
	// (eventID identifies that event). ErrAlreadyReviewed when the
	// appointment already has a review.
	Create(ctx context.Context, r Review, eventID string) error
	// ByService and ByProvider list reviews newest first.
	ByService(ctx context.Context, serviceID string) ([]Review, error)
	ByProvider(ctx context.Context, providerID string) ([]Review, error)
	// ByCustomer lists a customer's own reviews newest first.
	ByCustomer(ctx context.Context, customerID string) ([]Review, error)
}

// Repository errors.
var (
	ErrNotFound        = errors.New("not found")
	ErrAlreadyReviewed = errors.New("appointment already reviewed")
)
