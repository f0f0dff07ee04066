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

// TestReassignMailsCoalesce: ten reassignments of one appointment between
// two members in a row (issue 50 finding 10: 12 mails to the members and
// 10 to the customer) mail the customer once, with the last word, and each
// member once about it (the booking mail aside).
func TestReassignMailsCoalesce(t *testing.T) {
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

	for i := range 10 {
		to := zoe
		if i%2 == 1 {
			to = ann
		}
		st.Put(t, "/appointments/"+id+"/staff", p.Token, map[string]any{"staffId": to}).ExpectStatus(t, http.StatusOK)
	}
	// Every reassignment is listed to the customer; the mails wait.
	mailsSettled(t, st, "booking_reassigned", 10)
	st.Clock.Advance(coalesceWindow)
	last := awaitMail(t, mails, c.Email, "Your appointment is with someone new", 1)
	if !strings.Contains(last.Text, "will now be with Ann.") {
		t.Errorf("the customer's one mail is not the last word:\n%s", last.Text)
	}
	awaitMail(t, mails, annEmail, "A booking is now yours", 1)
	awaitMail(t, mails, zoeEmail, "A booking is no longer yours", 1)
	mailsSettled(t, st, "booking_reassigned", 10)

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
		t.Errorf("%d mails to Ann, want 2 (booked, then now hers)", n)
	}
	if n := len(mailsTo(mails, zoeEmail)); n != 1 {
		t.Errorf("%d mails to Zoe, want 1 (no longer hers)", n)
	}
}
