package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestBookingTakesTheAccountsEmail: a customer changes their email, then
// books with an access token issued before the change (it lives up to 10
// minutes and still claims the old address) and types no email: the
// appointment holds the new address, as booking-svc asks auth-svc, and
// the booking's mail goes there.
func TestBookingTakesTheAccountsEmail(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	p := st.NewUser(t, "provider")
	c := st.NewUser(t, "customer")
	svc := bkService(t, st, p, "Contact check-up", "14:30")

	moved := untrustedEmail("moved")
	st.Put(t, "/auth/profile", c.Token, map[string]any{"email": moved, "currentPassword": c.Password}).ExpectStatus(t, http.StatusOK)
	token := tokenOf(t, awaitMail(t, mails, moved, "Confirm your new email address", 1), "verify-email")
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusOK)

	body := bkBody(svc, clk.day(1), "14:30")
	delete(body, "customerEmail")
	id := st.Post(t, "/appointments", c.Token, body).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	if got := st.Get(t, "/appointments/"+id, c.Token).ExpectStatus(t, http.StatusOK).String("appointment.customerEmail"); got != moved {
		t.Fatalf("booked with the token from before the change: customerEmail %q, want the account's %q (not %q)", got, moved, c.Email)
	}
	awaitMail(t, mails, moved, "We sent your booking request", 1)
}
