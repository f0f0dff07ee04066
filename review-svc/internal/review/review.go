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
	// ProviderName is the business's name, which signs its replies.
	ProviderName string
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
	// Reply is the provider's public answer, nil when there is none.
	Reply *Reply
	// Seq orders reviews written in one instant; set by the paged reads,
	// whose pages are keyed on (CreatedAt, Seq) (page.go).
	Seq int64
}

// Reply is a provider's public answer under a review, signed with the
// business name it had when first written.
type Reply struct {
	Text         string
	BusinessName string
	CreatedAt    time.Time
	UpdatedAt    time.Time
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
	// ByService and ByProvider list up to limit reviews after the key (nil:
	// the newest), newest first, hidden ones left out.
	ByService(ctx context.Context, serviceID string, after *PageKey, limit int) ([]Review, error)
	ByProvider(ctx context.Context, providerID string, after *PageKey, limit int) ([]Review, error)
	// ProviderSummary counts and averages the ratings of a provider's
	// reviews not hidden.
	ProviderSummary(ctx context.Context, providerID string) (Stats, error)
	// ByCustomer lists up to limit of a customer's own reviews after the
	// key (nil: the newest), newest first, hidden ones included.
	ByCustomer(ctx context.Context, customerID string, after *PageKey, limit int) ([]Review, error)
	// Visible returns a review that is not hidden; ErrNotFound otherwise.
	Visible(ctx context.Context, id string) (Review, error)
	// BusinessName is the name the provider's business goes by in the
	// appointments seen for it ("" when none says).
	BusinessName(ctx context.Context, providerID string) (string, error)
	// SetReply stores r's reply and, when announce is set, the event that
	// tells its author (eventID), in one transaction.
	SetReply(ctx context.Context, r Review, announce bool, eventID string) error
	// DeleteReply removes a review's reply.
	DeleteReply(ctx context.Context, reviewID string) error
	// Report stores an open report; ErrAlreadyReported when the reporter has
	// one open on the review.
	Report(ctx context.Context, rep Report) error
	// OpenReports lists up to limit reviews with open reports, the longest
	// waiting first, from after the queue place afterSeq (0: the start).
	OpenReports(ctx context.Context, afterSeq int64, limit int) ([]Reported, error)
	// Decide closes every open report of a review with decision, hides the
	// review when decision is DecisionHide, and stores the event that tells
	// the author and the reporters, in one transaction; it returns the
	// reporters told. ErrNotFound when the review has no open report.
	Decide(ctx context.Context, reviewID, decision, operatorID string, at time.Time, eventID string) ([]string, error)
	// Testimonials lists up to limit recent 5-star reviews with a comment, not hidden.
	Testimonials(ctx context.Context, limit int) ([]Review, error)
	// Stats counts and averages the ratings of the reviews not hidden.
	Stats(ctx context.Context) (Stats, error)
}

// Stats are the figures of every review not hidden.
type Stats struct {
	Count   int64
	Average float64
}

// Repository errors.
var (
	ErrNotFound        = errors.New("not found")
	ErrAlreadyReviewed = errors.New("appointment already reviewed")
	ErrAlreadyReported = errors.New("review already reported by this reporter")
)
