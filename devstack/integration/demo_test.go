package integration

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// After the seed, however often it runs, the demo provider owns the three demo services once
// each, and a customer can book one of them.
func TestSeedDemoIsIdempotentAndBookable(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	for range 2 {
		if err := devstack.SeedDemo(context.Background(), st.APIURL); err != nil {
			t.Fatalf("SeedDemo: %v", err)
		}
	}
	p := st.Login(t, devstack.DemoProviderEmail, devstack.DemoProviderPassword, "provider")
	mine := st.Get(t, "/services/provider", p.Token).ExpectStatus(t, http.StatusOK)
	if got, _ := mine.Field("services").([]any); len(got) != len(devstack.DemoServices) {
		t.Fatalf("the demo provider has %d services, want %d: %s", len(got), len(devstack.DemoServices), mine.Raw)
	}
	ids := map[string]string{}
	for _, s := range devstack.DemoServices {
		name := s["name"].(string)
		found := st.Get(t, "/services?name="+url.QueryEscape(name), "").ExpectStatus(t, http.StatusOK)
		if list, _ := found.Field("services").([]any); len(list) != 1 {
			t.Fatalf("public listing for %q: %s", name, found.Raw)
		}
		ids[name] = found.String("services.0._id")
	}

	c := st.NewUser(t, "customer")
	kolkata, _ := time.LoadLocation("Asia/Kolkata")
	st.Post(t, "/appointments", c.Token, map[string]any{
		"serviceId": ids["Haircut & Styling"], "date": time.Now().In(kolkata).AddDate(0, 0, 1).Format(time.DateOnly), "time": "10:00",
		"customerName": "Asha", "customerEmail": c.Email, "customerPhone": "9876543210", "customerAddress": "FC Road, Pune",
	}).ExpectStatus(t, http.StatusCreated)
}

// The demo provider's past: DemoHistoryDays days before today in the
// business zone, seeded twice with the same result, and what the analytics
// page reads of it.
func TestSeedDemoHistoryIsIdempotent(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	kolkata, _ := time.LoadLocation("Asia/Kolkata")
	if err := devstack.SeedDemo(context.Background(), st.APIURL); err != nil {
		t.Fatalf("SeedDemo: %v", err)
	}
	p := st.Login(t, devstack.DemoProviderEmail, devstack.DemoProviderPassword, "provider")
	var runs []analytics
	for range 2 {
		if err := devstack.SeedDemoHistory(context.Background(), st.APIURL, st.DatabaseURL, time.Now(), kolkata); err != nil {
			t.Fatalf("SeedDemoHistory: %v", err)
		}
		runs = append(runs, decodeAnalytics(t, st.Get(t, "/providers/me/analytics?days=90", p.Token)))
	}
	if !reflect.DeepEqual(runs[0], runs[1]) {
		t.Fatalf("a second seed changed the figures:\n%+v\n%+v", runs[0].Totals, runs[1].Totals)
	}
	a := runs[0]
	// 3 services × 8 slots × 60 days, about 40 % booked.
	if tot := a.Totals; tot.Bookings < 400 || tot.Completed == 0 || tot.Cancelled == 0 || tot.NoShow == 0 || tot.Rejected == 0 ||
		tot.Revenue <= 0 || a.RatingCount == 0 || a.AverageRating < 3 || a.AverageRating > 5 {
		t.Fatalf("seeded figures %+v, rating %v of %d", tot, a.AverageRating, a.RatingCount)
	}
	busy := 0
	for i, d := range a.Daily {
		past := i >= 90-1-devstack.DemoHistoryDays && i < 90-1 // the 60 days before today
		if !past && d.Bookings > 0 {
			t.Fatalf("day %s (%d of 90) has %d bookings: only the %d days before today are seeded", d.Date, i, d.Bookings, devstack.DemoHistoryDays)
		}
		if d.Bookings > 0 {
			busy++
		}
	}
	if busy < devstack.DemoHistoryDays*9/10 {
		t.Fatalf("only %d of the %d seeded days have appointments", busy, devstack.DemoHistoryDays)
	}
}
