package integration

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestEmailChangeMailsArePaced (issue 50, finding 7): an email change
// mailed "Confirm your new email address" on every PUT /auth/profile, so
// any account could flood any address (168 mails in 15 s). Now ten
// simultaneous changes from one account mail one link (the others 429 with
// Retry-After); an address gets at most five links a day whichever
// accounts ask; the mail server receives exactly the links issued.
func TestEmailChangeMailsArePaced(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: time.Now(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	u := st.NewUser(t, "customer")
	target := untrustedEmail("target")
	change := func(who stacktest.User) *stacktest.Response {
		return st.Put(t, "/auth/profile", who.Token, map[string]any{"email": target, "currentPassword": who.Password})
	}

	const burst = 10
	answers := make([]*stacktest.Response, burst)
	var wg sync.WaitGroup
	for i := range burst {
		wg.Go(func() { answers[i] = change(u) })
	}
	wg.Wait()
	ok := 0
	for _, r := range answers {
		switch {
		case r.Status == http.StatusOK:
			ok++
		case r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "":
			t.Fatalf("a paced change answered %d %s (Retry-After %q), want 429 with Retry-After", r.Status, r.Raw, r.Header.Get("Retry-After"))
		}
	}
	if ok != 1 {
		t.Fatalf("%d of %d simultaneous email changes to one address were accepted (each mails a link), want 1", ok, burst)
	}
	change(u).ExpectError(t, http.StatusTooManyRequests, "We just sent a link. Please check your inbox, or try again in 60 seconds.")

	// Other accounts, each once: the address's fifth link is its last today.
	const perAddress = 5
	for i := 1; i < perAddress; i++ {
		st.Clock.Advance(linkInterval)
		change(st.NewUser(t, "customer")).ExpectStatus(t, http.StatusOK)
	}
	st.Clock.Advance(linkInterval)
	r := change(u)
	r.ExpectError(t, http.StatusTooManyRequests,
		"This address was sent 5 links in the last 24 hours. Please use the newest one, or try again in 24 hours.")
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After on the address's refusal")
	}

	// Every link issued is one mail, and no refused change issued one.
	awaitMail(t, mails, target, "Confirm your new email address", perAddress)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var links int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM auth.account_links WHERE email = $1`, target).Scan(&links); err != nil {
		t.Fatal(err)
	}
	if got := len(mailsTo(mails, target)); links != perAddress || got != perAddress {
		t.Fatalf("%d links issued and %d mails received at the address, want %d", links, got, perAddress)
	}
}
