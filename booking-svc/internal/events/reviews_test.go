package events_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
	"go.opentelemetry.io/otel/trace/noop"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
	"github.com/slotwise/slotwise/booking-svc/internal/events"
	"github.com/slotwise/slotwise/booking-svc/internal/store"
)

// A review an operator hid leaves the provider's analytics (docs/product.md
// "Analytics"), as it leaves the service's rating; a redelivered decision
// changes nothing more; "kept" puts the rating back; a reply changes
// nothing. Real PostgreSQL, the consumer's own handler.
func TestHiddenReviewLeavesAnalytics(t *testing.T) {
	pool := testkit.NewPool(t, "booking", store.Migrations, "migrations", 4)
	repo := store.NewAppointments(pool, nil, noop.NewTracerProvider())
	svc := booking.NewService(repo, nil, nil, time.UTC, time.Now, uuid.NewString, time.Hour)
	handle := events.Reviews(svc, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()

	day := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1).Add(10 * time.Hour)
	var ids []string
	for i := range 2 {
		now := time.Now().UTC()
		a := booking.Appointment{ID: uuid.NewString(), ServiceID: "svc-hidden", ServiceName: "Haircut", ProviderID: "p-hidden",
			Provider: "Salon", CustomerID: "c1", CustomerName: "Asha Rao", CustomerEmail: "asha@example.com",
			StartsAt: day.Add(time.Duration(i) * time.Hour), Time: "10:00", Status: booking.StatusCompleted, Version: 1,
			CreatedAt: now, UpdatedAt: now, StaffID: identity.OwnerMemberID("p-hidden"), StaffName: "Salon",
			EndsAt: day.Add(time.Duration(i)*time.Hour + 30*time.Minute)}
		if err := repo.Create(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	deliver := func(ev *eventsv1.ReviewEvent) {
		t.Helper()
		b, err := proto.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := handle(ctx, kafka.Message{Value: b}); err != nil {
			t.Fatalf("%s: %v", ev.GetType(), err)
		}
	}
	ratings := func() (sum, count int) {
		t.Helper()
		w, err := booking.NewAnalyticsWindow(7, time.Now(), time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		buckets, err := repo.AnalyticsBuckets(ctx, "p-hidden", w)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range buckets {
			sum, count = sum+b.RatingSum, count+b.RatingCount
		}
		return sum, count
	}
	review := func(typ, appointmentID string, rating int32) *eventsv1.ReviewEvent {
		return &eventsv1.ReviewEvent{EventId: uuid.NewString(), Type: typ, ReviewId: "r-" + appointmentID,
			AppointmentId: appointmentID, ServiceId: "svc-hidden", Rating: rating}
	}

	deliver(review("created", ids[0], 5))
	deliver(review("created", ids[1], 2))
	if sum, count := ratings(); sum != 7 || count != 2 {
		t.Fatalf("two reviews: rating sum %d of %d, want 7 of 2", sum, count)
	}
	hidden := review("hidden", ids[0], 5)
	deliver(hidden)
	deliver(hidden) // redelivered
	deliver(review("replied", ids[0], 5))
	if sum, count := ratings(); sum != 2 || count != 1 {
		t.Fatalf("after the hide: rating sum %d of %d, want 2 of 1 (the hidden 5 left out)", sum, count)
	}
	if a, err := repo.ByID(ctx, ids[0]); err != nil || !a.HasReviewed {
		t.Fatalf("the hidden review's appointment is no longer reviewed: %+v (%v)", a, err)
	}
	deliver(review("kept", ids[0], 5))
	if sum, count := ratings(); sum != 7 || count != 2 {
		t.Fatalf("after keeping it: rating sum %d of %d, want 7 of 2", sum, count)
	}
}
