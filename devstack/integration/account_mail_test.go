package integration

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// The account mails (verification, email change, password reset) go
// auth-svc → outbox → auth.accounts.v1 → notification-svc → SMTP, here a
// real SMTP server per test. Addresses on @mail.test are not in the test
// stack's verified domains (stacktest.TrustedDomain), so they start
// unverified.

// What auth-svc answers (auth-svc/internal/auth/links.go, validate.go).
const (
	msgLinkInvalid        = "This link is not valid. Please ask for a new one."
	msgLinkUsed           = "This link was already used, or a newer one was sent. Please use the newest link or ask for a new one."
	msgLinkExpired        = "This link has expired. Please ask for a new one."
	msgAlreadyVerified    = "Your email address is already verified."
	msgForgotSent         = "If an account uses this address, we sent it a link to reset the password. The link works for 30 minutes."
	msgResetTokenEmpty    = "This reset link is incomplete. Please open the link from the email again."
	msgPasswordTooShort   = "Password must be at least 6 characters long."
	msgPasswordsMismatch  = "Passwords do not match."
	msgInvalidCredentials = "Invalid email or password"
	msgCurrentPwRequired  = "Please enter your current password to change your email."
	// linkInterval is the least time between two links (linkInterval);
	// verifyLinkTTL and resetLinkTTL are their lifetimes.
	linkInterval  = time.Minute
	verifyLinkTTL = 24 * time.Hour
	resetLinkTTL  = 30 * time.Minute
)

// untrustedEmail is a fresh address the stack does not count as verified.
func untrustedEmail(prefix string) string {
	return strings.Replace(stacktest.UniqueEmail(prefix), "@"+stacktest.TrustedDomain, "@mail.test", 1)
}

var linkToken = regexp.MustCompile(`https?://\S+/(verify-email|reset-password)\?token=([A-Za-z0-9_-]+)`)

// awaitMail waits for the n-th mail (from 1) to address with subject and
// returns it.
func awaitMail(t *testing.T, mails *stacktest.MailServer, to, subject string, n int) stacktest.Mail {
	t.Helper()
	var got stacktest.Mail
	stacktest.Eventually(t, 15*time.Second, "mail "+subject+" to "+to, func() bool {
		seen := 0
		for _, m := range mails.Mails() {
			if strings.EqualFold(m.To, to) && m.Subject == subject {
				if seen++; seen == n {
					got = m
					return true
				}
			}
		}
		return false
	})
	return got
}

// tokenOf is the link token in m, checked to be in both parts.
func tokenOf(t *testing.T, m stacktest.Mail, page string) string {
	t.Helper()
	found := linkToken.FindStringSubmatch(m.Text)
	if found == nil || found[1] != page || !strings.Contains(m.HTML, found[0]) {
		t.Fatalf("no %s link in both parts of %q:\n%s\n%s", page, m.Subject, m.Text, m.HTML)
	}
	return found[2]
}

func mailsTo(mails *stacktest.MailServer, to string) []stacktest.Mail {
	var out []stacktest.Mail
	for _, m := range mails.Mails() {
		if strings.EqualFold(m.To, to) {
			out = append(out, m)
		}
	}
	return out
}

func registerUntrusted(t *testing.T, st *stacktest.Stack, role string) stacktest.User {
	t.Helper()
	email := untrustedEmail(role)
	st.Post(t, "/auth/register", "", stacktest.Registration(role, email)).ExpectStatus(t, http.StatusCreated)
	return st.Login(t, email, "secret123", role)
}

// TestEmailVerification: a new customer books at once but gets no booking
// mail, only the verification link; opening it verifies the address
// (once), and the next change to the booking is mailed.
func TestEmailVerification(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	p := st.NewUser(t, "provider")
	c := registerUntrusted(t, st, "customer")
	if r := st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK); r.Field("user.emailVerified") != false {
		t.Fatalf("a new address counts as verified: %s", r.Raw)
	}
	verify := awaitMail(t, mails, c.Email, "Verify your email address", 1)
	token := tokenOf(t, verify, "verify-email")

	// Booking and its answer work; the customer's notification is in the
	// app but not mailed.
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "14:30")
	id := bkBookID(t, st, c, svcID, clk.day(1), "09:00")
	bkProviderStatus(t, st, p, id, "scheduled").ExpectStatus(t, http.StatusOK)
	stacktest.Eventually(t, 15*time.Second, "the acceptance's email settled", func() bool {
		for _, o := range emailOutcomes(t, st) {
			if o.recipient == c.ID && o.kind == "booking_accepted" {
				return o.status == "off"
			}
		}
		return false
	})
	if r := st.Get(t, "/notifications", c.Token).ExpectStatus(t, http.StatusOK); !strings.Contains(string(r.Raw), "booking_accepted") {
		t.Fatalf("no in-app notification: %s", r.Raw)
	}
	if got := mailsTo(mails, c.Email); len(got) != 1 {
		t.Fatalf("an unverified address got %d mails, want only the link: %+v", len(got), got)
	}

	// The link is stored hashed only, and the sent mail's row forgets it.
	assertNoRowHolds(t, st, token)

	st.Post(t, "/auth/verify-email", "", map[string]any{"token": "forged-token"}).ExpectError(t, http.StatusBadRequest, msgLinkInvalid)
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusOK)
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectError(t, http.StatusBadRequest, msgLinkUsed)
	if r := st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK); r.Field("user.emailVerified") != true {
		t.Fatalf("not verified: %s", r.Raw)
	}
	st.Post(t, "/auth/verify-email/resend", c.Token, map[string]any{}).ExpectError(t, http.StatusConflict, msgAlreadyVerified)

	bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, http.StatusOK)
	awaitMail(t, mails, c.Email, "Your appointment is confirmed", 1)
}

// TestVerificationResendAndExpiry: "Resend" is 429 with Retry-After within
// a minute of the last link, then mails a new one that replaces it; a link
// is refused once expired.
func TestVerificationResendAndExpiry(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: time.Now(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	c := registerUntrusted(t, st, "customer")
	first := tokenOf(t, awaitMail(t, mails, c.Email, "Verify your email address", 1), "verify-email")

	r := st.Post(t, "/auth/verify-email/resend", c.Token, map[string]any{})
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("resend at once: %d %s (Retry-After %q)", r.Status, r.Raw, r.Header.Get("Retry-After"))
	}
	st.Post(t, "/auth/verify-email/resend", "", map[string]any{}).ExpectStatus(t, http.StatusUnauthorized)
	st.Clock.Advance(linkInterval)
	st.Post(t, "/auth/verify-email/resend", c.Token, map[string]any{}).ExpectStatus(t, http.StatusOK)
	second := tokenOf(t, awaitMail(t, mails, c.Email, "Verify your email address", 2), "verify-email")
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": first}).ExpectError(t, http.StatusBadRequest, msgLinkUsed)

	st.Clock.Advance(verifyLinkTTL)
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": second}).ExpectError(t, http.StatusBadRequest, msgLinkExpired)
}

// TestEmailChangeIsVerifiedFirst: a changed email takes effect when the
// link mailed to the new address is opened; then every session ends and
// the old address is told.
func TestEmailChangeIsVerifiedFirst(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	u := st.NewUser(t, "customer") // a verified address (stacktest.TrustedDomain)
	other := st.NewUser(t, "customer")
	moved := untrustedEmail("moved")

	st.Put(t, "/auth/profile", u.Token, map[string]any{"email": moved}).ExpectError(t, http.StatusBadRequest, msgCurrentPwRequired)
	st.Put(t, "/auth/profile", u.Token, map[string]any{"email": other.Email, "currentPassword": u.Password}).
		ExpectError(t, http.StatusConflict, "Another account already uses this email")
	r := st.Put(t, "/auth/profile", u.Token, map[string]any{"email": moved, "currentPassword": u.Password}).ExpectStatus(t, http.StatusOK)
	if r.String("user.email") != u.Email || r.String("user.pendingEmail") != moved || !strings.Contains(r.String("message"), moved) {
		t.Fatalf("the change took effect before its link: %s", r.Raw)
	}
	// Until the link is opened the account keeps its address and sessions.
	st.Login(t, u.Email, u.Password, "customer")
	st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": u.Refresh}).ExpectStatus(t, http.StatusOK)

	token := tokenOf(t, awaitMail(t, mails, moved, "Confirm your new email address", 1), "verify-email")
	r = st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusOK)
	if !strings.Contains(r.String("message"), moved) {
		t.Fatalf("verify: %s", r.Raw)
	}
	notice := awaitMail(t, mails, u.Email, "Your Slotwise email address was changed", 1)
	if !strings.Contains(notice.Text, moved) {
		t.Fatalf("the old address's notice does not name the new one: %s", notice.Text)
	}
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": u.Email, "password": u.Password, "role": "customer"}).
		ExpectError(t, http.StatusUnauthorized, msgInvalidCredentials)
	again := st.Login(t, moved, u.Password, "customer")
	if p := st.Get(t, "/auth/profile", again.Token).ExpectStatus(t, http.StatusOK); p.Field("user.emailVerified") != true || p.String("user.pendingEmail") != "" {
		t.Fatalf("after the change: %s", p.Raw)
	}
	// Every session from before the change ended.
	st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": u.Refresh}).ExpectStatus(t, http.StatusUnauthorized)
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectError(t, http.StatusBadRequest, msgLinkUsed)
}

// TestPasswordReset: "Forgot password?" answers alike (and about as slowly)
// for a known and an unknown address, mails a link once a minute at most;
// the link sets a new password once, ends every session, and is refused
// used or expired.
func TestPasswordReset(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: time.Now(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	u := st.NewUser(t, "customer")

	forgot := func(email string) (string, time.Duration) {
		start := time.Now()
		r := st.Post(t, "/auth/password/forgot", "", map[string]any{"email": email}).ExpectStatus(t, http.StatusOK)
		return r.String("message"), time.Since(start)
	}
	unknownMsg, unknownTook := forgot(stacktest.UniqueEmail("nobody"))
	knownMsg, knownTook := forgot(strings.ToUpper(u.Email))
	if unknownMsg != msgForgotSent || knownMsg != unknownMsg {
		t.Fatalf("answers differ: %q vs %q", unknownMsg, knownMsg)
	}
	if unknownTook < 250*time.Millisecond || knownTook < 250*time.Millisecond {
		t.Fatalf("answers faster than the floor: unknown %v, known %v", unknownTook, knownTook)
	}
	t.Logf("forgot password took %v (unknown address) and %v (known)", unknownTook, knownTook)
	m := awaitMail(t, mails, u.Email, "Reset your Slotwise password", 1)
	token := tokenOf(t, m, "reset-password")
	forgot(u.Email) // within the minute: the same answer, no mail
	assertNoRowHolds(t, st, token)

	other := st.Login(t, u.Email, u.Password, "customer")
	reset := func(body map[string]any) *stacktest.Response { return st.Post(t, "/auth/password/reset", "", body) }
	reset(map[string]any{"newPassword": "fresh-pass-1"}).ExpectError(t, http.StatusBadRequest, msgResetTokenEmpty)
	reset(map[string]any{"token": "forged", "newPassword": "fresh-pass-1"}).ExpectError(t, http.StatusBadRequest, msgLinkInvalid)
	reset(map[string]any{"token": token, "newPassword": "abc"}).ExpectError(t, http.StatusBadRequest, msgPasswordTooShort)
	reset(map[string]any{"token": token, "newPassword": "fresh-pass-1", "confirmPassword": "fresh-pass-2"}).
		ExpectError(t, http.StatusBadRequest, msgPasswordsMismatch)
	reset(map[string]any{"token": token, "newPassword": "fresh-pass-1"}).ExpectStatus(t, http.StatusOK)
	reset(map[string]any{"token": token, "newPassword": "fresh-pass-2"}).ExpectError(t, http.StatusBadRequest, msgLinkUsed)
	for _, s := range []stacktest.User{u, other} {
		st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": s.Refresh}).ExpectStatus(t, http.StatusUnauthorized)
	}
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": u.Email, "password": u.Password, "role": "customer"}).
		ExpectError(t, http.StatusUnauthorized, msgInvalidCredentials)
	st.Login(t, u.Email, "fresh-pass-1", "customer")
	if got := len(mailsTo(mails, u.Email)); got != 1 {
		t.Fatalf("%d mails to the address, want the one link", got)
	}

	st.Clock.Advance(linkInterval)
	forgot(u.Email)
	late := tokenOf(t, awaitMail(t, mails, u.Email, "Reset your Slotwise password", 2), "reset-password")
	st.Clock.Advance(resetLinkTTL)
	reset(map[string]any{"token": late, "newPassword": "fresh-pass-3"}).ExpectError(t, http.StatusBadRequest, msgLinkExpired)
}

// TestAccountLinkRoutesRefuseHostileInput: bad bodies and tokens are 4xx,
// never 5xx.
func TestAccountLinkRoutesRefuseHostileInput(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	u := st.NewUser(t, "customer")
	long := strings.Repeat("A", 10_000)
	cases := []struct {
		path string
		body any
	}{
		{"/auth/verify-email", "not json"},
		{"/auth/verify-email", map[string]any{}},
		{"/auth/verify-email", map[string]any{"token": long}},
		{"/auth/verify-email", map[string]any{"token": "é\x00'; DROP TABLE users;--"}},
		{"/auth/verify-email", map[string]any{"token": 12}},
		{"/auth/password/reset", "{"},
		{"/auth/password/reset", map[string]any{"token": long, "newPassword": "fresh-pass-1"}},
		{"/auth/password/reset", map[string]any{"token": "x", "newPassword": long}},
		{"/auth/password/reset", map[string]any{"token": []int{1}}},
		{"/auth/password/forgot", map[string]any{}},
		{"/auth/password/forgot", map[string]any{"email": long + "@example.com"}},
		{"/auth/password/forgot", map[string]any{"email": "not-an-address"}},
		{"/auth/password/forgot", "[]"},
		{"/auth/verify-email/resend", map[string]any{}},
	}
	for _, c := range cases {
		r := st.Do(t, stacktest.Req{Method: http.MethodPost, Path: c.path, Body: c.body})
		if r.Status < 400 || r.Status >= 500 {
			t.Errorf("POST %s %v: %d %s", c.path, c.body, r.Status, r.Raw)
		}
	}
	// The caller's own verified address: resend is a 409, not a 5xx.
	st.Post(t, "/auth/verify-email/resend", u.Token, map[string]any{}).ExpectError(t, http.StatusConflict, msgAlreadyVerified)
}

// assertNoRowHolds fails if any text column of any table holds secret
// (links are kept as their SHA-256; a sent mail's row forgets its link).
func assertNoRowHolds(t *testing.T, st *stacktest.Stack, secret string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	stacktest.Eventually(t, 10*time.Second, "the sent mail's row forgot its link", func() bool {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM notification.account_mails WHERE token <> ''`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 0
	})
	rows, err := conn.Query(ctx, `SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns
		WHERE table_schema IN ('auth', 'notification') AND data_type IN ('text', 'bytea', 'character varying', 'jsonb')`)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([4]string, error) {
		var c [4]string
		return c, r.Scan(&c[0], &c[1], &c[2], &c[3])
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cols {
		col := pgx.Identifier{c[2]}.Sanitize()
		cond, arg := `position($1 in `+col+`::text) > 0`, any(secret)
		if c[3] == "bytea" {
			cond, arg = `position($1::bytea in `+col+`) > 0`, []byte(secret)
		}
		var n int
		q := `SELECT count(*) FROM ` + pgx.Identifier{c[0], c[1]}.Sanitize() + ` WHERE ` + cond
		if err := conn.QueryRow(ctx, q, arg).Scan(&n); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if n > 0 {
			t.Fatalf("%s.%s.%s holds a link's secret", c[0], c[1], c[2])
		}
	}
}
