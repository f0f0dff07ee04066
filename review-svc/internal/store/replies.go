package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/postgres"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Visible returns a review that is not hidden.
func (s Reviews) Visible(ctx context.Context, id string) (review.Review, error) {
	if !postgres.IsUUID(id) {
		return review.Review{}, review.ErrNotFound
	}
	r, err := scanReview(s.Pool.QueryRow(ctx, selectReviews+`WHERE id = $1 AND hidden_at IS NULL`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return review.Review{}, review.ErrNotFound
	}
	return r, err
}

// BusinessName is the business name of the provider's latest appointment
// that carried one (the projection of booking.appointments.v1).
func (s Reviews) BusinessName(ctx context.Context, providerID string) (string, error) {
	var name string
	err := s.Pool.QueryRow(ctx, `SELECT provider_name FROM appointments WHERE provider_id = $1 AND provider_name <> ''
		ORDER BY updated_at DESC LIMIT 1`, providerID).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return name, err
}

// SetReply stores the reply and, when announce is set, the "replied" event
// that tells the review's author, in one transaction.
func (s Reviews) SetReply(ctx context.Context, r review.Review, announce bool, eventID string) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE reviews SET reply_text = $2, reply_business = $3, reply_created_at = $4, reply_updated_at = $5
			WHERE id = $1`, r.ID, r.Reply.Text, r.Reply.BusinessName, r.Reply.CreatedAt, r.Reply.UpdatedAt)
		if err != nil || !announce {
			return err
		}
		return outbox.Write(ctx, tx, topics.Reviews, r.ServiceID, reviewEvent(r, eventID, "replied", r.Reply.UpdatedAt))
	})
	if err == nil && announce && s.Kick != nil {
		s.Kick()
	}
	return err
}

// DeleteReply removes a review's reply (nobody is told).
func (s Reviews) DeleteReply(ctx context.Context, reviewID string) error {
	_, err := s.Pool.Exec(ctx, `UPDATE reviews SET reply_text = NULL, reply_business = NULL, reply_created_at = NULL,
		reply_updated_at = NULL WHERE id = $1`, reviewID)
	return err
}

// reviewEvent is r's event of type typ on review.reviews.v1.
func reviewEvent(r review.Review, eventID, typ string, at time.Time) *eventsv1.ReviewEvent {
	ev := &eventsv1.ReviewEvent{
		EventId: eventID, Type: typ, OccurredAt: timestamppb.New(at),
		ReviewId: r.ID, AppointmentId: r.AppointmentID, ServiceId: r.ServiceID, CustomerId: r.CustomerID, Rating: r.Rating,
		ProviderId: r.ProviderID, ServiceName: r.ServiceName,
	}
	if r.Reply != nil {
		ev.BusinessName = r.Reply.BusinessName
	}
	return ev
}
