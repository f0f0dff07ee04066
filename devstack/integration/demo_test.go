package integration

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// After the seed, however often it runs, the demo provider owns the three demo services once
// each, and a customer can book one of them.
func TestSeedDemoIsIdempotentAndBookable(t *testing.T) {
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
