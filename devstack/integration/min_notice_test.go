package integration

import (
	"net/http"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestMinimumNoticeThroughTheGateway: a provider sets "book at least 2
// hours ahead" on a service; a booking inside it is refused with the
// reason, availability and the listing's next free slot skip those slots,
// and a full edit without the field keeps it (issue 39).
func TestMinimumNoticeThroughTheGateway(t *testing.T) {
	t.Parallel()
	clk := newBKClock() // 10:15 IST today: the earliest bookable start is after 12:15
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	prov, cust := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	form := map[string]any{
		"name": "Careful clinic", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
		"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
		"timeSlots": []string{"12:00", "13:00"}, "minNoticeMinutes": 120,
	}
	id := st.Post(t, "/services", prov.Token, form).ExpectStatus(t, http.StatusCreated).String("data._id")
	if got := st.Get(t, "/services/"+id, "").Field("service.minNoticeMinutes"); got != float64(120) {
		t.Fatalf("minNoticeMinutes %v", got)
	}
	bkBook(t, st, cust, id, clk.day(0), "12:00").ExpectError(t, http.StatusBadRequest,
		"Smile Clinic takes bookings at least 2 hours ahead: please choose a later time")

	days, _ := st.Get(t, "/services/"+id+"/availability?days=1", "").ExpectStatus(t, http.StatusOK).Field("days").([]any)
	free := map[string]bool{}
	for _, sl := range days[0].(map[string]any)["slots"].([]any) {
		free[sl.(map[string]any)["time"].(string)] = sl.(map[string]any)["available"].(bool)
	}
	if free["12:00"] || !free["13:00"] {
		t.Fatalf("today's slots: %v", free)
	}
	list := st.Get(t, "/services?q=careful", "").ExpectStatus(t, http.StatusOK)
	if got := list.Field("services.0.nextAvailable.time"); got != "13:00" {
		t.Fatalf("next free slot %v: want today's 13:00", got)
	}
	bkBook(t, st, cust, id, clk.day(0), "13:00").ExpectStatus(t, http.StatusCreated)

	delete(form, "minNoticeMinutes")
	form["name"] = "Careful clinic, renamed"
	st.Patch(t, "/services/"+id, prov.Token, form).ExpectStatus(t, http.StatusOK)
	if got := st.Get(t, "/services/"+id, "").Field("service.minNoticeMinutes"); got != float64(120) {
		t.Fatalf("after an edit without it: minNoticeMinutes %v, want kept", got)
	}
	form["minNoticeMinutes"] = 20000
	st.Patch(t, "/services/"+id, prov.Token, form).ExpectError(t, http.StatusBadRequest,
		"Minimum notice must be between 0 and 10080 minutes (a week)")
}
