package integration

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestRestartLosesNoEvent runs the devstack as `make up` does, as one OS
// process with its embedded broker. Every consumer is held back (the test
// holds locks on the tables their effects write), events are published, and
// the whole devstack is SIGKILLed. After the restart every event's effect
// must happen exactly once: none lost with the broker's memory, none applied
// twice when the consumers re-read what they had fetched before the kill.
func TestRestartLosesNoEvent(t *testing.T) {
	t.Parallel()
	p := stacktest.StartProcess(t)
	ctx := context.Background()
	db, err := pgxpool.New(ctx, p.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func(sql string, args ...any) int {
		t.Helper()
		var n int
		if err := db.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return n
	}

	provider, customer := p.NewUser(t, "provider"), p.NewUser(t, "customer")
	slots := []string{"09:00", "10:00", "11:00", "12:00", "14:00", "15:00"}
	svcID := bkService(t, p, provider, "Restart check", slots...)

	// Appointments that took place (the test plays booking-svc, as only the
	// past can be reviewed), projected by review-svc while it still consumes.
	const reviewed = 12
	var done []*eventsv1.AppointmentEvent
	for range reviewed {
		done = append(done, &eventsv1.AppointmentEvent{
			EventId: uuid.NewString(), Type: "status_changed", OccurredAt: timestamppb.Now(), AppointmentId: uuid.NewString(),
			ServiceId: svcID, ServiceName: "Restart check", CustomerId: customer.ID, CustomerEmail: customer.Email, ProviderId: provider.ID,
			Status: "completed", StartsAt: timestamppb.New(time.Now().Add(-2 * time.Hour)), Version: 3,
		})
	}
	writeAppointmentEvents(t, []string{p.Broker}, done...)
	stacktest.Eventually(t, 60*time.Second, "review-svc projects the completed appointments", func() bool {
		return count(`SELECT count(*) FROM review.appointments`) == reviewed
	})

	// Hold every consumer back: EXCLUSIVE locks let the API read these
	// tables but make the consumers' writes wait.
	hold, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Rollback(ctx)
	if _, err := hold.Exec(ctx, `LOCK TABLE review.appointments, catalog.inbox, booking.inbox IN EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	ratingSum := 0
	for i, ev := range done {
		rating := i%5 + 1
		ratingSum += rating
		p.Post(t, "/reviews", customer.Token, map[string]any{"appointmentId": ev.AppointmentId, "rating": rating,
			"comment": fmt.Sprintf("Visit number %d went well", i)}).ExpectStatus(t, http.StatusCreated)
	}
	var booked, cancelled []string
	for day := 1; day <= 5; day++ {
		for _, slot := range slots {
			id := bkBookID(t, p, customer, svcID, time.Now().In(ist()).AddDate(0, 0, day).Format("2006-01-02"), slot)
			booked = append(booked, id)
			if len(booked)%3 == 0 {
				bkCustomerStatus(t, p, customer, id, "cancelled").ExpectStatus(t, http.StatusOK)
				cancelled = append(cancelled, id)
			}
		}
	}
	// Published: the relays have handed every event to the broker.
	stacktest.Eventually(t, 30*time.Second, "every outbox empty", func() bool {
		return count(`SELECT (SELECT count(*) FROM booking.outbox) + (SELECT count(*) FROM review.outbox)`) == 0
	})
	if n := count(`SELECT count(*) FROM review.appointments WHERE id = ANY($1)`, booked); n != 0 {
		t.Fatalf("%d bookings already projected: the consumers were not held back", n)
	}
	if n := count(`SELECT total_reviews FROM catalog.services WHERE id = $1`, svcID); n != 0 {
		t.Fatalf("catalog already counts %d reviews: its consumer was not held back", n)
	}

	p.Kill()
	hold.Rollback(ctx) // the killed consumers' waiting statements may now run, or not
	p.Restart(t)

	projected := func() int {
		return count(`SELECT count(*) FROM booking.appointments b JOIN review.appointments r
			ON r.id = b.id::text AND r.version = b.version AND r.status = b.status WHERE b.id = ANY($1)`, booked)
	}
	ratings := func() (int, int) {
		var total, sum int
		if err := db.QueryRow(ctx, `SELECT total_reviews, rating_sum FROM catalog.services WHERE id = $1`, svcID).Scan(&total, &sum); err != nil {
			t.Fatal(err)
		}
		return total, sum
	}
	stacktest.Eventually(t, 90*time.Second, "every booking projected and every review counted", func() bool {
		total, _ := ratings()
		return projected() == len(booked) && total >= reviewed
	})
	// Once every group has consumed to the end, nothing more can change:
	// the effects must be exactly one per event.
	expectExactlyOnce := func(when string) {
		t.Helper()
		waitConsumed(t, []string{p.Broker}, 90*time.Second, map[string]string{
			topics.ReviewAppointmentsGroup: topics.Appointments, topics.CatalogReviewsGroup: topics.Reviews, topics.BookingReviewsGroup: topics.Reviews})
		if n := projected(); n != len(booked) {
			t.Fatalf("%s: review-svc projects %d of %d bookings as booking-svc has them", when, n, len(booked))
		}
		if n := count(`SELECT count(*) FROM review.appointments WHERE id = ANY($1) AND status = 'cancelled'`, cancelled); n != len(cancelled) {
			t.Fatalf("%s: %d of %d cancellations projected", when, n, len(cancelled))
		}
		if total, sum := ratings(); total != reviewed || sum != ratingSum {
			t.Fatalf("%s: catalog counts %d reviews with rating sum %d, want %d and %d", when, total, sum, reviewed, ratingSum)
		}
		for _, consumer := range []string{"catalog.inbox", "booking.inbox"} {
			if n := count(`SELECT count(*) FROM ` + consumer); n != reviewed {
				t.Fatalf("%s: %s records %d review events, want %d", when, consumer, n, reviewed)
			}
		}
	}
	expectExactlyOnce("after the restart")

	// A second SIGKILL with nothing pending: the consumer groups' offsets
	// survive, so the restart re-applies nothing.
	p.Kill()
	p.Restart(t)
	expectExactlyOnce("after a second restart")
}

// waitConsumed waits until each consumer group has committed its topic to
// the end of every partition: it has handled every event there is.
func waitConsumed(t *testing.T, brokers []string, timeout time.Duration, groups map[string]string) {
	t.Helper()
	client := &kafka.Client{Addr: kafka.TCP(brokers...), Timeout: 10 * time.Second}
	var behind []string
	caughtUp := stacktest.Poll(t.Context(), timeout, func() bool {
		behind = nil
		for group, topic := range groups {
			ends := partitionEnds(t, client, topic)
			req := map[string][]int{topic: nil}
			for p := range ends {
				req[topic] = append(req[topic], p)
			}
			offs, err := client.OffsetFetch(context.Background(), &kafka.OffsetFetchRequest{GroupID: group, Topics: req})
			if err == nil && offs.Error != nil {
				err = offs.Error
			}
			if err != nil {
				behind = append(behind, fmt.Sprintf("%s: %v", group, err))
				continue
			}
			for _, p := range offs.Topics[topic] {
				// An empty partition has nothing to commit.
				if first, end := ends[p.Partition][0], ends[p.Partition][1]; p.CommittedOffset < end && !(p.CommittedOffset < 0 && end == first) {
					behind = append(behind, fmt.Sprintf("%s on %s/%d at %d of %d", group, topic, p.Partition, p.CommittedOffset, end))
				}
			}
		}
		return len(behind) == 0
	})
	if !caughtUp {
		t.Fatalf("consumers still behind after %v: %v", timeout, behind)
	}
}
