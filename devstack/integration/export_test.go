package integration

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// exported is the "Download my data" file (GET /auth/export).
type exported struct {
	Account struct {
		ID    string `json:"_id"`
		Email string `json:"email"`
		Role  string `json:"role"`
	} `json:"account"`
	Appointments  []map[string]any `json:"appointments"`
	Reviews       []map[string]any `json:"reviews"`
	Notifications []map[string]any `json:"notifications"`
}

func exportOf(t *testing.T, st *stacktest.Stack, u stacktest.User) exported {
	t.Helper()
	r := st.Get(t, "/auth/export", u.Token).ExpectStatus(t, http.StatusOK)
	if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") {
		t.Fatalf("Content-Disposition %q, want an attachment", cd)
	}
	var e exported
	if err := json.Unmarshal(r.Raw, &e); err != nil {
		t.Fatalf("export is not JSON: %v: %s", err, r.Raw)
	}
	return e
}

func idsOf(list []map[string]any, key string) []string {
	var out []string
	for _, x := range list {
		if s, ok := x[key].(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// dataFixture is a customer with a completed, reviewed appointment (and the
// notifications it brought) at a provider's service.
type dataFixture struct {
	c, p   stacktest.User
	apptID string
}

func newDataFixture(t *testing.T, st *stacktest.Stack, clk bkClock) dataFixture {
	t.Helper()
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svc := bkService(t, st, p, "Data cleaning", "14:30")
	id := bkBookID(t, st, c, svc, clk.day(1), "14:30")
	bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, http.StatusOK)
	st.Clock.Set(clk.at(1, "15:00"))
	bkProviderStatus(t, st, p, id, "completed").ExpectStatus(t, http.StatusOK)
	postReview(t, st, c, id, 5)
	stacktest.Eventually(t, 15*time.Second, "the customer's notifications", func() bool {
		ns, _ := notes(t, st, c)
		return len(ns) >= 2
	})
	return dataFixture{c: c, p: p, apptID: id}
}

// TestExportMyData: the file holds the caller's account, appointments,
// reviews and notifications, and nobody else's.
func TestExportMyData(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	f := newDataFixture(t, st, clk)
	stranger := st.NewUser(t, "customer")

	e := exportOf(t, st, f.c)
	if e.Account.ID != f.c.ID || e.Account.Email != f.c.Email || e.Account.Role != "customer" {
		t.Fatalf("account %+v, want %s %s", e.Account, f.c.ID, f.c.Email)
	}
	if got := idsOf(e.Appointments, "_id"); len(got) != 1 || got[0] != f.apptID {
		t.Fatalf("appointments %v, want [%s]", got, f.apptID)
	}
	if got := idsOf(e.Reviews, "appointmentId"); len(got) != 1 || got[0] != f.apptID {
		t.Fatalf("reviews %v, want one of %s", got, f.apptID)
	}
	if len(e.Notifications) < 2 || !contains(idsOf(e.Notifications, "appointmentId"), f.apptID) {
		t.Fatalf("notifications %v, want those of %s", e.Notifications, f.apptID)
	}

	pe := exportOf(t, st, f.p)
	if pe.Account.Role != "provider" || !contains(idsOf(pe.Appointments, "_id"), f.apptID) || len(pe.Reviews) != 0 {
		t.Fatalf("provider's export %+v", pe)
	}
	se := exportOf(t, st, stranger)
	if len(se.Appointments)+len(se.Reviews)+len(se.Notifications) != 0 {
		t.Fatalf("a stranger's export holds others' data: %+v", se)
	}

	t.Run("hostile input is 4xx", func(t *testing.T) {
		st.Get(t, "/auth/export", "").ExpectStatus(t, http.StatusUnauthorized)
		st.Get(t, "/auth/export", "not-a-jwt").ExpectStatus(t, http.StatusUnauthorized)
		for _, r := range []*stacktest.Response{
			st.Get(t, "/auth/export?x=%00%ff", f.c.Token),
			st.Post(t, "/auth/export", f.c.Token, map[string]any{}),
			st.Do(t, stacktest.Req{Method: http.MethodGet, Path: "/auth/export", Token: strings.Repeat("A", 9000)}),
		} {
			if r.Status < 400 || r.Status >= 500 {
				t.Fatalf("hostile export request: %d %s", r.Status, r.Raw)
			}
		}
	})
}
