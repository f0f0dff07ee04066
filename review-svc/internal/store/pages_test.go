package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Every list of reviews is bounded (docs/product.md "Paged lists"): with more
// rows than the largest page, one call answers at most MaxPageSize and the
// pages, asked for more than that, meet without a gap or a repeat.

// seedReviews writes n reviews with set (e.g. "provider_id = 'p1'" as
// column values), three to a clock instant so that pages cut through ties;
// every fifth is hidden when hide is set. It returns the ids, newest first.
func seedReviews(t *testing.T, pool *pgxpool.Pool, n int, provider, customer string, hide bool) []string {
	t.Helper()
	t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	var ids []string
	for i := range n {
		id := uuid.NewString()
		var hidden *time.Time
		if hide && i%5 == 4 {
			hidden = &t0
		}
		if _, err := pool.Exec(context.Background(), `INSERT INTO reviews (id, appointment_id, service_id, provider_id, customer_id,
			rating, comment, created_at, hidden_at) VALUES ($1, $2, 's', $3, $4, $5, 'Fine work', $6, $7)`,
			id, uuid.NewString(), provider, customer, 1+i%5, t0.Add(time.Duration(i/3)*time.Minute), hidden); err != nil {
			t.Fatal(err)
		}
		if hidden == nil {
			ids = append([]string{id}, ids...)
		}
	}
	return ids
}

// walk reads every page through next (cursor "" first) and checks each
// against the bound; it returns the ids in the order read.
func walk(t *testing.T, next func(cursor string) ([]review.Review, string, error)) []string {
	t.Helper()
	var got []string
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("the pages do not end")
		}
		list, n, err := next(cursor)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) > review.MaxPageSize {
			t.Fatalf("a page of %d, over the maximum %d", len(list), review.MaxPageSize)
		}
		for _, r := range list {
			if seen[r.ID] {
				t.Fatalf("%s on two pages", r.ID)
			}
			seen[r.ID] = true
			got = append(got, r.ID)
		}
		if n == "" {
			return got
		}
		cursor = n
	}
}

func TestProviderReviewsArePagedWithTheirSummary(t *testing.T) {
	pool := openPool(t)
	want := seedReviews(t, pool, 3*review.MaxPageSize, "p1", "c", true)
	seedReviews(t, pool, 7, "p2", "c", false)
	svc := review.NewService(Reviews{Pool: pool}, time.Now, uuid.NewString)
	prov := review.Caller{UserID: "p1", Role: identity.RoleProvider}
	var summary review.Stats
	got := walk(t, func(cursor string) ([]review.Review, string, error) {
		p, err := svc.ListForProvider(context.Background(), prov, review.PageRequest{Cursor: cursor, Limit: 10 * review.MaxPageSize})
		summary = p.Summary
		return p.Reviews, p.Next, err
	})
	if !equal(got, want) {
		t.Fatalf("read %d reviews, want the %d visible ones newest first", len(got), len(want))
	}
	// 240 visible: ratings 1-4 each 60 times (the hidden ones are the 5s).
	if summary.Count != int64(len(want)) || summary.Average != 2.5 {
		t.Fatalf("summary %+v, want %d reviews averaging 2.5", summary, len(want))
	}
}

func TestOwnReviewsArePaged(t *testing.T) {
	pool := openPool(t)
	want := seedReviews(t, pool, 2*review.MaxPageSize+1, "p1", "c1", false)
	seedReviews(t, pool, 7, "p1", "c2", false)
	svc := review.NewService(Reviews{Pool: pool}, time.Now, uuid.NewString)
	me := review.Caller{UserID: "c1", Role: identity.RoleCustomer}
	got := walk(t, func(cursor string) ([]review.Review, string, error) {
		p, err := svc.ListMine(context.Background(), me, review.PageRequest{Cursor: cursor, Limit: 10 * review.MaxPageSize})
		return p.Reviews, p.Next, err
	})
	if !equal(got, want) {
		t.Fatalf("read %d reviews, want all %d of c1's newest first", len(got), len(want))
	}
}

// The operator's queue pages by review, the longest waiting first: with
// more reviews reported than the largest page, each page holds at most
// MaxPageSize reviews, each with all its open reports, and the pages meet
// without a gap or a repeat. A review's place is its first open report:
// a decided earlier report does not count, a later report does not move it.
func TestOpenReportsArePaged(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	ids := seedReviews(t, pool, 2*review.MaxPageSize+50, "p1", "c", false)
	hiddenID := seedReviews(t, pool, 1, "p1", "c", false)[0]
	if _, err := pool.Exec(ctx, `UPDATE reviews SET hidden_at = now() WHERE id = $1`, hiddenID); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	report := func(reviewID, reporter string, decided bool) {
		var dec *time.Time
		if decided {
			dec = &at
		}
		if _, err := pool.Exec(ctx, `INSERT INTO review_reports (id, review_id, reporter_id, reporter_role, reason, created_at, decided_at)
			VALUES ($1, $2, $3, 'customer', 'spam', $4, $5)`, uuid.NewString(), reviewID, reporter, at, dec); err != nil {
			t.Fatal(err)
		}
	}
	// Every review but the first ten is reported, in reverse order, so the queue's order is not the
	// reviews'; every third first had a report decided, and every fourth is reported again later.
	var want []string
	open := map[string]int{}
	report(hiddenID, "r0", false)
	for i := len(ids) - 1; i >= 10; i-- {
		if i%3 == 0 {
			report(ids[i], "early", true)
		}
		report(ids[i], "r1", false)
		want = append(want, ids[i])
		open[ids[i]] = 1
	}
	for i := 10; i < len(ids); i += 4 {
		report(ids[i], "r2", false)
		open[ids[i]]++
	}
	svc := review.NewService(Reviews{Pool: pool}, time.Now, uuid.NewString)
	op := review.Caller{UserID: "op", Operator: true}
	var got []string
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 20 {
			t.Fatal("the pages do not end")
		}
		p, err := svc.OpenReports(ctx, op, review.PageRequest{Cursor: cursor, Limit: 10 * review.MaxPageSize})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Reported) > review.MaxPageSize {
			t.Fatalf("a page of %d, over the maximum %d", len(p.Reported), review.MaxPageSize)
		}
		for _, x := range p.Reported {
			if seen[x.Review.ID] {
				t.Fatalf("%s on two pages", x.Review.ID)
			}
			if len(x.Reports) != open[x.Review.ID] {
				t.Fatalf("%s with %d reports, want its %d open ones", x.Review.ID, len(x.Reports), open[x.Review.ID])
			}
			seen[x.Review.ID] = true
			got = append(got, x.Review.ID)
		}
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if !equal(got, want) {
		t.Fatalf("read %d reviews, want the %d visible reported ones in the order of their first open report", len(got), len(want))
	}
	for _, c := range []string{"nope", "%%"} {
		if _, err := svc.OpenReports(ctx, op, review.PageRequest{Cursor: c}); err == nil {
			t.Fatalf("cursor %q accepted", c)
		}
	}
}
