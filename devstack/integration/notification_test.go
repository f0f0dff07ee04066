package integration

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
	notificationsvc "github.com/slotwise/slotwise/notification-svc"
	"github.com/slotwise/slotwise/platform/svc"
)

// note is one notification as GET /notifications lists it.
type note struct{ id, kind, appointment string }

func notes(t *testing.T, st *stacktest.Stack, u stacktest.User) ([]note, float64) {
	t.Helper()
	r := st.Get(t, "/notifications?limit=100", u.Token).ExpectStatus(t, http.StatusOK)
	if r.JSON["success"] != true {
		t.Fatalf("GET /notifications: %s", r.Raw)
	}
	var out []note
	list, _ := r.Field("notifications").([]any)
	for _, x := range list {
		n := x.(map[string]any)
		if n["text"] == "" || n["createdAt"] == "" || n["unread"] == nil {
			t.Fatalf("incomplete notification %v", n)
		}
		out = append(out, note{id: n["_id"].(string), kind: n["type"].(string), appointment: n["appointmentId"].(string)})
	}
	unread, _ := r.Field("unreadCount").(float64)
	return out, unread
}

// kinds summarises notifications as sorted "kind appointment" lines.
func kinds(ns []note, names map[string]string) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.kind+" "+names[n.appointment])
	}
	sort.Strings(out)
	return out
}

// waitNotes waits until u has exactly want (as kinds gives them).
func waitNotes(t *testing.T, st *stacktest.Stack, u stacktest.User, names map[string]string, want ...string) {
	t.Helper()
	sort.Strings(want)
	var got []string
	if !stacktest.Poll(t.Context(), 15*time.Second, func() bool {
		ns, _ := notes(t, st, u)
		got = kinds(ns, names)
		return strings.Join(got, ",") == strings.Join(want, ",")
	}) {
		t.Fatalf("%s's notifications:\n got %v\nwant %v", u.Role, got, want)
	}
}

// TestNotificationsFollowBookings drives the whole chain through the REST
// API: bookings and their changes in booking-svc, a review in review-svc,
// the events on the embedded broker, notification-svc's notifications and
// reminders (the clock is the test's), and a replay of both topics from
// offset 0 that must make nothing new.
func TestNotificationsFollowBookings(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), ReminderInterval: 50 * time.Millisecond})
	c, p, stranger := st.NewUser(t, "customer"), st.NewUser(t, "provider"), st.NewUser(t, "customer")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00", "14:30")
	names := map[string]string{}
	book := func(name string, day int, clock string) string {
		id := bkBookID(t, st, c, svcID, clk.day(day), clock)
		names[id] = name
		return id
	}
	provider := func(id, status string) { bkProviderStatus(t, st, p, id, status).ExpectStatus(t, http.StatusOK) }

	a1 := book("A1", 2, "10:00")
	provider(a1, "scheduled")
	provider(a1, "confirmed")
	st.Put(t, "/appointments/"+a1+"/reschedule", c.Token, map[string]any{"date": clk.day(3), "time": "10:00"}).ExpectStatus(t, http.StatusOK)
	bkCustomerStatus(t, st, c, a1, "cancelled").ExpectStatus(t, http.StatusOK)
	a2 := book("A2", 1, "14:30")
	provider(a2, "cancelled") // declined
	a3 := book("A3", 2, "14:30")
	provider(a3, "confirmed")
	a4 := book("A4", 3, "10:00") // A1's last slot, freed by its cancellation
	provider(a4, "confirmed")
	a5 := book("A5", 0, "14:30") // today: only its 1 h reminder is still to come
	provider(a5, "confirmed")

	providerWant := []string{"new_booking A1", "customer_rescheduled A1", "customer_cancelled A1", "new_booking A2",
		"new_booking A3", "new_booking A4", "new_booking A5"}
	customerWant := []string{"booking_accepted A1", "booking_confirmed A1", "booking_declined A2", "booking_confirmed A3",
		"booking_confirmed A4", "booking_confirmed A5"}
	waitNotes(t, st, p, names, providerWant...)
	waitNotes(t, st, c, names, customerWant...)

	t.Run("reminders go out when due, once, and never for a cancelled appointment", func(t *testing.T) {
		st.Clock.Set(clk.at(0, "13:30").Add(10 * time.Second))
		customerWant = append(customerWant, "reminder_1h A5")
		waitNotes(t, st, c, names, customerWant...)

		st.Clock.Set(clk.at(0, "14:45"))
		provider(a5, "completed")
		st.Post(t, "/reviews", c.Token, map[string]any{"appointmentId": a5, "rating": 5, "comment": "Gentle and quick"}).ExpectStatus(t, http.StatusCreated)
		customerWant = append(customerWant, "appointment_completed A5")
		providerWant = append(providerWant, "new_review A5")
		waitNotes(t, st, c, names, customerWant...)
		waitNotes(t, st, p, names, providerWant...)

		st.Clock.Set(clk.at(1, "14:30").Add(10 * time.Second))
		customerWant = append(customerWant, "reminder_24h A3")
		waitNotes(t, st, c, names, customerWant...)
		// A1 was booked for day 2 10:00, moved to day 3 10:00 and cancelled;
		// A4 took that slot. A4's 24 h reminder falls due with what would
		// have been A1's: once it is there, A1's run has passed too.
		st.Clock.Set(clk.at(2, "10:00").Add(10 * time.Second))
		customerWant = append(customerWant, "reminder_24h A4")
		waitNotes(t, st, c, names, customerWant...)
	})

	t.Run("only the recipient reads or marks a notification", func(t *testing.T) {
		if got, unread := notes(t, st, stranger); len(got) != 0 || unread != 0 {
			t.Fatalf("a stranger sees %v (unread %v)", got, unread)
		}
		provNotes, _ := notes(t, st, p)
		custNotes, _ := notes(t, st, c)
		st.Get(t, "/notifications", "").ExpectError(t, http.StatusUnauthorized, "Authentication required: please log in")
		st.Patch(t, "/notifications/"+provNotes[0].id+"/read", "", map[string]any{}).ExpectError(t, http.StatusUnauthorized, "Authentication required: please log in")
		st.Patch(t, "/notifications/"+provNotes[0].id+"/read", stranger.Token, map[string]any{}).ExpectError(t, http.StatusNotFound, "Notification not found")
		st.Patch(t, "/notifications/"+provNotes[0].id+"/read", c.Token, map[string]any{}).ExpectError(t, http.StatusNotFound, "Notification not found")
		st.Patch(t, "/notifications/"+custNotes[0].id+"/read", p.Token, map[string]any{}).ExpectError(t, http.StatusNotFound, "Notification not found")
		st.Patch(t, "/notifications/not-an-id/read", p.Token, map[string]any{}).ExpectError(t, http.StatusNotFound, "Notification not found")
		st.Post(t, "/notifications/read-all", stranger.Token, map[string]any{}).ExpectStatus(t, http.StatusOK)
		if _, unread := notes(t, st, p); unread != float64(len(providerWant)) {
			t.Fatalf("after others' marks the provider has %v unread, want %d", unread, len(providerWant))
		}
		st.Get(t, "/notifications?page=0&limit=101", p.Token).ExpectError(t, http.StatusBadRequest, "limit must be between 1 and 100")
		st.Get(t, "/notifications?page=-1", p.Token).ExpectError(t, http.StatusBadRequest, "page must be 1 or more")
	})

	t.Run("newest first, paged, marked one and all", func(t *testing.T) {
		all, _ := notes(t, st, p)
		if names[all[0].appointment] != "A5" || all[0].kind != "new_review" {
			t.Fatalf("newest first: %v", kinds(all[:1], names))
		}
		page2 := st.Get(t, "/notifications?page=2&limit=3", p.Token).ExpectStatus(t, http.StatusOK)
		if page2.String("notifications.0._id") != all[3].id || page2.Field("total") != float64(len(all)) || page2.Field("page") != 2.0 {
			t.Fatalf("page 2: %s", page2.Raw)
		}
		r := st.Patch(t, "/notifications/"+all[0].id+"/read", p.Token, map[string]any{}).ExpectStatus(t, http.StatusOK)
		if r.Field("notification.unread") != false || r.Field("unreadCount") != float64(len(all)-1) {
			t.Fatalf("mark one: %s", r.Raw)
		}
		r = st.Post(t, "/notifications/read-all", p.Token, map[string]any{}).ExpectStatus(t, http.StatusOK)
		if r.Field("marked") != float64(len(all)-1) || r.Field("unreadCount") != 0.0 {
			t.Fatalf("mark all: %s", r.Raw)
		}
		if _, unread := notes(t, st, c); unread != float64(len(customerWant)) {
			t.Fatalf("the provider's marks changed the customer's unread count to %v", unread)
		}
	})

	t.Run("a replay of both topics from offset 0 makes nothing new", func(t *testing.T) {
		for _, topic := range []string{topics.Appointments, topics.Reviews} {
			replayTopic(t, st.Brokers, topic)
		}
		waitConsumed(t, st.Brokers, 30*time.Second, map[string]string{
			topics.NotificationAppointmentsGroup: topics.Appointments, topics.NotificationReviewsGroup: topics.Reviews})
		waitNotes(t, st, p, names, providerWant...)
		waitNotes(t, st, c, names, customerWant...)
	})
}

// replayTopic publishes again every message topic holds, from offset 0 of
// each partition, as a producer replaying its log would.
func replayTopic(t *testing.T, brokers []string, topic string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client := &kafka.Client{Addr: kafka.TCP(brokers...), Timeout: 10 * time.Second}
	var msgs []kafka.Message
	for partition, span := range partitionEnds(t, client, topic) {
		if span[1] == span[0] {
			continue
		}
		r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: topic, Partition: partition, MaxWait: 100 * time.Millisecond})
		if err := r.SetOffset(span[0]); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				r.Close()
				t.Fatalf("replay %s/%d: %v", topic, partition, err)
			}
			msgs = append(msgs, m)
			if m.Offset == span[1]-1 {
				break
			}
		}
		r.Close()
	}
	if len(msgs) == 0 {
		t.Fatalf("nothing to replay on %s", topic)
	}
	writeMessages(t, brokers, topic, msgs...)
	t.Logf("replayed %d messages of %s", len(msgs), topic)
}

// TestRemindersWithTwoReplicas runs a second notification-svc on the same
// database and broker, both looking for due reminders every 20 ms: walking
// the clock through every due time, each reminder goes out exactly once.
func TestRemindersWithTwoReplicas(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), ReminderInterval: 20 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	t.Cleanup(func() { cancel(); <-done })
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		done <- notificationsvc.Run(ctx, notificationsvc.Config{
			Config: svc.Config{Name: "notification-svc-2", DatabaseURL: st.DatabaseURL, KafkaBrokers: st.Brokers,
				AuthGRPCAddr: st.GRPCAddrs["auth-svc"], GRPCListener: lis, Logger: slog.New(slog.DiscardHandler)},
			Location: bkIST, ReminderInterval: 20 * time.Millisecond, Clock: st.Clock.Now,
		})
	}()
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00", "14:30")
	names := map[string]string{}
	type due struct {
		at   time.Time
		note string
	}
	var dues []due
	for _, day := range []int{2, 3} {
		for _, clock := range []string{"09:00", "10:00", "14:30"} {
			id := bkBookID(t, st, c, svcID, clk.day(day), clock)
			name := fmt.Sprintf("d%d-%s", day, clock)
			names[id] = name
			bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, http.StatusOK)
			start := clk.at(day, clock)
			dues = append(dues, due{start.Add(-24 * time.Hour), "reminder_24h " + name}, due{start.Add(-time.Hour), "reminder_1h " + name})
		}
	}
	sort.Slice(dues, func(i, j int) bool { return dues[i].at.Before(dues[j].at) })
	var want []string
	for _, n := range names {
		want = append(want, "booking_confirmed "+n)
	}
	waitNotes(t, st, c, names, want...)
	// Due times that coincide (d3 09:00's 24 h and d2 10:00's 1 h) fall due together.
	for i, d := range dues {
		want = append(want, d.note)
		if i+1 < len(dues) && dues[i+1].at.Equal(d.at) {
			continue
		}
		st.Clock.Set(d.at.Add(10 * time.Second))
		waitNotes(t, st, c, names, want...)
	}
	// A last look after both replicas ran many more times: nothing twice.
	time.Sleep(200 * time.Millisecond)
	waitNotes(t, st, c, names, want...)
}
