package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// A customer's reschedules are limited in booking-svc's database (issue
// 40: 5 in under a second mailed the provider 5 times): three a minute,
// then 429 with Retry-After and the appointment left where it was; a
// refused or failed reschedule costs nothing, and after the window the
// customer may move it again.
func TestReschedulesAreLimitedPerCustomer(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Hair cut", "09:00", "10:00", "11:00", "14:30")
	id := bkBookID(t, st, c, svcID, clk.day(1), "09:00")
	move := func(date, clock string) *stacktest.Response {
		return st.Put(t, "/appointments/"+id+"/reschedule", c.Token, map[string]any{"date": date, "time": clock})
	}
	move(clk.day(1), "09:00").ExpectStatus(t, http.StatusBadRequest) // not later: costs nothing
	for _, clock := range []string{"10:00", "11:00", "14:30"} {
		move(clk.day(1), clock).ExpectStatus(t, http.StatusOK)
	}
	r := move(clk.day(2), "09:00")
	r.ExpectError(t, http.StatusTooManyRequests, "Too many reschedules, please try again in 60 seconds")
	if r.Header.Get("Retry-After") != "60" {
		t.Fatalf("Retry-After %q, want 60", r.Header.Get("Retry-After"))
	}
	if got := st.Get(t, "/appointments/"+id, c.Token).ExpectStatus(t, http.StatusOK); got.String("appointment.time") != "14:30" && got.String("data.time") != "14:30" {
		t.Fatalf("refused reschedule moved it: %s", got.Raw)
	}
	st.Clock.Advance(time.Minute)
	move(clk.day(2), "09:00").ExpectStatus(t, http.StatusOK)
}
