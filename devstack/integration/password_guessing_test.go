package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// Password guessing is limited per account, in auth-svc's database
// (issue 40): wrong passwords at login and at PUT /auth/profile add up;
// after four the account is locked and even the right password gets 429
// with Retry-After and a message saying when to try again. Another
// account is not affected. The test clock stands still, so the wait reads
// the same however long the guesses took on a loaded machine.
func TestPasswordGuessingIsLimitedPerAccount(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{Now: time.Now()})
	victim := st.NewUser(t, "customer")
	other := st.NewUser(t, "customer")

	const locked = "Too many wrong passwords for this account. Please try again in 30 seconds."
	for i := range 5 {
		if i%2 == 0 {
			st.Post(t, "/auth/login-with-role", "", map[string]any{"email": victim.Email, "password": "guess-1", "role": "customer"}).
				ExpectError(t, http.StatusUnauthorized, "Invalid email or password")
		} else {
			st.Put(t, "/auth/profile", victim.Token, map[string]any{"email": stacktest.UniqueEmail("moved"), "currentPassword": "guess-1"}).
				ExpectError(t, http.StatusForbidden, "The current password is incorrect.")
		}
	}
	r := st.Post(t, "/auth/login-with-role", "", map[string]any{"email": victim.Email, "password": victim.Password, "role": "customer"})
	r.ExpectError(t, http.StatusTooManyRequests, locked)
	if ra := r.Header.Get("Retry-After"); ra != "30" {
		t.Fatalf("Retry-After %q, want 30", ra)
	}
	st.Put(t, "/auth/profile", victim.Token, map[string]any{"email": stacktest.UniqueEmail("moved"), "currentPassword": victim.Password}).
		ExpectError(t, http.StatusTooManyRequests, locked)
	st.Login(t, other.Email, other.Password, "customer")
}
