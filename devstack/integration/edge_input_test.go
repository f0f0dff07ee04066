package integration

import (
	"net/http"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// Hostile input at the edge (issue 40): every one a 4xx a user can act
// on, never a 5xx, and nothing a client sends sets a backend deadline.
func TestEdgeHostileInput(t *testing.T) {
	t.Parallel()
	// 5 auth calls a minute per IP: the provider's registration and login
	// spend 2 of them.
	st := stacktest.Start(t, stacktest.Options{AuthRatePerMinute: 5})
	p := st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Edge check", "09:00")

	t.Run("availability from near the calendar's end is 400", func(t *testing.T) {
		for _, from := range []string{"9999-12-31", "0001-01-01"} {
			st.Get(t, "/services/"+svcID+"/availability?from="+from, "").
				ExpectError(t, http.StatusBadRequest, "from must be within a year of today")
		}
	})
	t.Run("a client's Grpc-Timeout is ignored", func(t *testing.T) {
		for range 3 {
			r := st.Do(t, stacktest.Req{Method: http.MethodGet, Path: "/auth/profile", Token: p.Token,
				Headers: map[string]string{"Grpc-Timeout": "1n"}})
			if r.Status != http.StatusOK {
				t.Fatalf("GET /auth/profile with Grpc-Timeout: 1n → %d %s", r.Status, r.Raw)
			}
		}
	})
	t.Run("an Idempotency-Key outside printable ASCII is 400", func(t *testing.T) {
		r := st.Do(t, stacktest.Req{Method: http.MethodPost, Path: "/appointments", Token: p.Token,
			Body: bkBody(svcID, newBKClock().day(1), "09:00"), Headers: map[string]string{"Idempotency-Key": "clé-1"}})
		r.ExpectError(t, http.StatusBadRequest, "Idempotency-Key must be printable ASCII characters (letters, digits, punctuation and spaces)")
	})
	t.Run("registration is limited per client IP", func(t *testing.T) {
		for range 3 {
			st.Post(t, "/auth/register", "", stacktest.Registration("customer", stacktest.UniqueEmail("reg"))).ExpectStatus(t, http.StatusCreated)
		}
		r := st.Post(t, "/auth/register", "", stacktest.Registration("customer", stacktest.UniqueEmail("reg")))
		if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("4th registration: %d %v %s", r.Status, r.Header, r.Raw)
		}
	})
}
