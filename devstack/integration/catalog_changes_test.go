package integration

import (
	"net/http"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

const (
	msgServiceNotFound = "Service not found"
	msgServiceInactive = "This service is not accepting bookings right now"
)

// TestCatalogChangesHonouredAtOnce: once catalog-svc answered a delete, a
// deactivation or a removed slot, booking-svc refuses bookings and
// reschedules onto it with the very next request, although it booked the
// service a moment before (docs/product.md "Fresh and kept").
func TestCatalogChangesHonouredAtOnce(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")

	// setup gives a service and an appointment on it to reschedule, booked
	// a moment before the change; each of a provider of its own (p's owner
	// is one member, in one appointment at a time: docs/product.md#team-members).
	setup := func(t *testing.T, name string) (svcID, apptID string) {
		p = st.NewUser(t, "provider")
		svcID = bkService(t, st, p, name, "09:00", "10:00", "11:00", "12:00")
		apptID = bkBookID(t, st, c, svcID, clk.day(1), "09:00")
		bkBookID(t, st, c, svcID, clk.day(1), "10:00")
		return svcID, apptID
	}
	reschedule := func(apptID, date, clock string) *stacktest.Response {
		return st.Put(t, "/appointments/"+apptID+"/reschedule", c.Token, map[string]any{"date": date, "time": clock})
	}
	availability := func(svcID string) *stacktest.Response {
		return st.Get(t, "/services/"+svcID+"/availability", "")
	}

	t.Run("deleted", func(t *testing.T) {
		svcID, apptID := setup(t, "Soon deleted")
		st.Delete(t, "/services/"+svcID, p.Token).ExpectStatus(t, http.StatusOK)
		bkBook(t, st, c, svcID, clk.day(2), "11:00").ExpectError(t, http.StatusNotFound, msgServiceNotFound)
		reschedule(apptID, clk.day(2), "12:00").ExpectError(t, http.StatusNotFound, msgServiceNotFound)
		availability(svcID).ExpectError(t, http.StatusNotFound, msgServiceNotFound)
	})

	t.Run("deactivated", func(t *testing.T) {
		svcID, apptID := setup(t, "Soon paused")
		st.Patch(t, "/services/"+svcID, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
		bkBook(t, st, c, svcID, clk.day(2), "11:00").ExpectError(t, http.StatusConflict, msgServiceInactive)
		reschedule(apptID, clk.day(2), "12:00").ExpectError(t, http.StatusConflict, msgServiceInactive)
		availability(svcID).ExpectError(t, http.StatusConflict, msgServiceInactive)

		// And back: bookable again at once.
		st.Patch(t, "/services/"+svcID, p.Token, map[string]any{"isActive": true}).ExpectStatus(t, http.StatusOK)
		bkBook(t, st, c, svcID, clk.day(2), "11:00").ExpectStatus(t, http.StatusCreated)
		availability(svcID).ExpectStatus(t, http.StatusOK)
	})

	t.Run("slot trimmed", func(t *testing.T) {
		svcID, apptID := setup(t, "Soon shorter")
		form := map[string]any{
			"name": "Soon shorter", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
			"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
			"timeSlots": []string{"09:00", "10:00"},
		}
		st.Patch(t, "/services/"+svcID, p.Token, form).ExpectStatus(t, http.StatusOK)
		bkBook(t, st, c, svcID, clk.day(2), "11:00").ExpectError(t, http.StatusBadRequest, bkMsgNotASlot)
		reschedule(apptID, clk.day(2), "12:00").ExpectError(t, http.StatusBadRequest, bkMsgNotASlot)
		days, _ := availability(svcID).ExpectStatus(t, http.StatusOK).Field("days").([]any)
		if len(days) == 0 || len(days[0].(map[string]any)["slots"].([]any)) != 2 {
			t.Fatalf("availability after the trim: %v", days)
		}
	})
}

// TestCatalogChangesWithKafkaDown: an edit waits for no event stream (no
// one keeps copies of services), so with Kafka down it answers and the next
// booking is refused all the same.
func TestCatalogChangesWithKafkaDown(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Paused in an outage", "09:00", "10:00")
	bkBookID(t, st, c, svcID, clk.day(1), "09:00")

	st.Kafka.Close()
	st.Patch(t, "/services/"+svcID, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
	bkBook(t, st, c, svcID, clk.day(1), "10:00").ExpectError(t, http.StatusConflict, msgServiceInactive)
}
