package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestGuessLockMailsTheOwnerOnce (issue 50, finding 12): wrong passwords
// that lock a client out of an account mail the owner "Someone tried to
// sign in to your account", with the way to a reset, once for the run:
// the lock doubling on later guesses mails nothing more.
func TestGuessLockMailsTheOwnerOnce(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: time.Now(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	victim := st.NewUser(t, "customer") // a verified address (stacktest.TrustedDomain)
	const subject = "Someone tried to sign in to your account"

	guess := func() {
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": victim.Email, "password": "guess-1", "role": "customer"}).
			ExpectError(t, http.StatusUnauthorized, msgInvalidCredentials)
	}
	for range 5 { // the fifth locks
		guess()
	}
	m := awaitMail(t, mails, victim.Email, subject, 1)
	if !strings.Contains(m.Text, "/forgot-password") || !strings.Contains(m.HTML, `/forgot-password"`) || strings.Contains(m.Text, "token=") {
		t.Fatalf("the lock mail does not lead to a reset:\n%s\n%s", m.Text, m.HTML)
	}

	// The lock ends and the guesser goes on: a longer lock, no second mail.
	st.Clock.Advance(31 * time.Second)
	guess()
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": victim.Email, "password": victim.Password, "role": "customer"}).
		ExpectStatus(t, http.StatusTooManyRequests)
	// A later mail to the address arrives after any lock mail queued
	// before it (one outbox, in order per account).
	st.Post(t, "/auth/password/forgot", "", map[string]any{"email": victim.Email}).ExpectStatus(t, http.StatusOK)
	awaitMail(t, mails, victim.Email, "Reset your Slotwise password", 1)
	n := 0
	for _, m := range mailsTo(mails, victim.Email) {
		if m.Subject == subject {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d lock mails for one run of guesses, want 1", n)
	}
}
