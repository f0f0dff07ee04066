package integration

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// parseICS reads an answer as iCalendar with a kept parser.
func parseICS(t *testing.T, r *stacktest.Response) *ics.Calendar {
	t.Helper()
	r.ExpectStatus(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/calendar") {
		t.Fatalf("Content-Type %q, want text/calendar", ct)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(r.Raw))
	if err != nil {
		t.Fatalf("not iCalendar: %v\n%s", err, r.Raw)
	}
	return cal
}

func eventProp(e *ics.VEvent, p ics.ComponentProperty) string {
	if v := e.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

// TestCalendarExport: an appointment as a file for both its people, and a
// user's feed without a token: times in the business zone, a cancelled
// appointment CANCELLED, and a regenerated address ends the old one at once.
func TestCalendarExport(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p, other := st.NewUser(t, "customer"), st.NewUser(t, "provider"), st.NewUser(t, "customer")
	svcID := bkService(t, st, p, "Cleaning", "09:00", "10:00")
	keep := bkBookID(t, st, c, svcID, clk.day(1), "09:00")
	gone := bkBookID(t, st, c, svcID, clk.day(2), "10:00")
	bkCustomerStatus(t, st, c, gone, "cancelled").ExpectStatus(t, http.StatusOK)

	file := st.Get(t, "/appointments/"+keep+"/calendar.ics", c.Token)
	cal := parseICS(t, file)
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events, want 1:\n%s", len(events), file.Raw)
	}
	ev := events[0]
	start, err := ev.GetStartAt()
	if err != nil || !start.Equal(clk.at(1, "09:00")) {
		t.Fatalf("DTSTART %v (%v), want %v", start, err, clk.at(1, "09:00"))
	}
	if tz := ev.GetProperty(ics.ComponentPropertyDtStart).ICalParameters["TZID"]; len(tz) != 1 || tz[0] != "Asia/Kolkata" {
		t.Fatalf("DTSTART's TZID %v, want the business zone", tz)
	}
	if !strings.Contains(string(file.Raw), "DTSTART;TZID=Asia/Kolkata:"+strings.ReplaceAll(clk.day(1), "-", "")+"T090000") {
		t.Fatalf("start not written as wall-clock time in the business zone:\n%s", file.Raw)
	}
	if end, err := ev.GetEndAt(); err != nil || !end.Equal(clk.at(1, "09:30")) {
		t.Fatalf("DTEND %v (%v), want the 30-minute service's end", end, err)
	}
	if s := eventProp(ev, ics.ComponentPropertySummary); s != "Cleaning · Smile Clinic" {
		t.Fatalf("customer's SUMMARY %q", s)
	}
	if s := eventProp(ev, ics.ComponentPropertyStatus); s != "TENTATIVE" {
		t.Fatalf("a pending request's STATUS %q, want TENTATIVE", s)
	}
	if len(cal.Timezones()) != 1 {
		t.Fatalf("want one VTIMEZONE:\n%s", file.Raw)
	}
	provEv := parseICS(t, st.Get(t, "/appointments/"+keep+"/calendar.ics", p.Token)).Events()
	if len(provEv) != 1 || !strings.HasPrefix(eventProp(provEv[0], ics.ComponentPropertySummary), "Cleaning · ") {
		t.Fatalf("the provider's file: %v", provEv)
	}
	st.Get(t, "/appointments/"+keep+"/calendar.ics", other.Token).ExpectError(t, http.StatusNotFound, "Appointment not found")
	st.Get(t, "/appointments/"+keep+"/calendar.ics", "").ExpectStatus(t, http.StatusUnauthorized)

	// The feed: no token needed, every appointment, the cancelled one CANCELLED.
	path := st.Get(t, "/calendar/feed", c.Token).ExpectStatus(t, http.StatusOK).String("path")
	if !strings.HasPrefix(path, "/calendar/") || !strings.HasSuffix(path, ".ics") || len(path) < 50 {
		t.Fatalf("feed path %q", path)
	}
	if again := st.Get(t, "/calendar/feed", c.Token).String("path"); again != path {
		t.Fatalf("the feed address changed on a read: %q then %q", path, again)
	}
	feed := st.Get(t, path, "")
	if cc := feed.Header.Get("Cache-Control"); cc != "no-store" {
		t.Fatalf("feed Cache-Control %q, want no-store", cc)
	}
	status := map[string]string{}
	for _, e := range parseICS(t, feed).Events() {
		status[e.Id()] = eventProp(e, ics.ComponentPropertyStatus)
	}
	if len(status) != 2 || status[keep+"@slotwise"] != "TENTATIVE" || status[gone+"@slotwise"] != "CANCELLED" {
		t.Fatalf("feed statuses %v", status)
	}

	// A new address: the old one stops at once.
	fresh := st.Post(t, "/calendar/feed", c.Token, map[string]any{}).ExpectStatus(t, http.StatusOK).String("path")
	if fresh == path {
		t.Fatal("the address did not change")
	}
	st.Get(t, path, "").ExpectError(t, http.StatusNotFound, "This calendar address is no longer valid: copy the current one from your Calendar page")
	parseICS(t, st.Get(t, fresh, ""))
	st.Get(t, "/calendar/nonsense.ics", "").ExpectStatus(t, http.StatusNotFound)
}
