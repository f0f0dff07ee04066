package integration

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

const sessionEnded = "Your session has ended. Please log in again."

// refresh exchanges a refresh token at POST /auth/refresh.
func refresh(t *testing.T, st *stacktest.Stack, token string) *stacktest.Response {
	t.Helper()
	return st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": token})
}

// rotate refreshes and returns the new access and refresh tokens.
func rotate(t *testing.T, st *stacktest.Stack, token string) (access, next string) {
	t.Helper()
	r := refresh(t, st, token).ExpectStatus(t, http.StatusOK)
	access, next = r.String("token"), r.String("refreshToken")
	if access == "" || next == "" || next == token {
		t.Fatalf("refresh did not rotate: %s", r.Raw)
	}
	return access, next
}

// Access tokens are short-lived (issue 40): login answers the access token
// (token), how long it lives (expiresIn, ACCESS_TOKEN_TTL) and a refresh
// token. Each refresh token is exchanged once for the next; a used one
// presented again ends the whole family, the newest token included, and
// no other session of the account.
func TestRefreshRotatesAndReuseEndsTheFamily(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{AccessTokenTTL: 10 * time.Minute})
	u := st.NewUser(t, "customer")
	other := st.Login(t, u.Email, u.Password, "customer") // another device

	r := st.Post(t, "/auth/login-with-role", "", map[string]any{"email": u.Email, "password": u.Password, "role": "customer"}).ExpectStatus(t, http.StatusOK)
	if got := r.Field("expiresIn"); got != float64(600) {
		t.Fatalf("expiresIn %v, want 600", got)
	}
	if life := tokenLifetime(t, r.String("token")); life != 10*time.Minute {
		t.Fatalf("access token lives %v, want 10m", life)
	}
	first := r.String("refreshToken")

	access, second := rotate(t, st, first)
	st.Get(t, "/auth/profile", access).ExpectStatus(t, http.StatusOK)
	_, third := rotate(t, st, second)

	refresh(t, st, first).ExpectError(t, http.StatusUnauthorized, sessionEnded) // reuse: a copy of the first
	refresh(t, st, third).ExpectError(t, http.StatusUnauthorized, sessionEnded) // the family is over
	rotate(t, st, other.Refresh)                                                // the other device is not

	// Bad input is a 4xx the client can act on.
	st.Post(t, "/auth/refresh", "", map[string]any{}).ExpectError(t, http.StatusBadRequest, "refreshToken is required: please log in again.")
	refresh(t, st, "not-a-token").ExpectError(t, http.StatusUnauthorized, sessionEnded)
	refresh(t, st, strings.Repeat("x", 5000)).ExpectError(t, http.StatusUnauthorized, sessionEnded)
	st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": 42}).ExpectStatus(t, http.StatusBadRequest)
}

// "Sign out everywhere" ends every session of the account: no device can
// refresh any more (their access tokens run out within ACCESS_TOKEN_TTL);
// a new login works. Logout ends only its own session.
func TestSignOutEverywhere(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{AccessTokenTTL: 10 * time.Minute})
	u := st.NewUser(t, "customer")
	phone := st.Login(t, u.Email, u.Password, "customer")
	stranger := st.NewUser(t, "customer")

	st.Post(t, "/auth/logout-all", "", map[string]any{}).ExpectError(t, http.StatusUnauthorized, "Authentication required: please log in")
	r := st.Post(t, "/auth/logout-all", u.Token, map[string]any{}).ExpectStatus(t, http.StatusOK)
	if msg := r.String("message"); msg != "Signed out everywhere. Other devices are signed out within 10 minutes. "+msgFeedChanged {
		t.Fatalf("message %q", msg)
	}
	refresh(t, st, u.Refresh).ExpectError(t, http.StatusUnauthorized, sessionEnded)
	refresh(t, st, phone.Refresh).ExpectError(t, http.StatusUnauthorized, sessionEnded)
	rotate(t, st, stranger.Refresh)

	again := st.Login(t, u.Email, u.Password, "customer")
	laptop := st.Login(t, u.Email, u.Password, "customer")
	st.Post(t, "/auth/logout", "", map[string]any{"refreshToken": again.Refresh}).ExpectStatus(t, http.StatusOK)
	refresh(t, st, again.Refresh).ExpectError(t, http.StatusUnauthorized, sessionEnded)
	rotate(t, st, laptop.Refresh)
}

// A password change needs the current password (counted by the account's
// guessing limit), follows registration's rules for the new one, and ends
// every other session; the caller's own stays.
func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{AccessTokenTTL: 10 * time.Minute})
	u := st.NewUser(t, "customer")
	other := st.Login(t, u.Email, u.Password, "customer")
	change := func(body map[string]any) *stacktest.Response {
		return st.Put(t, "/auth/password", u.Token, body)
	}

	st.Put(t, "/auth/password", "", map[string]any{"currentPassword": u.Password, "newPassword": "fresh-pass-1"}).
		ExpectError(t, http.StatusUnauthorized, "Authentication required: please log in")
	change(map[string]any{"newPassword": "fresh-pass-1"}).ExpectError(t, http.StatusBadRequest, "Please enter your current password.")
	change(map[string]any{"currentPassword": u.Password}).ExpectError(t, http.StatusBadRequest, "Please enter a new password.")
	change(map[string]any{"currentPassword": u.Password, "newPassword": "abc"}).ExpectError(t, http.StatusBadRequest, "Password must be at least 6 characters long.")
	change(map[string]any{"currentPassword": u.Password, "newPassword": "fresh-pass-1", "confirmPassword": "fresh-pass-2"}).
		ExpectError(t, http.StatusBadRequest, "Passwords do not match.")
	change(map[string]any{"currentPassword": u.Password, "newPassword": u.Password}).
		ExpectError(t, http.StatusBadRequest, "The new password must be different from the current one.")
	change(map[string]any{"currentPassword": "guess-123", "newPassword": "fresh-pass-1"}).
		ExpectError(t, http.StatusForbidden, "The current password is incorrect.")
	_, otherNext := rotate(t, st, other.Refresh) // a refused change ends nothing

	r := change(map[string]any{"currentPassword": u.Password, "newPassword": "fresh-pass-1", "confirmPassword": "fresh-pass-1"}).ExpectStatus(t, http.StatusOK)
	if !strings.HasPrefix(r.String("message"), "Password changed.") {
		t.Fatalf("message %q", r.String("message"))
	}
	rotate(t, st, u.Refresh) // this session stays
	refresh(t, st, otherNext).ExpectError(t, http.StatusUnauthorized, sessionEnded)
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": u.Email, "password": u.Password, "role": "customer"}).
		ExpectError(t, http.StatusUnauthorized, "Invalid email or password")
	st.Login(t, u.Email, "fresh-pass-1", "customer")
}

// A wrong current password at PUT /auth/password counts towards the
// account's lock like any other password check.
func TestPasswordChangeGuessingIsLimited(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{AccessTokenTTL: 10 * time.Minute})
	u := st.NewUser(t, "customer")
	for range 5 {
		st.Put(t, "/auth/password", u.Token, map[string]any{"currentPassword": "guess-123", "newPassword": "fresh-pass-1"}).
			ExpectError(t, http.StatusForbidden, "The current password is incorrect.")
	}
	r := st.Put(t, "/auth/password", u.Token, map[string]any{"currentPassword": u.Password, "newPassword": "fresh-pass-1"})
	r.ExpectError(t, http.StatusTooManyRequests, "Too many wrong passwords for this account. Please try again in 30 seconds.")
	if r.Header.Get("Retry-After") != "30" {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
}

// tokenLifetime is exp - iat of a JWT (read, not verified: the stack did).
func tokenLifetime(t *testing.T, jwt string) time.Duration {
	t.Helper()
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", jwt)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c struct{ Iat, Exp int64 }
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	return time.Duration(c.Exp-c.Iat) * time.Second
}

// Moving the account to another email ends every other session (their
// tokens name the old address); the caller's stays.
func TestEmailChangeEndsOtherSessions(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{AccessTokenTTL: 10 * time.Minute})
	u := st.NewUser(t, "customer")
	other := st.Login(t, u.Email, u.Password, "customer")
	st.Put(t, "/auth/profile", u.Token, map[string]any{"fullName": "Asha R"}).ExpectStatus(t, http.StatusOK)
	_, otherNext := rotate(t, st, other.Refresh) // a change of name ends nothing

	moved := stacktest.UniqueEmail("moved")
	st.Put(t, "/auth/profile", u.Token, map[string]any{"email": moved, "currentPassword": u.Password}).ExpectStatus(t, http.StatusOK)
	access, _ := rotate(t, st, u.Refresh)
	if got := st.Get(t, "/auth/profile", access).ExpectStatus(t, http.StatusOK).String("user.email"); got != moved {
		t.Fatalf("profile email %q, want %q", got, moved)
	}
	refresh(t, st, otherNext).ExpectError(t, http.StatusUnauthorized, sessionEnded)
}
