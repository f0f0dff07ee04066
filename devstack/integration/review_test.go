package integration

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/kafkax"
)

const msgOnlyCompleted = "Only completed appointments can be reviewed; this appointment is "

// TestReviewEligibility drives review-svc alone: the test plays booking-svc
// by writing AppointmentEvents to the broker, so nothing here depends on
// booking-svc or catalog-svc (reviews keep working while booking-svc is down).
func TestReviewEligibility(t *testing.T) {
	t.Parallel()
	fixed := time.Now().UTC().Truncate(time.Minute)
	st := stacktest.Start(t, stacktest.Options{Now: fixed})
	c, c2, stranger := st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer")
	p, p2 := st.NewUser(t, "provider"), st.NewUser(t, "provider")
	svcA, svcB := "svc-a-"+uuid.NewString()[:8], "svc-b-"+uuid.NewString()[:8]

	appt := func(customer stacktest.User, serviceID, providerID, status string, start time.Time, version int64) *eventsv1.AppointmentEvent {
		return &eventsv1.AppointmentEvent{
			EventId: uuid.NewString(), Type: "status_changed", OccurredAt: timestamppb.New(fixed),
			AppointmentId: uuid.NewString(), ServiceId: serviceID, ServiceName: "Name of " + serviceID,
			CustomerId: customer.ID, CustomerEmail: "form-" + customer.Email, CustomerName: "Asha Kulkarni", ProviderId: providerID,
			Status: status, StartsAt: timestamppb.New(start), Version: version,
		}
	}
	done := appt(c, svcA, p.ID, "completed", fixed.Add(-2*time.Hour), 3)
	scheduledPast := appt(c, svcA, p.ID, "scheduled", fixed.Add(-30*time.Minute), 2)
	future := appt(c, svcA, p.ID, "confirmed", fixed.Add(3*time.Hour), 2)
	pending := appt(c, svcA, p.ID, "pending", fixed.Add(-time.Hour), 1)
	cancelled := appt(c, svcA, p.ID, "cancelled", fixed.Add(-time.Hour), 2)
	others := appt(c2, svcB, p2.ID, "completed", fixed.Add(-time.Hour), 4)
	race := appt(c, svcA, p.ID, "completed", fixed.Add(-time.Hour), 4)
	// An older version arriving after a newer one must not win: same key, same
	// partition, so "completed" v4 is applied before "pending" v1.
	stale := proto.Clone(race).(*eventsv1.AppointmentEvent)
	stale.EventId, stale.Status, stale.Version = uuid.NewString(), "pending", 1
	all := []*eventsv1.AppointmentEvent{done, scheduledPast, future, pending, cancelled, others, race, stale}
	writeAppointmentEvents(t, st.Brokers, all...)
	waitAllProjected(t, st, c2, stranger.Token)

	body := func(apptID string, rating any, comment string) map[string]any {
		b := map[string]any{"appointmentId": apptID, "comment": comment}
		if rating != nil {
			b["rating"] = rating
		}
		return b
	}
	good := body(done.AppointmentId, 4, "  Very professional, thank you  ")

	t.Run("no token is 401", func(t *testing.T) {
		st.Post(t, "/reviews", "", good).ExpectError(t, 401, "Authentication required: please log in")
		st.Post(t, "/reviews", "not-a-jwt", good).ExpectError(t, 401, "Invalid or expired token: please log in again")
	})
	t.Run("provider is 403 before the body is looked at", func(t *testing.T) {
		st.Post(t, "/reviews", p.Token, good).ExpectError(t, 403, "Only customers can leave reviews")
		st.Post(t, "/reviews", p.Token, map[string]any{}).ExpectError(t, 403, "Only customers can leave reviews")
	})
	t.Run("validation, in order, with the form's messages", func(t *testing.T) {
		cases := []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"no appointment id", body("", 4, "Very good"), "No appointment ID provided"},
			{"no appointment id beats bad rating", body("", nil, ""), "No appointment ID provided"},
			{"no rating", body(done.AppointmentId, nil, "Very good"), "Please select a rating"},
			{"rating 0", body(done.AppointmentId, 0, "Very good"), "Please select a rating"},
			{"rating 6", body(done.AppointmentId, 6, "Very good"), "Please select a rating"},
			{"bad rating beats bad comment", body(done.AppointmentId, 9, ""), "Please select a rating"},
			{"no comment", body(done.AppointmentId, 5, ""), "Please enter a comment (minimum 5 characters)"},
			{"four characters after trimming", body(done.AppointmentId, 5, "   good    "), "Please enter a comment (minimum 5 characters)"},
			{"validation before lookup", body("no-such-appointment", 0, "Very good"), "Please select a rating"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				st.Post(t, "/reviews", c.Token, tc.body).ExpectError(t, 400, tc.msg)
			})
		}
		if r := st.Post(t, "/reviews", c.Token, body(done.AppointmentId, "five", "Very good")); r.Status != 400 {
			t.Fatalf("rating of the wrong type: %d %s", r.Status, r.Raw)
		}
	})
	t.Run("unknown appointment is 404", func(t *testing.T) {
		st.Post(t, "/reviews", c.Token, body(uuid.NewString(), 4, "Very good")).ExpectError(t, 404, "Appointment not found")
	})
	t.Run("someone else's appointment is 403", func(t *testing.T) {
		st.Post(t, "/reviews", c.Token, body(others.AppointmentId, 4, "Very good")).ExpectError(t, 403, "You can only review your own appointments")
	})
	t.Run("not completed is 409 naming the status", func(t *testing.T) {
		st.Post(t, "/reviews", c.Token, body(pending.AppointmentId, 4, "Very good")).ExpectError(t, 409, msgOnlyCompleted+"pending")
		st.Post(t, "/reviews", c.Token, body(cancelled.AppointmentId, 4, "Very good")).ExpectError(t, 409, msgOnlyCompleted+"cancelled")
		st.Post(t, "/reviews", c.Token, body(future.AppointmentId, 4, "Very good")).ExpectError(t, 409, msgOnlyCompleted+"confirmed and has not taken place yet")
	})

	var firstID string
	t.Run("completed: 201 with the review", func(t *testing.T) {
		r := st.Post(t, "/reviews", c.Token, good).ExpectStatus(t, 201)
		firstID = r.String("data._id")
		if r.JSON["success"] != true || r.String("message") == "" || firstID == "" || r.Field("data.rating") != 4.0 ||
			r.String("data.comment") != "Very professional, thank you" || r.String("data.userId._id") != c.ID ||
			r.String("data.userId.email") != c.Email || r.String("data.serviceId") != svcA || r.String("data.appointmentId") != done.AppointmentId ||
			r.String("data.serviceName") != "Name of "+svcA || r.String("data.createdAt") != fixed.Format(time.RFC3339) {
			t.Fatalf("created: %s", r.Raw)
		}
	})
	t.Run("second review of the same appointment is 409", func(t *testing.T) {
		st.Post(t, "/reviews", c.Token, body(done.AppointmentId, 1, "Changed my mind")).ExpectError(t, 409, "You have already reviewed this appointment")
	})
	t.Run("a stale event does not undo a newer one", func(t *testing.T) {
		st.Post(t, "/reviews", c.Token, body(race.AppointmentId, 5, "Stale event ignored")).ExpectStatus(t, 201)
	})
	t.Run("concurrent submissions: exactly one wins", func(t *testing.T) {
		// scheduledPast is shown as completed (scheduled, start passed).
		const n = 6
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = st.Post(t, "/reviews", c.Token, body(scheduledPast.AppointmentId, 3, fmt.Sprintf("Attempt number %d", i))).Status
			}()
		}
		wg.Wait()
		won, lost := 0, 0
		for _, s := range statuses {
			switch s {
			case 201:
				won++
			case 409:
				lost++
			}
		}
		if won != 1 || lost != n-1 {
			t.Fatalf("statuses %v: want one 201 and the rest 409", statuses)
		}
	})
	t.Run("shown as completed once the start has passed", func(t *testing.T) {
		st.Clock.Advance(4 * time.Hour) // confirmed, start now 1 h ago
		st.Post(t, "/reviews", c.Token, body(future.AppointmentId, 5, "Worth the wait")).ExpectStatus(t, 201)
		st.Post(t, "/reviews", c2.Token, body(others.AppointmentId, 2, "Could be better")).ExpectStatus(t, 201)
	})

	t.Run("service reviews: public, newest first, with the author's display name and no email", func(t *testing.T) {
		r := st.Get(t, "/reviews/service/"+svcA, "").ExpectStatus(t, 200)
		got := reviewList(r)
		want := []string{"Worth the wait", "Attempt number", "Stale event ignored", "Very professional, thank you"}
		if r.JSON["success"] != true || len(got) != len(want) {
			t.Fatalf("reviews of %s: %s", svcA, r.Raw)
		}
		for i, w := range want {
			if !strings.HasPrefix(got[i].comment, w) || got[i].email != "" || got[i].displayName != "Asha K." || got[i].userID != c.ID {
				t.Fatalf("review %d = %+v, want comment %q by Asha K. (%s) and no email; body %s", i, got[i], w, c.ID, r.Raw)
			}
		}
		if strings.Contains(string(r.Raw), "@") {
			t.Fatalf("a public review shows an email address: %s", r.Raw)
		}
		if got[3].id != firstID || got[0].createdAt != fixed.Add(4*time.Hour).Format(time.RFC3339) {
			t.Fatalf("order or createdAt: %s", r.Raw)
		}
		empty := st.Get(t, "/reviews/service/no-reviews-here", "").ExpectStatus(t, 200)
		if string(empty.Raw) != `{"success":true,"data":[],"nextCursor":""}` {
			t.Fatalf("no reviews: %s", empty.Raw)
		}
	})
	t.Run("provider reviews: only the provider's services", func(t *testing.T) {
		if got := reviewList(st.Get(t, "/reviews/provider", p.Token).ExpectStatus(t, 200)); len(got) != 4 || got[0].comment != "Worth the wait" {
			t.Fatalf("provider 1: %+v", got)
		}
		// A page of 3 of the 4, and the summary of all 4; the cursor reads the last.
		page := st.Get(t, "/reviews/provider?limit=3", p.Token).ExpectStatus(t, 200)
		if got := reviewList(page); len(got) != 3 || page.String("nextCursor") == "" || page.Field("summary.count") != float64(4) {
			t.Fatalf("a page of 3: %s", page.Raw)
		}
		if got := reviewList(st.Get(t, "/reviews/provider?cursor="+page.String("nextCursor"), p.Token).ExpectStatus(t, 200)); len(got) != 1 {
			t.Fatalf("the page after: %+v", got)
		}
		st.Get(t, "/reviews/provider?cursor=nope", p.Token).ExpectError(t, 400, "This list's cursor is not valid: reload the list")
		got := reviewList(st.Get(t, "/reviews/provider", p2.Token).ExpectStatus(t, 200))
		if len(got) != 1 || got[0].comment != "Could be better" || got[0].email != c2.Email || got[0].displayName != "Asha K." {
			t.Fatalf("provider 2: %+v", got)
		}
		st.Get(t, "/reviews/provider", c.Token).ExpectError(t, 403, "Only service providers can view the reviews of their services")
		st.Get(t, "/reviews/provider", "").ExpectError(t, 401, "Authentication required: please log in")
	})
	t.Run("every review is published once, keyed by service id", func(t *testing.T) {
		want := map[string]string{} // review id → service id
		for _, rv := range reviewList(st.Get(t, "/reviews/service/"+svcA, "")) {
			want[rv.id] = svcA
		}
		for _, rv := range reviewList(st.Get(t, "/reviews/service/"+svcB, "")) {
			want[rv.id] = svcB
		}
		var msgs []kafka.Message
		stacktest.Poll(t.Context(), 5*time.Second, func() bool {
			msgs = readTopic(t, st.Brokers, topics.Reviews)
			return len(msgs) >= len(want)
		})
		seen := map[string]bool{}
		for _, m := range msgs {
			var ev eventsv1.ReviewEvent
			if err := proto.Unmarshal(m.Value, &ev); err != nil {
				t.Fatal(err)
			}
			if want[ev.ReviewId] == "" || string(m.Key) != want[ev.ReviewId] || ev.ServiceId != want[ev.ReviewId] || ev.EventId == "" ||
				ev.Rating < 1 || ev.Rating > 5 || ev.CustomerId == "" || ev.AppointmentId == "" || seen[ev.ReviewId] {
				t.Fatalf("unexpected event key=%s %v", m.Key, &ev)
			}
			seen[ev.ReviewId] = true
		}
		if len(seen) != len(want) {
			t.Fatalf("%d review events published, want %d", len(seen), len(want))
		}
	})
}

// TestReviewWholeLoop runs the product path through every service with the
// embedded broker: book → provider confirms → time passes → review → the
// service's rating and the appointment's hasReviewed follow within 2 s →
// replaying every event from offset 0 changes nothing.
func TestReviewWholeLoop(t *testing.T) {
	t.Parallel()
	ist, _ := time.LoadLocation("Asia/Kolkata")
	fixed := time.Now().UTC().Truncate(time.Minute)
	st := stacktest.Start(t, stacktest.Options{Now: fixed})
	p, c1, c2 := st.NewUser(t, "provider"), st.NewUser(t, "customer"), st.NewUser(t, "customer")

	r := st.Post(t, "/services", p.Token, map[string]any{
		"name": "Dental check-up", "category": "Healthcare & Wellness", "description": "A thorough check-up",
		"price": 499, "duration": 30, "provider": "Acme Care", "location": "MG Road, Bengaluru",
		"contact": "9876543210", "imageUrl": "", "timeSlots": []string{"10:00", "11:00"},
	})
	serviceID := r.ExpectStatus(t, 201).String("data._id")
	if serviceID == "" {
		t.Fatalf("POST /services: no data._id in %s", r.Raw)
	}

	tomorrow := fixed.In(ist).AddDate(0, 0, 1).Format("2006-01-02")
	book := func(c stacktest.User, slot string) string {
		r := st.Post(t, "/appointments", c.Token, map[string]any{
			"serviceId": serviceID, "date": tomorrow, "time": slot, "notes": "First visit",
			"customerName": "Test customer", "customerEmail": c.Email, "customerPhone": "9876543210", "customerAddress": "12 MG Road, Bengaluru",
		})
		id := r.ExpectStatus(t, 201).String("appointment._id")
		if id == "" {
			t.Fatalf("POST /appointments: no appointment._id in %s", r.Raw)
		}
		st.Patch(t, "/appointments/"+id+"/provider-status", p.Token, map[string]any{"status": "confirmed"}).ExpectStatus(t, 200)
		return id
	}
	a1, a2 := book(c1, "10:00"), book(c2, "11:00")

	st.Clock.Advance(48 * time.Hour) // both appointments are now in the past: shown as completed

	// review-svc learns of the appointments only from booking-svc's events:
	// until they arrive it answers 404 (not seen) or 409 (seen pending, not
	// yet confirmed).
	review := func(c stacktest.User, apptID string, rating int) {
		body := map[string]any{"appointmentId": apptID, "rating": rating, "comment": "Gentle and thorough"}
		var r *stacktest.Response
		stacktest.Poll(t.Context(), 5*time.Second, func() bool {
			r = st.Post(t, "/reviews", c.Token, body)
			return r.Status != 404 && r.Status != 409
		})
		if r.Status != 201 {
			t.Fatalf("POST /reviews for %s: %d %s (events on %s: %d)", apptID, r.Status, r.Raw,
				topics.Appointments, len(readTopic(t, st.Brokers, topics.Appointments)))
		}
	}
	reviewed := time.Now()
	review(c1, a1, 4)
	review(c2, a2, 5)

	// What the rest of the system shows: catalog-svc's rating (from
	// review.reviews.v1) and booking-svc's hasReviewed (from the same).
	observe := func() string {
		s := st.Get(t, "/services/"+serviceID, "").ExpectStatus(t, 200)
		return fmt.Sprintf("avgRating=%v totalReviews=%v hasReviewed=%v,%v", s.Field("service.avgRating"), s.Field("service.totalReviews"),
			hasReviewed(t, st, c1, a1), hasReviewed(t, st, c2, a2))
	}
	const want = "avgRating=4.5 totalReviews=2 hasReviewed=true,true"
	var got string
	if !stacktest.Poll(t.Context(), 2*time.Second-time.Since(reviewed), func() bool { got = observe(); return got == want }) {
		t.Fatalf("2 s after the reviews: %s, want %s", got, want)
	}
	t.Logf("reviews reflected %v after the first POST /reviews", time.Since(reviewed).Round(time.Millisecond))

	// Replay: write every message ever published back to its topic (same
	// key, value and headers, hence the same event ids), as a consumer-group
	// reset to offset 0 would redeliver them, and wait until every consumer
	// group has consumed them all.
	var replayed int
	for _, topic := range []string{topics.Appointments, topics.Reviews} {
		msgs := readTopic(t, st.Brokers, topic)
		if len(msgs) == 0 {
			t.Fatalf("nothing on %s to replay", topic)
		}
		writeMessages(t, st.Brokers, topic, msgs...)
		replayed += len(msgs)
	}
	groups := waitGroupsCaughtUp(t, st.Brokers, 10*time.Second, topics.Appointments, topics.Reviews)
	if after := observe(); after != want {
		t.Fatalf("after replaying %d events: %s, want %s", replayed, after, want)
	}
	if n := len(reviewList(st.Get(t, "/reviews/service/"+serviceID, ""))); n != 2 {
		t.Fatalf("after replay the service has %d reviews, want 2", n)
	}
	st.Post(t, "/reviews", c1.Token, map[string]any{"appointmentId": a1, "rating": 1, "comment": "Once more"}).
		ExpectError(t, 409, "You have already reviewed this appointment")
	t.Logf("replayed %d events, consumed by %v: %s", replayed, groups, want)
}

func hasReviewed(t *testing.T, st *stacktest.Stack, c stacktest.User, apptID string) any {
	t.Helper()
	r := st.Get(t, "/appointments", c.Token).ExpectStatus(t, 200)
	list, _ := r.Field("appointments").([]any)
	for _, a := range list {
		if m, ok := a.(map[string]any); ok && m["_id"] == apptID {
			return m["hasReviewed"]
		}
	}
	return "absent"
}

type listedReview struct {
	id, comment, email, displayName, userID, createdAt string
}

func reviewList(r *stacktest.Response) []listedReview {
	var out []listedReview
	list, _ := r.Field("data").([]any)
	for i := range list {
		p := fmt.Sprintf("data.%d.", i)
		out = append(out, listedReview{id: r.String(p + "_id"), comment: r.String(p + "comment"), email: r.String(p + "userId.email"), displayName: r.String(p + "userId.displayName"),
			userID: r.String(p + "userId._id"), createdAt: r.String(p + "createdAt")})
	}
	return out
}

// writeAppointmentEvents plays booking-svc: each event keyed by its
// appointment id, as booking-svc's outbox publishes them.
func writeAppointmentEvents(t *testing.T, brokers []string, evs ...*eventsv1.AppointmentEvent) {
	t.Helper()
	var msgs []kafka.Message
	for _, ev := range evs {
		b, err := proto.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, kafka.Message{Key: []byte(ev.AppointmentId), Value: b})
	}
	writeMessages(t, brokers, topics.Appointments, msgs...)
}

func writeMessages(t *testing.T, brokers []string, topic string, msgs ...kafka.Message) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := kafkax.EnsureTopics(ctx, brokers, 3, topic); err != nil {
		t.Fatal(err)
	}
	w := kafkax.NewWriter(brokers)
	defer w.Close()
	out := make([]kafka.Message, len(msgs))
	for i, m := range msgs {
		out[i] = kafka.Message{Topic: topic, Key: m.Key, Value: m.Value, Headers: m.Headers}
	}
	if err := w.WriteMessages(ctx, out...); err != nil {
		t.Fatalf("write to %s: %v", topic, err)
	}
}

// waitProjected waits until review-svc knows the appointment: a customer
// who does not own it gets 403 instead of 404 from then on.
func waitProjected(t *testing.T, st *stacktest.Stack, strangerToken, apptID string) {
	t.Helper()
	var r *stacktest.Response
	stacktest.Poll(t.Context(), 10*time.Second, func() bool {
		r = st.Post(t, "/reviews", strangerToken, map[string]any{"appointmentId": apptID, "rating": 3, "comment": "probe only"})
		return r.Status != http.StatusNotFound
	})
	if r.Status != http.StatusForbidden {
		t.Fatalf("appointment %s not projected: %d %s", apptID, r.Status, r.Raw)
	}
}

// waitAllProjected waits until review-svc has applied every appointment
// event written so far: it writes one more appointment (owned by owner) into
// each partition and waits for all of them; a partition is consumed in order.
func waitAllProjected(t *testing.T, st *stacktest.Stack, owner stacktest.User, strangerToken string) {
	t.Helper()
	client := &kafka.Client{Addr: kafka.TCP(st.Brokers...), Timeout: 10 * time.Second}
	n := len(partitionEnds(t, client, topics.Appointments))
	partitions := make([]int, n)
	for i := range partitions {
		partitions[i] = i
	}
	var sentinels []*eventsv1.AppointmentEvent
	for p := range n {
		id := uuid.NewString()
		for (&kafka.Hash{}).Balance(kafka.Message{Key: []byte(id)}, partitions...) != p {
			id = uuid.NewString()
		}
		sentinels = append(sentinels, &eventsv1.AppointmentEvent{EventId: uuid.NewString(), AppointmentId: id, ServiceId: "sentinel",
			CustomerId: owner.ID, Status: "pending", StartsAt: timestamppb.Now(), Version: 1})
	}
	writeAppointmentEvents(t, st.Brokers, sentinels...)
	for _, s := range sentinels {
		waitProjected(t, st, strangerToken, s.AppointmentId)
	}
}

// partitionEnds returns each partition's first and next offsets.
func partitionEnds(t *testing.T, client *kafka.Client, topic string) map[int][2]int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	meta, err := client.Metadata(ctx, &kafka.MetadataRequest{Topics: []string{topic}})
	if err != nil || len(meta.Topics) != 1 || meta.Topics[0].Error != nil {
		t.Fatalf("metadata of %s: %v %+v", topic, err, meta)
	}
	var reqs []kafka.OffsetRequest
	for _, p := range meta.Topics[0].Partitions {
		reqs = append(reqs, kafka.FirstOffsetOf(p.ID), kafka.LastOffsetOf(p.ID))
	}
	resp, err := client.ListOffsets(ctx, &kafka.ListOffsetsRequest{Topics: map[string][]kafka.OffsetRequest{topic: reqs}})
	if err != nil {
		t.Fatalf("list offsets of %s: %v", topic, err)
	}
	out := map[int][2]int64{}
	for _, p := range resp.Topics[topic] {
		if p.Error != nil {
			t.Fatalf("offsets of %s/%d: %v", topic, p.Partition, p.Error)
		}
		out[p.Partition] = [2]int64{p.FirstOffset, p.LastOffset}
	}
	return out
}

// readTopic returns every message of topic, partition by partition.
func readTopic(t *testing.T, brokers []string, topic string) []kafka.Message {
	t.Helper()
	client := &kafka.Client{Addr: kafka.TCP(brokers...), Timeout: 10 * time.Second}
	var out []kafka.Message
	for partition, ends := range partitionEnds(t, client, topic) {
		if ends[1] <= ends[0] {
			continue
		}
		r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: topic, Partition: partition, MinBytes: 1, MaxBytes: 10 << 20, MaxWait: 100 * time.Millisecond})
		r.SetOffset(ends[0])
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		for {
			m, err := r.ReadMessage(ctx)
			if err != nil {
				t.Fatalf("read %s/%d: %v", topic, partition, err)
			}
			out = append(out, m)
			if m.Offset+1 >= ends[1] {
				break
			}
		}
		cancel()
		r.Close()
	}
	return out
}

// waitGroupsCaughtUp waits until every consumer group that reads any of
// topics has committed past the end of every partition: each of them has
// handled every message, replayed ones included.
func waitGroupsCaughtUp(t *testing.T, brokers []string, timeout time.Duration, topics ...string) []string {
	t.Helper()
	client := &kafka.Client{Addr: kafka.TCP(brokers...), Timeout: 10 * time.Second}
	var groups, behind []string
	if !stacktest.Poll(t.Context(), timeout, func() bool { groups, behind = lagging(t, client, topics); return len(behind) == 0 }) {
		t.Fatalf("consumers still behind after %v: %v", timeout, behind)
	}
	return groups
}

// lagging returns "group/topic" for every group reading one of topics, and
// where a group has not yet consumed to the end.
func lagging(t *testing.T, client *kafka.Client, topics []string) (readers, behind []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	groups, err := client.ListGroups(ctx, &kafka.ListGroupsRequest{})
	if err == nil {
		err = groups.Error
	}
	if err != nil {
		t.Fatalf("list groups: %v", err)
	}
	ends := map[string]map[int][2]int64{}
	req := map[string][]int{}
	for _, topic := range topics {
		ends[topic] = partitionEnds(t, client, topic)
		for p := range ends[topic] {
			req[topic] = append(req[topic], p)
		}
	}
	for _, g := range groups.Groups {
		offs, err := client.OffsetFetch(ctx, &kafka.OffsetFetchRequest{GroupID: g.GroupID, Topics: req})
		if err == nil {
			err = offs.Error
		}
		if err != nil {
			t.Fatalf("offsets of group %s: %v", g.GroupID, err)
		}
		for topic, parts := range offs.Topics {
			reads := false
			for _, p := range parts {
				reads = reads || p.CommittedOffset >= 0
			}
			if !reads {
				continue // this group does not consume topic
			}
			readers = append(readers, g.GroupID+"/"+topic)
			for _, p := range parts {
				if end := ends[topic][p.Partition][1]; p.CommittedOffset < end && !(p.CommittedOffset < 0 && end == ends[topic][p.Partition][0]) {
					behind = append(behind, fmt.Sprintf("%s on %s/%d at %d of %d", g.GroupID, topic, p.Partition, p.CommittedOffset, end))
				}
			}
		}
	}
	if len(readers) == 0 {
		behind = append(behind, "no consumer group has committed on "+strings.Join(topics, ", "))
	}
	sort.Strings(readers)
	return readers, behind
}
