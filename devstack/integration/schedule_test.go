package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestProviderSchedule: a provider's days off and closed queue, set over
// REST on catalog-svc, are honoured by booking-svc with the very next
// request (bookings, reschedules, availability) across all the provider's
// services, although booking-svc decided a booking just before on its copy.
func TestProviderSchedule(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p, other := st.NewUser(t, "customer"), st.NewUser(t, "provider"), st.NewUser(t, "provider")
	svcA := bkService(t, st, p, "Cleaning", "09:00", "10:00", "11:00")
	svcB := bkService(t, st, p, "Whitening", "09:00", "10:00")
	apptID := bkBookID(t, st, c, svcA, clk.day(1), "09:00") // warms booking-svc's copy
	bkBookID(t, st, c, svcB, clk.day(1), "10:00")           // one owner: not at 09:00 too

	sched := st.Get(t, "/providers/me/schedule", p.Token).ExpectStatus(t, http.StatusOK)
	if sched.Field("data.queueOpen") != true || len(sched.Field("data.closures").([]any)) != 0 {
		t.Fatalf("a new provider's schedule: %s", sched.Raw)
	}
	st.Get(t, "/providers/me/schedule", "").ExpectStatus(t, http.StatusUnauthorized)
	st.Get(t, "/providers/me/schedule", c.Token).ExpectError(t, http.StatusForbidden, "Only service providers can manage services")

	// Bad input is 400 with what to fix.
	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": ""}).ExpectError(t, http.StatusBadRequest, "from must be a date (YYYY-MM-DD)")
	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(-1)}).ExpectError(t, http.StatusBadRequest, "Days off must start today or later")
	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(3), "to": clk.day(2)}).
		ExpectError(t, http.StatusBadRequest, "to must be a date (YYYY-MM-DD) on or after from")
	st.Put(t, "/providers/me/queue", p.Token, map[string]any{}).ExpectError(t, http.StatusBadRequest, "open (true or false) is required")

	// Days off: day 2 and 3.
	added := st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(2), "to": clk.day(3), "note": "Diwali"}).
		ExpectStatus(t, http.StatusCreated)
	closures, _ := added.Field("data.closures").([]any)
	if len(closures) != 1 {
		t.Fatalf("after closing: %s", added.Raw)
	}
	closure := closures[0].(map[string]any)
	if closure["from"] != clk.day(2) || closure["to"] != clk.day(3) || closure["note"] != "Diwali" {
		t.Fatalf("closure %v", closure)
	}
	closureID := closure["_id"].(string)
	day3, _ := time.ParseInLocation("2006-01-02", clk.day(3), bkIST)
	dayOff := "Smile Clinic is closed on " + day3.Format("Monday, 2 January") + " (Diwali). Please choose another day"
	bkBook(t, st, c, svcA, clk.day(3), "10:00").ExpectError(t, http.StatusConflict, dayOff)
	bkBook(t, st, c, svcB, clk.day(3), "10:00").ExpectError(t, http.StatusConflict, dayOff)
	st.Put(t, "/appointments/"+apptID+"/reschedule", c.Token, map[string]any{"date": clk.day(3), "time": "10:00"}).
		ExpectError(t, http.StatusConflict, dayOff)
	days, _ := st.Get(t, "/services/"+svcA+"/availability", "").ExpectStatus(t, http.StatusOK).Field("days").([]any)
	for i, d := range days {
		day := d.(map[string]any)
		closed := i == 2 || i == 3
		if day["closed"] != closed || (closed && day["closedNote"] != "Diwali") {
			t.Errorf("availability day %d: %v", i, day)
		}
		for _, sl := range day["slots"].([]any) {
			if closed && sl.(map[string]any)["available"] != false {
				t.Errorf("day %d: a slot is available on a day off: %v", i, sl)
			}
		}
	}
	if got := st.Get(t, "/services/"+svcB, "").ExpectStatus(t, http.StatusOK); len(got.Field("service.closures").([]any)) != 1 {
		t.Fatalf("the service does not show its provider's days off: %s", got.Raw)
	}
	// Someone else's closure is not found; the owner reopens the days.
	st.Delete(t, "/providers/me/closures/"+closureID, other.Token).ExpectError(t, http.StatusNotFound, "Those days off were not found")
	st.Delete(t, "/providers/me/closures/"+closureID, p.Token).ExpectStatus(t, http.StatusOK)
	bkBookID(t, st, c, svcA, clk.day(3), "10:00")

	// The queue: closed, every service refuses; open again, bookable.
	closedQueue := "Smile Clinic is not taking bookings right now"
	if r := st.Put(t, "/providers/me/queue", p.Token, map[string]any{"open": false}).ExpectStatus(t, http.StatusOK); r.Field("data.queueOpen") != false {
		t.Fatalf("closing the queue: %s", r.Raw)
	}
	bkBook(t, st, c, svcA, clk.day(4), "10:00").ExpectError(t, http.StatusConflict, closedQueue)
	bkBook(t, st, c, svcB, clk.day(4), "10:00").ExpectError(t, http.StatusConflict, closedQueue)
	st.Put(t, "/appointments/"+apptID+"/reschedule", c.Token, map[string]any{"date": clk.day(4), "time": "10:00"}).
		ExpectError(t, http.StatusConflict, closedQueue)
	st.Get(t, "/services/"+svcA+"/availability", "").ExpectError(t, http.StatusConflict, closedQueue)
	if r := st.Get(t, "/services/"+svcA, "").ExpectStatus(t, http.StatusOK); r.Field("service.queueOpen") != false {
		t.Fatalf("the service does not show the closed queue: %s", r.Raw)
	}
	st.Put(t, "/providers/me/queue", p.Token, map[string]any{"open": true}).ExpectStatus(t, http.StatusOK)
	bkBookID(t, st, c, svcB, clk.day(4), "10:00")
	st.Put(t, "/appointments/"+apptID+"/reschedule", c.Token, map[string]any{"date": clk.day(4), "time": "11:00"}).
		ExpectStatus(t, http.StatusOK)
}
