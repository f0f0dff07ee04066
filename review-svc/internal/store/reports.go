package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Report stores an open report; the partial unique index
// review_reports_one_open decides a second one by the same reporter.
func (s Reviews) Report(ctx context.Context, rep review.Report) error {
	_, err := s.Pool.Exec(ctx, `INSERT INTO review_reports (id, review_id, reporter_id, reporter_role, reason, details, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, rep.ID, rep.ReviewID, rep.ReporterID, rep.ReporterRole, rep.Reason, rep.Details, rep.CreatedAt)
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" && pg.ConstraintName == "review_reports_one_open" {
		return review.ErrAlreadyReported
	}
	return err
}

// OpenReports lists up to limit visible reviews with open reports whose
// first open report comes after the key (0: from the start), the longest
// waiting first, each with its open reports oldest first. A review's first
// open report is one with no earlier open report of the same review; the
// reports are read in seq order off review_reports_open_by_seq and the
// check is one probe of review_reports_open_by_review (007, 008), so a page
// stops after limit reviews however long the queue.
func (s Reviews) OpenReports(ctx context.Context, afterSeq int64, limit int) ([]review.Reported, error) {
	rows, err := s.Pool.Query(ctx, `WITH firsts AS (
			SELECT p.review_id, p.seq FROM review_reports p JOIN reviews r ON r.id = p.review_id
			WHERE p.decided_at IS NULL AND p.seq > $1 AND r.hidden_at IS NULL
			AND NOT EXISTS (SELECT 1 FROM review_reports q WHERE q.review_id = p.review_id AND q.decided_at IS NULL AND q.seq < p.seq)
			ORDER BY p.seq LIMIT $2)
		SELECT `+prefixed("r.")+`, f.seq, p.id::text, p.reporter_id, p.reporter_role, p.reason, p.details, p.created_at
		FROM firsts f JOIN reviews r ON r.id = f.review_id JOIN review_reports p ON p.review_id = f.review_id AND p.decided_at IS NULL
		ORDER BY f.seq, p.seq`, afterSeq, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []review.Reported{}
	for rows.Next() {
		var r review.Review
		var rep review.Report
		var text, business *string
		var created, updated *time.Time
		var first int64
		if err := rows.Scan(&r.ID, &r.AppointmentID, &r.ServiceID, &r.ServiceName, &r.ProviderID, &r.CustomerID,
			&r.CustomerEmail, &r.CustomerName, &r.Rating, &r.Comment, &r.CreatedAt, &text, &business, &created, &updated,
			&first, &rep.ID, &rep.ReporterID, &rep.ReporterRole, &rep.Reason, &rep.Details, &rep.CreatedAt); err != nil {
			return nil, err
		}
		if text != nil {
			r.Reply = &review.Reply{Text: *text, BusinessName: deref(business), CreatedAt: derefTime(created), UpdatedAt: derefTime(updated)}
		}
		rep.ReviewID = r.ID
		if n := len(out); n == 0 || out[n-1].Review.ID != r.ID {
			out = append(out, review.Reported{Review: r, FirstSeq: first})
		}
		out[len(out)-1].Reports = append(out[len(out)-1].Reports, rep)
	}
	return out, rows.Err()
}

// Decide closes the review's open reports with decision, hides the review
// when it is review.DecisionHide, and writes the event that tells the
// author and the reporters ("hidden" or "kept"), all in one transaction.
// The review row is locked first, so two operators deciding at once
// decide once: the second finds no open report.
func (s Reviews) Decide(ctx context.Context, reviewID, decision, operatorID string, at time.Time, eventID string) ([]string, error) {
	var reporters []string
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		r, err := scanReview(tx.QueryRow(ctx, `SELECT `+reviewColumns+` FROM reviews WHERE id::text = $1 AND hidden_at IS NULL FOR UPDATE`, reviewID))
		if errors.Is(err, pgx.ErrNoRows) {
			return review.ErrNotFound
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE review_reports SET decided_at = $2, decision = $3, decided_by = $4
			WHERE review_id = $1 AND decided_at IS NULL RETURNING reporter_id`, r.ID, at, decision, operatorID)
		if err != nil {
			return err
		}
		reporters, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		if len(reporters) == 0 {
			return review.ErrNotFound
		}
		typ := "kept"
		if decision == review.DecisionHide {
			typ = "hidden"
			if _, err := tx.Exec(ctx, `UPDATE reviews SET hidden_at = $2 WHERE id = $1`, r.ID, at); err != nil {
				return err
			}
		}
		ev := reviewEvent(r, eventID, typ, at)
		ev.ReporterIds = reporters
		return outbox.Write(ctx, tx, topics.Reviews, r.ServiceID, ev)
	})
	if err == nil && s.Kick != nil {
		s.Kick()
	}
	return reporters, err
}

// Testimonials lists the newest visible 5-star reviews (every review has a
// comment of at least five characters: review.ValidateInput).
func (s Reviews) Testimonials(ctx context.Context, limit int) ([]review.Review, error) {
	return s.list(ctx, selectReviews+`WHERE rating = 5 AND hidden_at IS NULL AND customer_name <> ''
		ORDER BY created_at DESC, seq DESC LIMIT $1`, limit)
}

// Stats counts and averages the ratings of the visible reviews.
func (s Reviews) Stats(ctx context.Context) (review.Stats, error) {
	var st review.Stats
	err := s.Pool.QueryRow(ctx, `SELECT count(*), coalesce(avg(rating), 0)::float8 FROM reviews WHERE hidden_at IS NULL`).Scan(&st.Count, &st.Average)
	return st, err
}

// prefixed is reviewColumns qualified with alias ("r.") for a join.
func prefixed(alias string) string {
	cols := strings.Split(reviewColumns, ",")
	for i, c := range cols {
		cols[i] = alias + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}
