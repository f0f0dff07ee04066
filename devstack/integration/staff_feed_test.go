package integration

import (
	"net/http"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestStaffCalendarFeed: the provider gets a secret feed address per team
// member through the gateway; it lists that member's appointments and not
// another's, a reset voids the old address at once, another provider (or a
// customer) gets nothing, a member not booked yet has an empty feed and a
// removed one none (docs/product.md#calendar-export).
func TestStaffCalendarFeed(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p, other, c := st.NewUser(t, "provider"), st.NewUser(t, "provider"), st.NewUser(t, "customer")
	cut := bkService(t, st, p, "Haircut", "09:00", "10:00")
	ann, zoe := addMember(t, st, p, "Ann", cut), addMember(t, st, p, "Zoe", cut)
	annAt9 := bookAs(t, st, c, cut, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	zoeAt10 := bookAs(t, st, c, cut, clk.day(1), "10:00", zoe).ExpectStatus(t, http.StatusCreated).String("appointment._id")

	feedOf := func(id string) string {
		t.Helper()
		return st.Get(t, "/providers/me/staff/"+id+"/calendar-feed", p.Token).ExpectStatus(t, http.StatusOK).String("path")
	}
	events := func(path string) map[string]bool {
		t.Helper()
		out := map[string]bool{}
		for _, e := range parseICS(t, st.Get(t, path, "").ExpectStatus(t, http.StatusOK)).Events() {
			out[e.Id()] = true
		}
		return out
	}
	path := feedOf(ann)
	if again := feedOf(ann); again != path {
		t.Fatalf("Ann's feed address changed on a read: %q then %q", path, again)
	}
	if got := events(path); len(got) != 1 || !got[annAt9+"@slotwise"] {
		t.Fatalf("Ann's feed %v, want only her appointment %s (not Zoe's %s)", got, annAt9, zoeAt10)
	}
	if got := events(feedOf(zoe)); len(got) != 1 || !got[zoeAt10+"@slotwise"] {
		t.Fatalf("Zoe's feed %v, want only %s", got, zoeAt10)
	}
	if own := st.Get(t, "/calendar/feed", p.Token).ExpectStatus(t, http.StatusOK).String("path"); own == path {
		t.Fatal("Ann's feed is the provider's own")
	}

	reset := st.Post(t, "/providers/me/staff/"+ann+"/calendar-feed/reset", p.Token, map[string]any{}).ExpectStatus(t, http.StatusOK)
	fresh := reset.String("path")
	if fresh == path || reset.String("message") != "The team member's calendar address was changed: the old one no longer works" {
		t.Fatalf("reset: %s", reset.Raw)
	}
	st.Get(t, path, "").ExpectError(t, http.StatusNotFound, "This calendar address is no longer valid: copy the current one from your Calendar page")
	if got := events(fresh); !got[annAt9+"@slotwise"] {
		t.Fatalf("the new address lists %v", got)
	}

	st.Get(t, "/providers/me/staff/"+ann+"/calendar-feed", other.Token).ExpectError(t, http.StatusNotFound, "Team member not found")
	st.Post(t, "/providers/me/staff/"+ann+"/calendar-feed/reset", other.Token, map[string]any{}).ExpectError(t, http.StatusNotFound, "Team member not found")
	st.Get(t, "/providers/me/staff/"+ann+"/calendar-feed", c.Token).ExpectStatus(t, http.StatusForbidden)
	st.Get(t, "/providers/me/staff/"+ann+"/calendar-feed", "").ExpectStatus(t, http.StatusUnauthorized)
	if got := events(fresh); len(got) != 1 {
		t.Fatalf("another provider's tries changed Ann's feed: %v", got)
	}

	// A member not booked yet has an empty feed to subscribe to; a removed
	// member has none.
	lee := addMember(t, st, p, "Lee", cut)
	if got := events(feedOf(lee)); len(got) != 0 {
		t.Fatalf("Lee's feed %v, want empty", got)
	}
	st.Delete(t, "/providers/me/staff/"+lee, p.Token).ExpectStatus(t, http.StatusOK)
	st.Get(t, "/providers/me/staff/"+lee+"/calendar-feed", p.Token).ExpectError(t, http.StatusNotFound, "Team member not found")
}
