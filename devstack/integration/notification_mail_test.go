package integration

import (
	"context"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/jackc/pgx/v5"
	"github.com/twmb/franz-go/pkg/kfake"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// emailOutcome is one notification's email as notification-svc recorded it.
type emailOutcome struct{ recipient, kind, status, reason string }

func emailOutcomes(t *testing.T, st *stacktest.Stack) map[string]emailOutcome {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(context.Background(), `SELECT n.id::text, n.recipient_id, n.kind, e.status, e.error
		FROM notification.notifications n JOIN notification.emails e ON e.notification_id = n.id`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]emailOutcome{}
	for rows.Next() {
		var id string
		var o emailOutcome
		if err := rows.Scan(&id, &o.recipient, &o.kind, &o.status, &o.reason); err != nil {
			t.Fatal(err)
		}
		out[id] = o
	}
	return out
}

// TestNotificationMails sends every notification over real SMTP (a go-smtp
// server in the test): one mail per notification with a plain-text and an
// HTML part, none for a user who switched email off, a permanent refusal
// recorded with its reason, a temporary one retried after the backoff.
func TestNotificationMails(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond, MailBackoff: 30 * time.Second})
	p := st.NewUser(t, "provider")
	c, quiet, bounce, flaky := st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00", "14:30")

	r := st.Put(t, "/auth/profile", quiet.Token, map[string]any{"emailNotifications": false}).ExpectStatus(t, http.StatusOK)
	if r.Field("user.emailNotifications") != false {
		t.Fatalf("profile after switching email off: %s", r.Raw)
	}
	if r := st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK); r.Field("user.emailNotifications") != true {
		t.Fatalf("email notifications are on by default: %s", r.Raw)
	}
	noMailbox := &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such mailbox"}
	mails.Refuse(bounce.Email, noMailbox, noMailbox) // the booking's confirmation and the acceptance
	mails.Refuse(flaky.Email, &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"})

	confirm := func(u stacktest.User, day int, clock string) string {
		id := bkBookID(t, st, u, svcID, clk.day(day), clock)
		bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, http.StatusOK)
		return id
	}
	a1 := confirm(c, 1, "09:00")
	confirm(quiet, 1, "10:00")
	confirm(bounce, 1, "14:30")
	confirm(flaky, 2, "09:00")

	settled := func(o map[string]emailOutcome) bool {
		for _, x := range o {
			if x.status == "queued" {
				return false
			}
		}
		return len(o) == 12 // 4 bookings for the provider, and to each customer their booking's confirmation and the acceptance
	}
	var out map[string]emailOutcome
	if !stacktest.Poll(t.Context(), 15*time.Second, func() bool {
		out = emailOutcomes(t, st)
		var flakyWaiting bool
		for _, x := range out {
			flakyWaiting = flakyWaiting || (x.recipient == flaky.ID && x.status == "queued" && strings.Contains(x.reason, "451"))
		}
		delete(out, "")
		return flakyWaiting && len(out) == 12
	}) {
		t.Fatalf("the temporarily refused mail is not waiting for its retry: %v", out)
	}
	st.Clock.Advance(31 * time.Second) // past the first backoff
	if !stacktest.Poll(t.Context(), 15*time.Second, func() bool { out = emailOutcomes(t, st); return settled(out) }) {
		t.Fatalf("emails not settled: %v", out)
	}

	byRecipient := map[string][]emailOutcome{}
	for _, o := range out {
		byRecipient[o.recipient] = append(byRecipient[o.recipient], o)
	}
	want := map[string]string{p.ID: "sent", c.ID: "sent", quiet.ID: "off", bounce.ID: "failed", flaky.ID: "sent"}
	for id, status := range want {
		for _, o := range byRecipient[id] {
			if o.status != status {
				t.Errorf("%s's %s email: %s (%q), want %s", id, o.kind, o.status, o.reason, status)
			}
		}
	}
	for _, o := range byRecipient[bounce.ID] {
		if len(byRecipient[bounce.ID]) != 2 || !strings.Contains(o.reason, "550") || !strings.Contains(o.reason, "No such mailbox") {
			t.Errorf("the refused mails' reasons: %+v", byRecipient[bounce.ID])
		}
	}

	// Exactly one mail per sent notification: 4 to the provider, two each
	// to c and flaky; none to quiet, none accepted for bounce.
	got := mails.Mails()
	var to []string
	seen := map[string]bool{}
	for _, m := range got {
		to = append(to, m.To)
		if seen[m.Notification] || out[m.Notification].status != "sent" {
			t.Errorf("mail for notification %q (%s): sent twice or not recorded as sent", m.Notification, out[m.Notification].status)
		}
		seen[m.Notification] = true
	}
	sort.Strings(to)
	wantTo := []string{p.Email, p.Email, p.Email, p.Email, c.Email, c.Email, flaky.Email, flaky.Email}
	sort.Strings(wantTo)
	if strings.Join(to, ",") != strings.Join(wantTo, ",") {
		t.Fatalf("mails went to %v, want %v", to, wantTo)
	}
	if mails.Refused() != 3 {
		t.Fatalf("%d refusals, want 3 (two permanent, one temporary)", mails.Refused())
	}
	for _, m := range got {
		if m.To != c.Email || m.Subject == "We sent your booking request" {
			continue
		}
		link := "http://localhost:3000/my-appointments?appointment=" + a1
		if m.Subject != "Your appointment is confirmed" || !m.Alternative ||
			!strings.Contains(m.Text, "Your appointment for Dental check-up on ") || !strings.Contains(m.Text, link) ||
			!strings.Contains(m.HTML, `<a href="`+link+`"`) || !strings.Contains(m.HTML, "Your appointment for Dental check-up on ") {
			t.Fatalf("the customer's mail: %+v", m)
		}
	}
}

// TestNotificationsSurviveKafkaDown: bookings and a confirmation made while
// the broker is down (their events wait in booking-svc's outbox)
// all become notifications and mails once it is back, each exactly once.
func TestNotificationsSurviveKafkaDown(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00")
	names := map[string]string{}
	book := func(name string, day int) string {
		id := bkBookID(t, st, c, svcID, clk.day(day), "09:00")
		names[id] = name
		return id
	}
	book("A0", 1)
	waitNotes(t, st, p, names, "new_booking A0")

	_, portStr, _ := net.SplitHostPort(st.Brokers[0])
	port, _ := strconv.Atoi(portStr)
	st.Kafka.Close()
	a1 := book("A1", 2)
	book("A2", 3)
	book("A3", 4)
	bkProviderStatus(t, st, p, a1, "confirmed").ExpectStatus(t, http.StatusOK)
	// What the outage needs: the four events are committed and the relay,
	// kicked by each commit, has found no broker, so they wait in the outbox.
	stacktest.Eventually(t, 10*time.Second, "the 4 events made during the outage queued in booking's outbox", func() bool {
		return outboxRows(t, st) == 4
	})
	if got, _ := notes(t, st, p); len(got) != 1 {
		t.Fatalf("with Kafka down the provider has %d notifications, want the 1 from before", len(got))
	}

	cluster, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.AllowAutoTopicCreation(), kfake.Ports(port))
	if err != nil {
		t.Fatalf("restart broker on %d: %v", port, err)
	}
	t.Cleanup(cluster.Close)
	stacktest.Eventually(t, 10*time.Second, "the topics created on the new broker", func() bool {
		return kafkax.EnsureTopics(context.Background(), st.Brokers, 3, topics.Appointments, topics.Reviews) == nil
	})
	waitNotes(t, st, p, names, "new_booking A0", "new_booking A1", "new_booking A2", "new_booking A3")
	waitNotes(t, st, c, names, "booking_confirmed A1")

	// Each of the 9 notifications mailed once: 4 requests to the provider,
	// the customer's 4 confirmations of them and the acceptance.
	stacktest.Eventually(t, 15*time.Second, "every mail settled", func() bool {
		for _, o := range emailOutcomes(t, st) {
			if o.status != "sent" {
				return false
			}
		}
		return true
	})
	seen := map[string]bool{}
	for _, m := range mails.Mails() {
		if seen[m.Notification] {
			t.Fatalf("notification %s mailed twice", m.Notification)
		}
		seen[m.Notification] = true
	}
	if len(seen) != 9 || len(emailOutcomes(t, st)) != 9 {
		t.Fatalf("%d mails, %d notifications; want 9 of each", len(seen), len(emailOutcomes(t, st)))
	}
}

// outboxRows counts the events booking-svc has committed and not yet published.
func outboxRows(t *testing.T, st *stacktest.Stack) int {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	if err := conn.QueryRow(t.Context(), `SELECT count(*) FROM booking.outbox`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
