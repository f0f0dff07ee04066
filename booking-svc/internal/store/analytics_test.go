package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// The price goes in with the booking, the rating with the review event
// (once: a redelivery changes nothing; a rating outside 1–5 is none, not
// a stuck consumer), and the sums come back per business-zone hour.
func TestPriceRatingAndAnalyticsBuckets(t *testing.T) {
	s, _ := newStore(t)
	ctx := context.Background()
	kolkata, _ := time.LoadLocation("Asia/Kolkata")
	// start is 2026-12-01 09:00 IST; slot 29 is 23:30 IST, slot 30 00:00 IST on the 2nd.
	var ids []string
	for i, slot := range []int{0, 1, 29, 30} {
		a := appointment("svc-an", slot)
		a.Price = 499.5
		if i == 1 {
			a.Status = booking.StatusCancelled
		}
		if err := s.Create(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	first := uuid.NewString()
	for _, r := range []struct {
		event, appt string
		rating      int
	}{{first, ids[0], 4}, {first, ids[0], 1}, {uuid.NewString(), ids[2], 0}, {uuid.NewString(), ids[3], 9}} {
		if err := s.MarkReviewed(ctx, r.event, r.appt, r.rating); err != nil {
			t.Fatalf("MarkReviewed(%d): %v", r.rating, err)
		}
	}
	if got, err := s.ByID(ctx, ids[0]); err != nil || got.Price != 499.5 || !got.HasReviewed {
		t.Fatalf("stored %+v (%v)", got, err)
	}

	w, err := booking.NewAnalyticsWindow(7, start.Add(36*time.Hour), kolkata)
	if err != nil {
		t.Fatal(err)
	}
	buckets, err := s.AnalyticsBuckets(ctx, "p1", w)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]booking.AnalyticsBucket{}
	for _, b := range buckets {
		got[b.Hour.Format("2006-01-02 15")+" "+b.Status] = b
	}
	want := map[string]booking.AnalyticsBucket{
		"2026-12-01 09 pending":   {Count: 1, Revenue: 499.5, RatingSum: 4, RatingCount: 1},
		"2026-12-01 09 cancelled": {Count: 1, Revenue: 499.5},
		"2026-12-01 23 pending":   {Count: 1, Revenue: 499.5},
		"2026-12-02 00 pending":   {Count: 1, Revenue: 499.5},
	}
	if len(got) != len(want) {
		t.Fatalf("buckets %+v", buckets)
	}
	for k, wb := range want {
		g := got[k]
		if g.Count != wb.Count || g.Revenue != wb.Revenue || g.RatingSum != wb.RatingSum || g.RatingCount != wb.RatingCount {
			t.Errorf("%s: %+v, want %+v", k, g, wb)
		}
	}
	if other, err := s.AnalyticsBuckets(ctx, "p2", w); err != nil || len(other) != 0 {
		t.Fatalf("another provider's buckets %v (%v)", other, err)
	}
}
