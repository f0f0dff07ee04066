package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/testkit"
)

// Gateways keep availability answers while they watch booking-svc's slot
// changes (gateway/internal/rest/slot_watch.go): a booking, move or cancel
// through any gateway drops that service's answer on every gateway. The
// answers are shown to be kept first (a change made behind booking-svc's
// back stays unseen), so fresh answers afterwards prove the drop, not the
// absence of a cache; without the watch they would be kept a minute.
func TestAvailabilityFreshAcrossGateways(t *testing.T) {
	st := stacktest.Start(t)
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	other := startGatewayReplica(t, st, st.GRPCAddrs["catalog-svc"])
	waitCopyGroups(t, st, "gateway", 2)
	id := bkService(t, st, p, "Watched clinic", "09:00", "10:00", "11:00")
	clk := newBKClock()
	day := clk.day(3)
	first := bkBookID(t, st, c, id, day, "09:00")

	// free tells, through gw, whether each slot of day is free.
	free := func(gw stacktest.Client) map[string]bool {
		t.Helper()
		days, _ := gw.Get(t, "/services/"+id+"/availability", "").ExpectStatus(t, http.StatusOK).Field("days").([]any)
		out := map[string]bool{}
		for _, d := range days {
			d, _ := d.(map[string]any)
			if d["date"] != day {
				continue
			}
			slots, _ := d["slots"].([]any)
			for _, s := range slots {
				s, _ := s.(map[string]any)
				label, _ := s["time"].(string)
				out[label], _ = s["available"].(bool)
			}
		}
		return out
	}
	setStatus := func(status string) {
		testkit.MustExec(t, st.DatabaseURL, `UPDATE booking.appointments SET status = $2 WHERE id = $1`, first, status)
	}
	for name, gw := range map[string]stacktest.Client{"booker's gateway": st.Client, "other gateway": other} {
		// Kept once a watch is in place: a silent cancel of the 09:00
		// booking stays unseen.
		stacktest.Eventually(t, 10*time.Second, name+" keeps availability", func() bool {
			setStatus("pending")
			if free(gw)["09:00"] {
				return false
			}
			setStatus("cancelled")
			return !free(gw)["09:00"]
		})
	}

	bkBookID(t, st, c, id, day, "10:00")
	booked := time.Now()
	// The booker's gateway dropped the answer before its 201 left.
	if got := free(st.Client); got["10:00"] || !got["09:00"] {
		t.Fatalf("the booker's gateway, right after the booking: %v (want 10:00 taken, 09:00 freed behind its back)", got)
	}
	stacktest.Eventually(t, 2*time.Second, "the booking shown by the other gateway", func() bool {
		got := free(other)
		return !got["10:00"] && got["09:00"]
	})
	t.Logf("the other gateway showed the booking %v after its 201", time.Since(booked).Round(time.Millisecond))
}
