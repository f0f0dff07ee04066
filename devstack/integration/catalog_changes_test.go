package integration

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

const (
	msgServiceNotFound = "Service not found"
	msgServiceInactive = "This service is not accepting bookings right now"
)

// waitCopiesLive waits until booking-svc keeps copies of services: its
// group on catalog.services.v1 has joined (before that it asks catalog-svc
// on every booking, and these tests would prove nothing).
func waitCopiesLive(t *testing.T, st *stacktest.Stack) { waitCopyGroups(t, st, "booking-svc", 1) }

// waitCopyGroups waits until n processes of program have a stable group on
// catalog.services.v1 (topics.ServiceCopiesGroup): from then on catalog
// edits wait for each, and each trusts what it keeps (copies, pages).
func waitCopyGroups(t *testing.T, st *stacktest.Stack, program string, n int) {
	t.Helper()
	client := &kafka.Client{Addr: kafka.TCP(st.Brokers...), Timeout: 5 * time.Second}
	prefix := topics.ServiceCopiesGroup(program, "")
	stacktest.Eventually(t, 30*time.Second, fmt.Sprintf("%d %s copies groups stable", n, program), func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		list, err := client.ListGroups(ctx, &kafka.ListGroupsRequest{})
		if err != nil {
			return false
		}
		stable := 0
		for _, g := range list.Groups {
			if !strings.HasPrefix(g.GroupID, prefix) {
				continue
			}
			d, err := client.DescribeGroups(ctx, &kafka.DescribeGroupsRequest{GroupIDs: []string{g.GroupID}})
			if err == nil && len(d.Groups) == 1 && d.Groups[0].GroupState == "Stable" {
				stable++
			}
		}
		if stable >= n {
			time.Sleep(100 * time.Millisecond) // each process polls the same state to go live
		}
		return stable >= n
	})
}

// TestCatalogChangesHonouredAtOnce: once catalog-svc acknowledged a delete,
// a deactivation or a removed slot, booking-svc refuses bookings and
// reschedules onto it with the very next request, although it decided the
// booking just before on its copy of the service.
func TestCatalogChangesHonouredAtOnce(t *testing.T) {
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	waitCopiesLive(t, st)

	// setup gives a service, an appointment on it to reschedule, and a warm
	// copy in booking-svc (a booking just decided on it).
	setup := func(t *testing.T, name string) (svcID, apptID string) {
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

// TestCatalogChangesWithKafkaDown: without the event stream catalog-svc
// cannot hear booking-svc drop its copy, so it acknowledges the change only
// once every copy that predates it has expired (CATALOG_CACHE_TTL): the
// next booking is refused all the same.
func TestCatalogChangesWithKafkaDown(t *testing.T) {
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	waitCopiesLive(t, st)
	svcID := bkService(t, st, p, "Paused in an outage", "09:00", "10:00")
	bkBookID(t, st, c, svcID, clk.day(1), "09:00")

	st.Kafka.Close()
	start := time.Now()
	st.Patch(t, "/services/"+svcID, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
	took := time.Since(start)
	bkBook(t, st, c, svcID, clk.day(1), "10:00").ExpectError(t, http.StatusConflict, msgServiceInactive)
	t.Logf("deactivation acknowledged after %v with Kafka down", took)
}
