package integration

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestListingNextAvailableWithATeam: a listing's next free slot is the
// first slot the service's own availability offers, with its team
// (docs/product.md "Fresh and kept"): a team of three with one 09:00
// booking still lists 09:00; a service whose only performer is busy in
// another service at 09:00 does not list it; booking each listed slot
// succeeds. The listing, hint included, may be kept 5 s; availability is
// asked anew each time.
func TestListingNextAvailableWithATeam(t *testing.T) {
	t.Parallel()
	clk := newBKClock() // now: 10:15 today
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	cut := bkService(t, st, p, "Team haircut", "09:00", "10:00")
	colour := bkService(t, st, p, "Team colour", "09:00")
	owner := st.Get(t, "/providers/me/staff", p.Token).ExpectStatus(t, http.StatusOK).String("data.0._id")
	ann := addMember(t, st, p, "Ann", cut, colour)
	addMember(t, st, p, "Zoe", cut)
	// Ann alone performs the colour.
	st.Patch(t, "/providers/me/staff/"+owner, p.Token, map[string]any{"serviceIds": []string{cut}}).ExpectStatus(t, http.StatusOK)

	next := func() map[string]string {
		t.Helper()
		r := st.Get(t, "/services?category=healthcare", "").ExpectStatus(t, http.StatusOK)
		if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=5" {
			t.Fatalf("the listing's Cache-Control %q", cc)
		}
		out := map[string]string{}
		for _, s := range r.Field("services").([]any) {
			m := s.(map[string]any)
			n, _ := m["nextAvailable"].(map[string]any)
			out[m["_id"].(string)] = fmt.Sprint(n["date"], " ", n["time"])
		}
		return out
	}
	// Today's slots have passed at 10:15.
	if got := next(); got[cut] != clk.day(1)+" 09:00" || got[colour] != clk.day(1)+" 09:00" {
		t.Fatalf("before any booking: %v", got)
	}
	// One of three at 09:00 (the owner, first of equals), then Ann at
	// 09:00 in the haircut: Zoe is still free, Ann is not.
	bookAs(t, st, c, cut, clk.day(1), "09:00", "").ExpectStatus(t, http.StatusCreated)
	if got := next(); got[cut] != clk.day(1)+" 09:00" {
		t.Fatalf("a team of three with one 09:00 booking lists %q", got[cut])
	}
	bookAs(t, st, c, cut, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated)
	got := next()
	if got[cut] != clk.day(1)+" 09:00" || got[colour] != clk.day(2)+" 09:00" {
		t.Fatalf("with Ann busy in the haircut at 09:00: haircut %q, colour %q", got[cut], got[colour])
	}
	if slots, _ := slotStates(t, st, colour, clk.day(1), ""); slots != "09:00=false" {
		t.Fatalf("the colour's own availability on day 1: %s", slots)
	}
	r := st.Get(t, "/services/"+colour+"/availability?days=1&from="+clk.day(1), "").ExpectStatus(t, http.StatusOK)
	if cc := r.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Fatalf("availability's Cache-Control %q", cc)
	}

	// Each listed slot books.
	for id, at := range map[string]string{cut: got[cut], colour: got[colour]} {
		date, clock := at[:10], at[11:]
		bookAs(t, st, c, id, date, clock, "").ExpectStatus(t, http.StatusCreated)
	}
	if got := next(); got[cut] != clk.day(1)+" 10:00" || got[colour] != clk.day(3)+" 09:00" {
		t.Fatalf("after booking the listed slots: %v", got)
	}
}
