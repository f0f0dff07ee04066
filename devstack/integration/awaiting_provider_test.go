package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// noteText is the text of u's notification of kind about appointment id,
// waited for (it crosses Kafka from booking-svc to notification-svc).
func noteText(t *testing.T, st *stacktest.Stack, u stacktest.User, kind, id string) string {
	t.Helper()
	var text string
	if !stacktest.Poll(t.Context(), 15*time.Second, func() bool {
		r := st.Get(t, "/notifications?limit=100", u.Token).ExpectStatus(t, http.StatusOK)
		list, _ := r.Field("notifications").([]any)
		for _, x := range list {
			if n := x.(map[string]any); n["type"] == kind && n["appointmentId"] == id {
				text, _ = n["text"].(string)
				return true
			}
		}
		return false
	}) {
		t.Fatalf("no %s notification of %s for the %s", kind, id, u.Role)
	}
	return text
}

// Issue 39: a request the customer moves before the provider answers
// still awaits the provider through the REST API, and accepting it tells
// the customer; a decline's and a cancellation's reasons are kept, shown
// on the appointment and carried to the other party's notification.
func TestAwaitingProviderAndReasonsAcrossServices(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00", "14:30")

	moved := bkBookID(t, st, c, svcID, clk.day(2), "10:00")
	r := st.Put(t, "/appointments/"+moved+"/reschedule", c.Token, map[string]any{"date": clk.day(3), "time": "14:30"}).ExpectStatus(t, http.StatusOK)
	if r.String("appointment.status") != "scheduled" || r.Field("appointment.awaitingProvider") != true {
		t.Fatalf("reschedule of a request: %s; want scheduled and awaiting the provider", r.Raw)
	}
	list := st.Get(t, "/appointments/provider", p.Token).ExpectStatus(t, http.StatusOK)
	if got := list.Field("appointments").([]any)[0].(map[string]any); got["_id"] != moved || got["awaitingProvider"] != true {
		t.Fatalf("the provider's list: %s", list.Raw)
	}
	bkProviderStatus(t, st, p, moved, "in-progress").ExpectError(t, http.StatusConflict,
		"The appointment is scheduled and awaits your answer, so it cannot be marked in-progress: accept or decline it first")
	r = bkProviderStatus(t, st, p, moved, "scheduled").ExpectStatus(t, http.StatusOK)
	if r.Field("appointment.awaitingProvider") != false {
		t.Fatalf("accepted: %s", r.Raw)
	}
	if text := noteText(t, st, c, "booking_accepted", moved); !strings.Contains(text, "was accepted") {
		t.Fatalf("accepted text %q", text)
	}

	declined := bkBookID(t, st, c, svcID, clk.day(2), "09:00")
	st.Patch(t, "/appointments/"+declined+"/provider-status", p.Token, map[string]any{"status": "cancelled", "reason": strings.Repeat("x", 301)}).
		ExpectError(t, http.StatusBadRequest, "Reason must be at most 300 characters")
	st.Patch(t, "/appointments/"+declined+"/provider-status", p.Token, map[string]any{"status": "scheduled", "reason": "Welcome"}).
		ExpectError(t, http.StatusBadRequest, "A reason can be given only when declining or cancelling")
	st.Patch(t, "/appointments/"+declined+"/provider-status", p.Token, map[string]any{"status": "cancelled", "reason": "Closed for Diwali"}).
		ExpectStatus(t, http.StatusOK)
	seen := st.Get(t, "/appointments/"+declined, c.Token).ExpectStatus(t, http.StatusOK)
	if seen.String("appointment.reason") != "Closed for Diwali" || seen.String("appointment.cancelledBy") != "provider" {
		t.Fatalf("the customer's view: %s", seen.Raw)
	}
	if text := noteText(t, st, c, "booking_declined", declined); !strings.HasSuffix(text, "was declined. Reason: “Closed for Diwali”") {
		t.Fatalf("declined text %q", text)
	}

	st.Patch(t, "/appointments/"+moved+"/status", c.Token, map[string]any{"status": "cancelled", "reason": "Feeling better"}).ExpectStatus(t, http.StatusOK)
	if text := noteText(t, st, p, "customer_cancelled", moved); !strings.HasSuffix(text, "Reason: “Feeling better”") {
		t.Fatalf("cancelled text %q", text)
	}
}
