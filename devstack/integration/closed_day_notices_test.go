package integration

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestClosedDayTellsCustomersOnce: a provider closes days that already hold
// bookings. Each customer whose appointment is still to take place there is
// told once, in their notifications, what to do; cancelled appointments and
// open days are left alone; closing the same day again, or a range that
// overlaps it, tells nobody twice.
func TestClosedDayTellsCustomersOnce(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, other, p := st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "provider")
	cleaning := bkService(t, st, p, "Cleaning", "09:00", "10:00", "11:00")
	whitening := bkService(t, st, p, "Whitening", "09:00", "10:00")
	names := map[string]string{}
	book := func(name string, who stacktest.User, svc string, day int, clock string) string {
		id := bkBookID(t, st, who, svc, clk.day(day), clock)
		names[id] = name
		return id
	}
	a1 := book("A1", c, cleaning, 2, "10:00")
	bkProviderStatus(t, st, p, a1, "confirmed").ExpectStatus(t, http.StatusOK)
	book("A2", other, whitening, 2, "09:00") // still pending: told too
	book("A3", c, cleaning, 3, "09:00")
	a4 := book("A4", c, cleaning, 2, "11:00")
	bkCustomerStatus(t, st, c, a4, "cancelled").ExpectStatus(t, http.StatusOK)
	book("A5", c, cleaning, 5, "09:00")
	waitNotes(t, st, c, names, "booking_confirmed A1")

	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(2), "note": "Diwali"}).ExpectStatus(t, http.StatusCreated)
	waitNotes(t, st, c, names, "booking_confirmed A1", "day_closed A1")
	waitNotes(t, st, other, names, "day_closed A2")

	r := st.Get(t, "/notifications", c.Token).ExpectStatus(t, http.StatusOK)
	day2, _ := time.ParseInLocation("2006-01-02", clk.day(2), bkIST)
	want := "Smile Clinic is closed on " + day2.Format("Monday, 2 January") + " (Diwali). Your appointment for Cleaning on " +
		day2.Format("Mon 2 Jan") + ", 10:00 AM needs a new time: please reschedule or cancel it."
	if !strings.Contains(string(r.Raw), want) {
		t.Fatalf("the customer's notice should read %q, got %s", want, r.Raw)
	}

	// Day 2 again inside a range to day 3 (A3 is told, A1 and A2 not again),
	// then reopened and closed once more: nothing new.
	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(2), "to": clk.day(3)}).ExpectStatus(t, http.StatusCreated)
	// The notices are decided on the schedule as it is when the event is
	// handled: wait for A3's before reopening, or a quick reopen would
	// rightly leave A3's customer untold.
	waitNotes(t, st, c, names, "booking_confirmed A1", "day_closed A1", "day_closed A3")
	sched := st.Get(t, "/providers/me/schedule", p.Token).ExpectStatus(t, http.StatusOK)
	for _, x := range sched.Field("data.closures").([]any) {
		st.Delete(t, "/providers/me/closures/"+x.(map[string]any)["_id"].(string), p.Token).ExpectStatus(t, http.StatusOK)
	}
	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(2)}).ExpectStatus(t, http.StatusCreated)
	// A last closure on day 5: its notice follows every earlier schedule
	// event of the service (one partition, one group), so once A5 is told,
	// a second notice of A1 would have been written already.
	st.Post(t, "/providers/me/closures", p.Token, map[string]any{"from": clk.day(5)}).ExpectStatus(t, http.StatusCreated)
	waitNotes(t, st, c, names, "booking_confirmed A1", "day_closed A1", "day_closed A3", "day_closed A5")
	waitNotes(t, st, other, names, "day_closed A2")

	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var notices int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM booking.closed_day_notices`).Scan(&notices); err != nil || notices != 4 {
		t.Fatalf("closed-day notices recorded: %d (%v), want 4: A1, A2, A3, A5", notices, err)
	}
}
