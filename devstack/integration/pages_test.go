package integration

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

const msgInvalidCursor = "This list's cursor is not valid: reload the list"

// The appointment lists answer a page at a time through the gateway:
// limit and cursor bind from the query, nextCursor and earlierCursor
// continue, a page 40 days on starts 30 days back and offers the older
// ones, and a bad cursor or limit is a 400 the user can act on.
func TestAppointmentListsArePaged(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svc := bkService(t, st, p, "Paged check-up", "14:30")
	ids := []string{bkBookID(t, st, c, svc, clk.day(1), "14:30"), bkBookID(t, st, c, svc, clk.day(2), "14:30"),
		bkBookID(t, st, c, svc, clk.day(3), "14:30")}

	list := func(path, token, cursor string, limit string) *stacktest.Response {
		q := url.Values{}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		if limit != "" {
			q.Set("limit", limit)
		}
		return st.Get(t, path+"?"+q.Encode(), token).ExpectStatus(t, http.StatusOK)
	}
	idsOf := func(r *stacktest.Response) []string {
		var out []string
		for _, a := range r.Field("appointments").([]any) {
			out = append(out, a.(map[string]any)["_id"].(string))
		}
		return out
	}
	for _, who := range []struct {
		path  string
		token string
	}{{"/appointments", c.Token}, {"/appointments/provider", p.Token}} {
		st.Clock.Set(clk.t0())
		first := list(who.path, who.token, "", "2")
		if got := idsOf(first); len(got) != 2 || got[0] != ids[0] || got[1] != ids[1] {
			t.Fatalf("%s first page %v, want %v", who.path, got, ids[:2])
		}
		if first.String("nextCursor") == "" || first.String("earlierCursor") != "" {
			t.Fatalf("%s first page: next %q, earlier %q", who.path, first.String("nextCursor"), first.String("earlierCursor"))
		}
		second := list(who.path, who.token, first.String("nextCursor"), "2")
		if got := idsOf(second); len(got) != 1 || got[0] != ids[2] || second.String("nextCursor") != "" {
			t.Fatalf("%s second page %v (next %q), want [%s]", who.path, got, second.String("nextCursor"), ids[2])
		}

		// 40 days on, all three are older than the window.
		st.Clock.Set(clk.at(40, "10:15"))
		later := list(who.path, who.token, "", "")
		if got := idsOf(later); len(got) != 0 || later.String("earlierCursor") == "" {
			t.Fatalf("%s 40 days on: %v, earlier %q", who.path, got, later.String("earlierCursor"))
		}
		older := list(who.path, who.token, later.String("earlierCursor"), "2")
		if got := idsOf(older); len(got) != 2 || got[0] != ids[1] || got[1] != ids[2] || older.String("earlierCursor") == "" {
			t.Fatalf("%s earlier page %v, want %v and more", who.path, got, ids[1:])
		}

		st.Get(t, who.path+"?cursor=nope", who.token).ExpectError(t, http.StatusBadRequest, msgInvalidCursor)
		st.Get(t, who.path+"?limit=-1", who.token).ExpectError(t, http.StatusBadRequest, "limit must not be negative")
	}
}
