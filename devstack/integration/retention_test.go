package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestExpiredIdempotencyKeysAreDeleted: booking-svc deletes an idempotency
// record once it outlives IDEMPOTENCY_TTL (by the service's clock), without
// any request touching the key, and the key then starts a new booking.
func TestExpiredIdempotencyKeysAreDeleted(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), IdempotencyTTL: 10 * time.Second})
	db, err := pgxpool.New(t.Context(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	keys := func() int {
		var n int
		if err := db.QueryRow(t.Context(), `SELECT count(*) FROM booking.idempotency_keys`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	svcID := bkService(t, st, p, "Keyed", "09:00", "10:00")
	key := "key-" + uuid.NewString()
	send := func(clock string) *stacktest.Response {
		return st.Do(t, stacktest.Req{Method: "POST", Path: "/appointments", Token: c.Token, Body: bkBody(svcID, clk.day(2), clock),
			Headers: map[string]string{"Idempotency-Key": key}})
	}
	first := send("09:00").ExpectStatus(t, http.StatusCreated).String("appointment._id")

	st.Clock.Advance(5 * time.Second)
	time.Sleep(2500 * time.Millisecond) // the pruner looks every second
	if n := keys(); n != 1 {
		t.Fatalf("%d idempotency records 5 s into a 10 s lifetime, want 1", n)
	}
	if again := send("09:00").ExpectStatus(t, http.StatusCreated).String("appointment._id"); again != first {
		t.Fatalf("a live key answered %s, not its first booking %s", again, first)
	}

	st.Clock.Advance(6 * time.Second)
	stacktest.Eventually(t, 10*time.Second, "the expired idempotency records deleted", func() bool { return keys() == 0 })
	if next := send("10:00").ExpectStatus(t, http.StatusCreated).String("appointment._id"); next == first {
		t.Fatal("an expired key still replayed its first booking")
	}
}
