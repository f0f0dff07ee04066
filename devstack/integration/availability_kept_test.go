package integration

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/copies"
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

// Gateways keep listings under the same watch (gateway/internal/rest/
// pages.go): each service's nextAvailable stays until a slot change of a
// service on the page, through any gateway. As above, the listing is shown
// to be kept first (a cancel behind booking-svc's back stays unseen).
func TestListingFreshAcrossGateways(t *testing.T) {
	st := stacktest.Start(t)
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	other := startGatewayReplica(t, st, st.GRPCAddrs["catalog-svc"])
	waitCopyGroups(t, st, "gateway", 2)
	id := bkService(t, st, p, "Listed clinic", "09:00")
	// Catalog-svc's write mark drops every page until the creation is
	// behind every running transaction (copies.WatchWrites): only a
	// listing read after that shows it is kept across a booking.
	time.Sleep(copies.DefaultTTL)

	// next is the service's nextAvailable date as gw lists it.
	next := func(gw stacktest.Client) string {
		t.Helper()
		r := gw.Get(t, "/services?category="+url.QueryEscape("Healthcare & Wellness"), "").ExpectStatus(t, http.StatusOK)
		for _, s := range r.Field("services").([]any) {
			if s := s.(map[string]any); s["_id"] == id {
				n, _ := s["nextAvailable"].(map[string]any)
				date, _ := n["date"].(string)
				return date
			}
		}
		t.Fatalf("service %s not listed: %s", id, r.Raw)
		return ""
	}
	free := next(st.Client)
	first := bkBookID(t, st, c, id, free, "09:00")
	after := next(st.Client)
	if after == "" || after <= free {
		t.Fatalf("after booking %s, the booker's gateway lists %q", free, after)
	}
	setStatus := func(status string) {
		testkit.MustExec(t, st.DatabaseURL, `UPDATE booking.appointments SET status = $2 WHERE id = $1`, first, status)
	}
	for name, gw := range map[string]stacktest.Client{"booker's gateway": st.Client, "other gateway": other} {
		stacktest.Eventually(t, 10*time.Second, name+" keeps the listing", func() bool {
			setStatus("pending")
			if next(gw) != after {
				return false
			}
			setStatus("cancelled")
			return next(gw) == after
		})
	}

	bkBookID(t, st, c, id, after, "09:00")
	booked := time.Now()
	// The booker's gateway dropped the listing before its 201 left: it
	// reads again, and finds the first slot freed behind its back.
	if got := next(st.Client); got != free {
		t.Fatalf("the booker's gateway, right after the booking: next %q, want %q", got, free)
	}
	stacktest.Eventually(t, 2*time.Second, "the booking shown by the other gateway", func() bool { return next(other) == free })
	t.Logf("the other gateway showed the booking %v after its 201", time.Since(booked).Round(time.Millisecond))
}
