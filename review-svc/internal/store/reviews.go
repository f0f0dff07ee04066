package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Reviews implements review.Repository.
type Reviews struct {
	Pool *pgxpool.Pool
	// Kick wakes the outbox relay after a commit (nil: wait for its poll).
	Kick func()
}

func (s Reviews) Appointment(ctx context.Context, id string) (review.Appointment, error) {
	var a review.Appointment
	err := s.Pool.QueryRow(ctx, `SELECT id, service_id, service_name, customer_id, customer_email, customer_name, provider_id,
		status, starts_at, version FROM appointments WHERE id = $1`, id).
		Scan(&a.ID, &a.ServiceID, &a.ServiceName, &a.CustomerID, &a.CustomerEmail, &a.CustomerName, &a.ProviderID, &a.Status, &a.StartsAt, &a.Version)
	if errors.Is(err, pgx.ErrNoRows) {
		return review.Appointment{}, review.ErrNotFound
	}
	return a, err
}

// Create stores r and its ReviewEvent in one transaction. The unique
// constraint on appointment_id decides concurrent submissions.
func (s Reviews) Create(ctx context.Context, r review.Review, eventID string) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO reviews (id, appointment_id, service_id, service_name, provider_id,
			customer_id, customer_email, customer_name, rating, comment, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
			r.ID, r.AppointmentID, r.ServiceID, r.ServiceName, r.ProviderID, r.CustomerID, r.CustomerEmail, r.CustomerName, r.Rating, r.Comment, r.CreatedAt)
		if err != nil {
			return err
		}
		return outbox.Write(ctx, tx, topics.Reviews, r.ServiceID, &eventsv1.ReviewEvent{
			EventId: eventID, Type: "created", OccurredAt: timestamppb.New(r.CreatedAt),
			ReviewId: r.ID, AppointmentId: r.AppointmentID, ServiceId: r.ServiceID, CustomerId: r.CustomerID, Rating: r.Rating,
			ProviderId: r.ProviderID, ServiceName: r.ServiceName,
		})
	})
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" && pg.ConstraintName == "reviews_one_per_appointment" {
		return review.ErrAlreadyReviewed
	}
	if err == nil && s.Kick != nil {
		s.Kick()
	}
	return err
}

// reviewColumns are what scanReview reads, in its order.
const reviewColumns = `id::text, appointment_id, service_id, service_name, provider_id, customer_id,
	customer_email, customer_name, rating, comment, created_at, reply_text, reply_business, reply_created_at, reply_updated_at`

const selectReviews = `SELECT ` + reviewColumns + ` FROM reviews `

// Hidden reviews leave every public list (docs/product.md "Replies and reports").
// ByService reads a page off reviews_by_service (service_id, created_at
// DESC, seq DESC), with each review's seq for the next page's key.
func (s Reviews) ByService(ctx context.Context, serviceID string, after *review.PageKey, limit int) ([]review.Review, error) {
	return s.page(ctx, `service_id = $1 AND hidden_at IS NULL`, serviceID, after, limit)
}

// ByProvider reads a page off reviews_by_provider, hidden ones left out.
func (s Reviews) ByProvider(ctx context.Context, providerID string, after *review.PageKey, limit int) ([]review.Review, error) {
	return s.page(ctx, `provider_id = $1 AND hidden_at IS NULL`, providerID, after, limit)
}

// ProviderSummary counts and averages the visible reviews of a provider's
// services: one aggregate on reviews_by_provider, so a screen shows the
// rating of all of them while it lists only a page.
func (s Reviews) ProviderSummary(ctx context.Context, providerID string) (review.Stats, error) {
	var st review.Stats
	err := s.Pool.QueryRow(ctx, `SELECT count(*), coalesce(avg(rating), 0)::float8 FROM reviews
		WHERE provider_id = $1 AND hidden_at IS NULL`, providerID).Scan(&st.Count, &st.Average)
	return st, err
}

// ByCustomer reads a page off reviews_by_customer (006), hidden ones
// included: they are still the author's.
func (s Reviews) ByCustomer(ctx context.Context, customerID string, after *review.PageKey, limit int) ([]review.Review, error) {
	return s.page(ctx, `customer_id = $1`, customerID, after, limit)
}

// page reads up to limit reviews matching where (on $1 = id) after the key,
// newest first, in the order (created_at DESC, seq DESC) of the index that
// leads with where's column.
func (s Reviews) page(ctx context.Context, where, id string, after *review.PageKey, limit int) ([]review.Review, error) {
	q, args := `SELECT `+reviewColumns+`, seq FROM reviews WHERE `+where+`
		ORDER BY created_at DESC, seq DESC LIMIT $2`, []any{id, limit}
	if after != nil {
		q, args = `SELECT `+reviewColumns+`, seq FROM reviews WHERE `+where+`
		AND (created_at, seq) < ($3, $4) ORDER BY created_at DESC, seq DESC LIMIT $2`, append(args, after.CreatedAt, after.Seq)
	}
	rows, err := s.Pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (review.Review, error) {
		var seq int64
		r, err := scanReview(seqRow{row, &seq})
		r.Seq = seq
		return r, err
	})
	if out == nil {
		out = []review.Review{}
	}
	return out, err
}

// seqRow scans reviewColumns and then seq.
type seqRow struct {
	pgx.Row
	seq *int64
}

func (r seqRow) Scan(dest ...any) error { return r.Row.Scan(append(dest, r.seq)...) }

func (s Reviews) list(ctx context.Context, sql string, args ...any) ([]review.Review, error) {
	rows, err := s.Pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (review.Review, error) { return scanReview(row) })
	if out == nil {
		out = []review.Review{}
	}
	return out, err
}

// scanReview reads reviewColumns.
func scanReview(row pgx.Row) (review.Review, error) {
	var r review.Review
	var text, business *string
	var created, updated *time.Time
	err := row.Scan(&r.ID, &r.AppointmentID, &r.ServiceID, &r.ServiceName, &r.ProviderID, &r.CustomerID,
		&r.CustomerEmail, &r.CustomerName, &r.Rating, &r.Comment, &r.CreatedAt, &text, &business, &created, &updated)
	if err == nil && text != nil {
		r.Reply = &review.Reply{Text: *text, BusinessName: deref(business), CreatedAt: derefTime(created), UpdatedAt: derefTime(updated)}
	}
	return r, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func derefTime(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
