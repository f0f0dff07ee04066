package integration

import (
	"net/http"
	"sync"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestBufferThroughTheGateway: a provider keeps "15 minutes between
// appointments" on a 30-minute service; past 0–120 is a 400 with the
// reason. A booking or a move whose time, widened by the buffer, overlaps
// another active booking is a 409 saying why, even when two customers book
// neighbouring slots at once; availability and the listing's next free
// slot leave those slots out (issue 39).
func TestBufferThroughTheGateway(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	prov, ann, bea := st.NewUser(t, "provider"), st.NewUser(t, "customer"), st.NewUser(t, "customer")
	form := map[string]any{
		"name": "Spaced spa", "category": "Beauty & Personal Care", "description": "Calm and unhurried", "price": 799,
		"duration": 30, "provider": "Calm Spa", "location": "4 Park Street, Kolkata", "contact": "9876543210",
		"timeSlots": []string{"09:00", "09:30", "10:00", "10:15"}, "bufferMinutes": 121,
	}
	const msgInvalid = "Time between appointments must be between 0 and 120 minutes"
	st.Post(t, "/services", prov.Token, form).ExpectError(t, http.StatusBadRequest, msgInvalid)
	form["bufferMinutes"] = 15
	id := st.Post(t, "/services", prov.Token, form).ExpectStatus(t, http.StatusCreated).String("data._id")
	if got := st.Get(t, "/services/"+id, "").Field("service.bufferMinutes"); got != float64(15) {
		t.Fatalf("bufferMinutes %v", got)
	}

	// Two customers book 9:00 and 9:30 at once: one of them is refused.
	const msgTooClose = "Calm Spa keeps 15 minutes between appointments, and this time is too close to another booking. Please choose another time."
	var wg sync.WaitGroup
	answers := make([]*stacktest.Response, 2)
	for i, b := range []struct {
		who   stacktest.User
		clock string
	}{{ann, "09:00"}, {bea, "09:30"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = bkBook(t, st, b.who, id, clk.day(1), b.clock)
		}()
	}
	wg.Wait()
	var booked, refused int
	for _, r := range answers {
		switch r.Status {
		case http.StatusCreated:
			booked++
		case http.StatusConflict:
			if r.String("error") != msgTooClose {
				t.Fatalf("refusal %s", r.Raw)
			}
			refused++
		}
	}
	if booked != 1 || refused != 1 {
		t.Fatalf("neighbouring slots booked at once: %d booked, %d refused, want 1 and 1", booked, refused)
	}
	// Settle on 9:00 held: cancel whichever won and book 9:00 alone.
	for _, r := range answers {
		if r.Status == http.StatusCreated {
			who := ann
			if r.String("appointment.customerId") == bea.ID {
				who = bea
			}
			bkCustomerStatus(t, st, who, r.String("appointment._id"), "cancelled").ExpectStatus(t, http.StatusOK)
		}
	}
	bkBookID(t, st, ann, id, clk.day(1), "09:00")
	bkBook(t, st, bea, id, clk.day(1), "09:30").ExpectError(t, http.StatusConflict, msgTooClose)

	days, _ := st.Get(t, "/services/"+id+"/availability?from="+clk.day(1)+"&days=1", "").ExpectStatus(t, http.StatusOK).Field("days").([]any)
	free := map[string]bool{}
	for _, sl := range days[0].(map[string]any)["slots"].([]any) {
		free[sl.(map[string]any)["time"].(string)] = sl.(map[string]any)["available"].(bool)
	}
	if free["09:00"] || free["09:30"] || !free["10:00"] || !free["10:15"] {
		t.Fatalf("slots with 9:00 booked: %v, want only 10:00 and 10:15 free", free)
	}
	// Today's slots have passed (10:15 now): the listing's next free slot
	// is tomorrow's 10:00, not 9:30.
	if got := st.Get(t, "/services?q=spaced", "").ExpectStatus(t, http.StatusOK).Field("services.0.nextAvailable.time"); got != "10:00" {
		t.Fatalf("next free slot %v, want tomorrow's 10:00", got)
	}

	// A move is held to the same rule.
	late := bkBookID(t, st, bea, id, clk.day(1), "10:15")
	st.Put(t, "/appointments/"+late+"/reschedule", bea.Token, map[string]any{"date": clk.day(2), "time": "09:00"}).ExpectStatus(t, http.StatusOK)
	bkBookID(t, st, ann, id, clk.day(2), "10:00")
	st.Put(t, "/appointments/"+late+"/reschedule", bea.Token, map[string]any{"date": clk.day(2), "time": "09:30"}).
		ExpectError(t, http.StatusConflict, msgTooClose)
}
