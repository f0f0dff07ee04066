package integration

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// coalesceWindow is how long a mail about who performs an appointment
// waits for a newer one (notification-svc/internal/notification/coalesce.go).
const coalesceWindow = 2 * time.Minute

// mailsSettled waits until notification-svc has made at least n
// notifications of kind and no email is due or being sent (claimed: it
// has an attempt and is still queued): every mail due by the test's clock
// has gone out. A coalesced mail still in its window is not due.
func mailsSettled(t *testing.T, st *stacktest.Stack, kind string, n int) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	stacktest.Eventually(t, 15*time.Second, "notification-svc to make its notifications and settle their mails", func() bool {
		var made, waiting int
		if err := conn.QueryRow(ctx, `SELECT (SELECT count(*) FROM notification.notifications WHERE kind = $1),
			(SELECT count(*) FROM notification.emails WHERE status = 'queued' AND (next_at <= $2 OR attempts > 0))`, kind, st.Clock.Now().Add(time.Second)).
			Scan(&made, &waiting); err != nil {
			t.Fatal(err)
		}
		return made >= n && waiting == 0
	})
}

// TestReassignsLimitedAndCoalesced: ten reassignments of one appointment
// in a row (issue 50 finding 10: 12 mails to the members and 10 to the
// customer) are three, then 429 until the hour has passed; their mails
// reach the customer once, with the last word, and each member once about
// it (the booking mail aside).
func TestReassignsLimitedAndCoalesced(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	svcID := bkService(t, st, p, "Haircut", "09:00", "10:00")
	annEmail, zoeEmail := stacktest.UniqueEmail("ann"), stacktest.UniqueEmail("zoe")
	member := func(name, email string) string {
		t.Helper()
		return st.Post(t, "/providers/me/staff", p.Token, map[string]any{"name": name, "email": email,
			"serviceIds": []string{svcID}, "hours": everyDay()}).ExpectStatus(t, http.StatusCreated).String("data._id")
	}
	ann, zoe := member("Ann", annEmail), member("Zoe", zoeEmail)
	id := bookAs(t, st, c, svcID, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	awaitMail(t, mails, annEmail, "You have a new booking", 1)
	reassign := func(to string) *stacktest.Response {
		return st.Put(t, "/appointments/"+id+"/staff", p.Token, map[string]any{"staffId": to})
	}

	for i := range 10 {
		to := zoe
		if i%2 == 1 {
			to = ann
		}
		r := reassign(to)
		if i < 3 {
			r.ExpectStatus(t, http.StatusOK)
			continue
		}
		r.ExpectError(t, http.StatusTooManyRequests, "This appointment was reassigned 3 times in the last hour: please try again in 60 minutes")
		if r.Header.Get("Retry-After") != "3600" {
			t.Fatalf("Retry-After %q, want 3600", r.Header.Get("Retry-After"))
		}
	}
	// Every reassignment is listed to the customer; the mails wait.
	mailsSettled(t, st, "booking_reassigned", 3)
	st.Clock.Advance(coalesceWindow)
	last := awaitMail(t, mails, c.Email, "Your appointment is with someone new", 1)
	if !strings.Contains(last.Text, "will now be with Zoe.") {
		t.Errorf("the customer's one mail is not the last word:\n%s", last.Text)
	}
	awaitMail(t, mails, annEmail, "A booking is no longer yours", 1)
	awaitMail(t, mails, zoeEmail, "A booking is now yours", 1)
	mailsSettled(t, st, "booking_reassigned", 3)

	count := func(to, subject string) int {
		n := 0
		for _, m := range mailsTo(mails, to) {
			if m.Subject == subject {
				n++
			}
		}
		return n
	}
	if n := count(c.Email, "Your appointment is with someone new"); n != 1 {
		t.Errorf("%d reassignment mails to the customer, want 1", n)
	}
	if n := len(mailsTo(mails, annEmail)); n != 2 {
		t.Errorf("%d mails to Ann, want 2 (booked, then no longer hers)", n)
	}
	if n := len(mailsTo(mails, zoeEmail)); n != 1 {
		t.Errorf("%d mails to Zoe, want 1 (now hers)", n)
	}

	// The budget comes back as the hour passes.
	reassign(ann).ExpectStatus(t, http.StatusTooManyRequests)
	st.Clock.Advance(time.Hour - coalesceWindow)
	reassign(ann).ExpectStatus(t, http.StatusOK)
}
