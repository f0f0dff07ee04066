package integration

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// The contract of GET /providers/me/analytics (docs/product.md#analytics),
// decoded strictly so that a renamed field fails.
type anCounts struct {
	Bookings  int     `json:"bookings"`
	Pending   int     `json:"pending"`
	Confirmed int     `json:"confirmed"`
	Completed int     `json:"completed"`
	Cancelled int     `json:"cancelled"`
	Rejected  int     `json:"rejected"`
	NoShow    int     `json:"noShow"`
	Other     int     `json:"other"`
	Revenue   float64 `json:"revenue"`
}

type anDay struct {
	Date string `json:"date"`
	anCounts
	AverageRating float64 `json:"averageRating"`
	RatingCount   int     `json:"ratingCount"`
}

type anHour struct {
	Hour     int `json:"hour"`
	Bookings int `json:"bookings"`
}

type anRates struct {
	Cancellation float64 `json:"cancellation"`
	Rejection    float64 `json:"rejection"`
	NoShow       float64 `json:"noShow"`
}

type analytics struct {
	Days          int      `json:"days"`
	From          string   `json:"from"`
	To            string   `json:"to"`
	TimeZone      string   `json:"timeZone"`
	Totals        anCounts `json:"totals"`
	Rates         anRates  `json:"rates"`
	AverageRating float64  `json:"averageRating"`
	RatingCount   int      `json:"ratingCount"`
	Daily         []anDay  `json:"daily"`
	Hours         []anHour `json:"hours"`
}

func decodeAnalytics(t *testing.T, r *stacktest.Response) analytics {
	t.Helper()
	r.ExpectStatus(t, http.StatusOK)
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Fatalf("Cache-Control %q, want no-store", cc)
	}
	var a analytics
	dec := json.NewDecoder(bytes.NewReader(r.Raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("analytics %s: %v", r.Raw, err)
	}
	return a
}

// TestProviderAnalytics books through the API on a test clock (so nothing is
// written behind booking-svc's back), walks the clock past the starts, moves
// each appointment to its status as a provider and customer would, reviews
// two through review-svc (their ratings reach booking-svc as review events)
// and compares GET /providers/me/analytics with figures computed by hand.
// Day numbers are days after the real today (IST); "today" for the figures
// is day 8, the 7-day window days 2–8.
func TestProviderAnalytics(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()}) // day 0, 10:15 IST
	p, other := st.NewUser(t, "provider"), st.NewUser(t, "provider")
	c1, c2 := st.NewUser(t, "customer"), st.NewUser(t, "customer")
	slots := []string{"00:15", "09:00", "14:30", "23:45"}
	svcA := bkPricedService(t, st, p, "Cleaning", 499, slots...)
	svcB := bkPricedService(t, st, p, "Whitening", 1250.50, slots...)
	svcO := bkPricedService(t, st, other, "Elsewhere", 800, slots...)

	type appt struct {
		c        stacktest.User
		service  string
		day      int
		at       string
		statuses []string // provider moves; "cancelled" first is the customer's
		rating   int
	}
	plan := []appt{
		{c1, svcA, 1, "23:45", []string{"confirmed", "completed"}, 1},   // 23:45 IST the day before the window: out
		{c2, svcB, 2, "00:15", []string{"confirmed", "completed"}, 0},   // 00:15 IST on its first day: in
		{c1, svcA, 4, "09:00", []string{"cancelled"}, 0},                // cancelled by the customer
		{c1, svcA, 4, "23:45", []string{"confirmed", "completed"}, 4},   // 18:15 UTC on day 4 …
		{c2, svcB, 5, "00:15", []string{"confirmed", "completed"}, 5},   // … and 18:45 UTC on day 4: day 5 in IST
		{c2, svcB, 5, "14:30", []string{"confirmed", "no-show"}, 0},     //
		{c1, svcA, 6, "09:00", []string{"rejected"}, 0},                 //
		{c2, svcA, 7, "23:45", []string{"confirmed"}, 0},                // past but left confirmed
		{c1, svcB, 8, "00:15", []string{"scheduled"}, 0},                // other
		{c2, svcA, 8, "09:00", nil, 0},                                  // pending
		{c1, svcB, 8, "14:30", []string{"confirmed", "in-progress"}, 0}, // other
		{c2, svcA, 8, "23:45", nil, 0},                                  // later today: in
		{c1, svcB, 9, "00:15", nil, 0},                                  // tomorrow: out
		{c1, svcO, 5, "09:00", []string{"confirmed", "completed"}, 0},   // another provider's
	}
	ids := make([]string, len(plan))
	for i, a := range plan {
		ids[i] = bkBookID(t, st, a.c, a.service, clk.day(a.day), a.at)
	}
	provider := func(a appt) stacktest.User {
		if a.service == svcO {
			return other
		}
		return p
	}
	// Before the starts: cancellations, refusals, confirmations.
	for i, a := range plan {
		for _, s := range a.statuses {
			switch s {
			case "cancelled":
				bkCustomerStatus(t, st, a.c, ids[i], s).ExpectStatus(t, http.StatusOK)
			case "confirmed", "rejected", "scheduled":
				bkProviderStatus(t, st, provider(a), ids[i], s).ExpectStatus(t, http.StatusOK)
			}
		}
	}
	// Day 8, 15:00 IST: every start up to 14:30 today has passed.
	st.Clock.Set(clk.at(8, "15:00"))
	for i, a := range plan {
		for _, s := range a.statuses {
			if s == "completed" || s == "no-show" || s == "in-progress" {
				bkProviderStatus(t, st, provider(a), ids[i], s).ExpectStatus(t, http.StatusOK)
			}
		}
	}
	for i, a := range plan {
		if a.rating > 0 {
			postReview(t, st, a.c, ids[i], a.rating)
		}
	}

	// By hand: the window is days 2–8; appointments 2–12 of the plan.
	// Revenue: 1250.50 (day 2) + 499 (day 4) + 1250.50 (day 5) = 3000.
	// Ratings: 4 (day 4) and 5 (day 5); the 1 of day 1 is outside.
	day := func(n int, c anCounts, avg float64, ratings int) anDay {
		return anDay{Date: clk.day(n), anCounts: c, AverageRating: avg, RatingCount: ratings}
	}
	want := analytics{
		Days: 7, From: clk.day(2), To: clk.day(8), TimeZone: "Asia/Kolkata",
		Totals: anCounts{Bookings: 11, Pending: 2, Confirmed: 1, Completed: 3, Cancelled: 1, Rejected: 1, NoShow: 1, Other: 2,
			Revenue: 3000},
		Rates:         anRates{Cancellation: 1.0 / 11, Rejection: 1.0 / 11, NoShow: 1.0 / 11},
		AverageRating: 4.5, RatingCount: 2,
		Daily: []anDay{
			day(2, anCounts{Bookings: 1, Completed: 1, Revenue: 1250.5}, 0, 0),
			day(3, anCounts{}, 0, 0),
			day(4, anCounts{Bookings: 2, Cancelled: 1, Completed: 1, Revenue: 499}, 4, 1),
			day(5, anCounts{Bookings: 2, Completed: 1, NoShow: 1, Revenue: 1250.5}, 5, 1),
			day(6, anCounts{Bookings: 1, Rejected: 1}, 0, 0),
			day(7, anCounts{Bookings: 1, Confirmed: 1}, 0, 0),
			day(8, anCounts{Bookings: 4, Pending: 2, Other: 2}, 0, 0),
		},
	}
	for h := range 24 {
		n := map[int]int{0: 3, 9: 3, 14: 2, 23: 3}[h] // 00:15 days 2, 5, 8; 09:00 days 4, 6, 8; 14:30 days 5, 8; 23:45 days 4, 7, 8
		want.Hours = append(want.Hours, anHour{Hour: h, Bookings: n})
	}

	// The ratings arrive as review events: wait until both are in.
	var got analytics
	stacktest.Eventually(t, 10*time.Second, "both ratings in the analytics", func() bool {
		got = decodeAnalytics(t, st.Get(t, "/providers/me/analytics?days=7", p.Token))
		return got.RatingCount == 2
	})
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("analytics\n got %+v\nwant %+v", got, want)
	}

	// 30 days (the default): the same appointments, 30 zero-filled days
	// ending today; day 1's appointment is in now.
	month := decodeAnalytics(t, st.Get(t, "/providers/me/analytics", p.Token))
	if month.Days != 30 || len(month.Daily) != 30 || month.From != clk.day(-21) || month.To != clk.day(8) ||
		month.Totals.Bookings != 12 || month.Totals.Completed != 4 || month.Totals.Revenue != 3499 ||
		month.RatingCount != 3 || month.AverageRating != 10.0/3 || len(month.Hours) != 24 {
		t.Fatalf("30 days: %+v", month)
	}
	if o := decodeAnalytics(t, st.Get(t, "/providers/me/analytics?days=90", other.Token)); o.Totals.Bookings != 1 ||
		o.Totals.Revenue != 800 || len(o.Daily) != 90 {
		t.Fatalf("the other provider's 90 days: %+v", o.Totals)
	}

	// Refusals.
	for _, q := range []string{"?days=5", "?days=-7", "?days=365"} {
		st.Get(t, "/providers/me/analytics"+q, p.Token).ExpectError(t, http.StatusBadRequest, "days must be 7, 30 or 90")
	}
	st.Get(t, "/providers/me/analytics?days=7", "").ExpectStatus(t, http.StatusUnauthorized)
	st.Get(t, "/providers/me/analytics?days=7", c1.Token).ExpectError(t, http.StatusForbidden, "Only service providers can do this")
}

// postReview reviews an appointment through review-svc, which learns of it
// from booking-svc's events: until they arrive it answers 404 or 409.
func postReview(t *testing.T, st *stacktest.Stack, c stacktest.User, apptID string, rating int) {
	t.Helper()
	body := map[string]any{"appointmentId": apptID, "rating": rating, "comment": "Gentle and thorough"}
	var r *stacktest.Response
	stacktest.Poll(t.Context(), 10*time.Second, func() bool {
		r = st.Post(t, "/reviews", c.Token, body)
		return r.Status != http.StatusNotFound && r.Status != http.StatusConflict
	})
	r.ExpectStatus(t, http.StatusCreated)
}
