package integration

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestMemberMailNeedsAVerifiedProvider: anyone can register as a provider
// and type any address in as a team member's, so Slotwise mails a member
// only once their provider has proved their own address (issue 50 finding
// 10): before, the member's mail is switched off and nothing goes out;
// after the provider opens their verification link, it does.
func TestMemberMailNeedsAVerifiedProvider(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	p, c := registerUntrusted(t, st, "provider"), st.NewUser(t, "customer")
	svcID := bkService(t, st, p, "Haircut", "09:00", "10:00")
	annEmail := stacktest.UniqueEmail("ann")
	ann := st.Post(t, "/providers/me/staff", p.Token, map[string]any{"name": "Ann", "email": annEmail,
		"serviceIds": []string{svcID}, "hours": everyDay()}).ExpectStatus(t, http.StatusCreated).String("data._id")

	ctx := context.Background()
	conn, err := pgx.Connect(ctx, st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	memberMail := func(appointmentID string) string {
		var status string
		err := conn.QueryRow(ctx, `SELECT e.status FROM notification.emails e JOIN notification.notifications n ON n.id = e.notification_id
			WHERE n.appointment_id = $1 AND n.recipient_id LIKE 'member:%'`, appointmentID).Scan(&status)
		if err != nil && err != pgx.ErrNoRows {
			t.Fatal(err)
		}
		return status
	}

	first := bookAs(t, st, c, svcID, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	stacktest.Eventually(t, 15*time.Second, "the unverified provider's member mail decided", func() bool {
		s := memberMail(first)
		return s != "" && s != "queued"
	})
	if got := memberMail(first); got != "off" {
		t.Fatalf("the member mail of an unverified provider is %q, want off", got)
	}
	if got := mailsTo(mails, annEmail); len(got) != 0 {
		t.Fatalf("%d mails to the member of an unverified provider", len(got))
	}

	token := tokenOf(t, awaitMail(t, mails, p.Email, "Verify your email address", 1), "verify-email")
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusOK)
	bookAs(t, st, c, svcID, clk.day(1), "10:00", ann).ExpectStatus(t, http.StatusCreated)
	awaitMail(t, mails, annEmail, "You have a new booking", 1)
}
