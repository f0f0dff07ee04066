package integration

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestConfirmationMail reads the mails a customer gets over real SMTP: the
// confirmation of a booking lists its details in text and HTML, its .ics
// parses to the appointment (REQUEST, then CANCEL with a higher SEQUENCE
// for the same UID), its manage link opens the appointment on the web
// app's address, and its unsubscribe link opens a page (a GET changes
// nothing; a bad signature or an expired link is a 400) while the one-click
// POST of its List-Unsubscribe header stops every further mail.
func TestConfirmationMail(t *testing.T) {
	t.Parallel()
	// The web app's address is known before the stack starts (WEB_URL);
	// it serves a stand-in build and passes /api/… to the gateway.
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	web := "http://" + lis.Addr().String()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond, WebURL: web})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html><title>Slotwise</title><div id="root"></div>`), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: devstack.WebHandler(dir, st.APIURL), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(lis)
	t.Cleanup(func() { srv.Close() })
	viaWeb := stacktest.Client{BaseURL: web + "/api"}

	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	svcID := bkPricedService(t, st, p, "Dental check-up", 1500, "09:00", "10:00")
	first := bkBookID(t, st, c, svcID, clk.day(1), "09:00")
	start := clk.at(1, "09:00")

	mailTo := func(subject, appointment string) stacktest.Mail {
		t.Helper()
		var found stacktest.Mail
		stacktest.Eventually(t, 15*time.Second, "the mail "+subject, func() bool {
			for _, m := range mails.Mails() {
				if m.To == c.Email && m.Subject == subject && strings.Contains(m.Text, "appointment="+appointment) {
					found = m
					return true
				}
			}
			return false
		})
		return found
	}
	m := mailTo("We sent your booking request", first)

	// The details, in both parts.
	if !m.Alternative {
		t.Fatalf("the text and HTML parts are not alternatives: %s", m.ContentType)
	}
	for _, part := range []string{m.Text, m.HTML} {
		for _, want := range []string{"Dental check-up", "Smile Clinic", start.Format("Monday, 2 January 2006") + ", 9:00 AM IST (Asia/Kolkata)",
			"30 minutes", "₹1,500", "12 MG Road, Bengaluru"} {
			if !strings.Contains(part, want) {
				t.Errorf("the confirmation lacks %q:\n%s", want, part)
			}
		}
	}

	// The calendar file parses, with the repo's iCalendar library.
	event := func(m stacktest.Mail, method string) *ics.VEvent {
		t.Helper()
		if len(m.Attachments) != 1 {
			t.Fatalf("%d attachments, want the .ics", len(m.Attachments))
		}
		a := m.Attachments[0]
		if a.Filename != "appointment.ics" || a.ContentType != "text/calendar" || a.Params["method"] != method {
			t.Fatalf("attachment %s %s %v, want appointment.ics, text/calendar, method %s", a.Filename, a.ContentType, a.Params, method)
		}
		cal, err := ics.ParseCalendar(strings.NewReader(string(a.Data)))
		if err != nil {
			t.Fatalf("the .ics does not parse: %v\n%s", err, a.Data)
		}
		if got := calendarMethod(cal); got != method || len(cal.Events()) != 1 {
			t.Fatalf("METHOD %q with %d events, want %s and one:\n%s", got, len(cal.Events()), method, a.Data)
		}
		return cal.Events()[0]
	}
	ev := event(m, "REQUEST")
	if s, err := ev.GetStartAt(); err != nil || !s.Equal(start) {
		t.Fatalf("DTSTART %v (%v), want %v", s, err, start)
	}
	if e, err := ev.GetEndAt(); err != nil || !e.Equal(start.Add(30*time.Minute)) {
		t.Fatalf("DTEND %v (%v), want 30 minutes after the start", e, err)
	}
	seq := ev.GetProperty(ics.ComponentPropertySequence).Value
	if ev.Id() != first+"@slotwise" || seq != "1" {
		t.Fatalf("UID %q SEQUENCE %q", ev.Id(), seq)
	}

	// The manage link opens the appointment: the web route on the
	// configured address, and the appointment by its id with the
	// customer's token through that address's /api.
	manage := web + "/my-appointments?appointment=" + first
	if !strings.Contains(m.Text, manage) || !strings.Contains(m.HTML, `href="`+manage+`"`) {
		t.Fatalf("no manage link %s:\n%s", manage, m.Text)
	}
	resp, err := http.Get(manage)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %v %v", manage, resp, err)
	}
	resp.Body.Close()
	if r := viaWeb.Get(t, "/appointments/"+first, c.Token).ExpectStatus(t, http.StatusOK); r.String("appointment._id") != first {
		t.Fatalf("the appointment through the web app's address: %s", r.Raw)
	}

	// Each change updates the same event, with a higher SEQUENCE: the
	// provider confirms it (REQUEST), then declines another request (CANCEL).
	bkProviderStatus(t, st, p, first, "confirmed").ExpectStatus(t, http.StatusOK)
	ev = event(mailTo("Your appointment is confirmed", first), "REQUEST")
	if ev.Id() != first+"@slotwise" || ev.GetProperty(ics.ComponentPropertySequence).Value != "2" ||
		ev.GetProperty(ics.ComponentPropertyStatus).Value != "CONFIRMED" {
		t.Fatalf("the confirmation's event: UID %q SEQUENCE %q", ev.Id(), ev.GetProperty(ics.ComponentPropertySequence).Value)
	}
	declined := bkBookID(t, st, c, svcID, clk.day(1), "10:00")
	mailTo("We sent your booking request", declined)
	bkProviderStatus(t, st, p, declined, "cancelled").ExpectStatus(t, http.StatusOK)
	ev = event(mailTo("Your booking request was declined", declined), "CANCEL")
	if ev.Id() != declined+"@slotwise" || ev.GetProperty(ics.ComponentPropertySequence).Value != "2" ||
		ev.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" {
		t.Fatalf("the declined request's event: UID %q SEQUENCE %q STATUS %q", ev.Id(),
			ev.GetProperty(ics.ComponentPropertySequence).Value, ev.GetProperty(ics.ComponentPropertyStatus).Value)
	}

	// The customer's own move and cancellation update their calendar too.
	st.Put(t, "/appointments/"+first+"/reschedule", c.Token, map[string]any{"date": clk.day(2), "time": "09:00"}).ExpectStatus(t, http.StatusOK)
	ev = event(mailTo("Your appointment was moved", first), "REQUEST")
	if s, err := ev.GetStartAt(); err != nil || !s.Equal(clk.at(2, "09:00")) || ev.Id() != first+"@slotwise" ||
		ev.GetProperty(ics.ComponentPropertySequence).Value != "3" {
		t.Fatalf("the move's event: UID %q SEQUENCE %q start %v", ev.Id(), ev.GetProperty(ics.ComponentPropertySequence).Value, s)
	}
	bkCustomerStatus(t, st, c, first, "cancelled").ExpectStatus(t, http.StatusOK)
	ev = event(mailTo("Your appointment is cancelled", first), "CANCEL")
	if ev.Id() != first+"@slotwise" || ev.GetProperty(ics.ComponentPropertySequence).Value != "4" {
		t.Fatalf("the cancellation's event: UID %q SEQUENCE %q", ev.Id(), ev.GetProperty(ics.ComponentPropertySequence).Value)
	}
	if r := st.Get(t, "/notifications", c.Token).ExpectStatus(t, http.StatusOK); strings.Contains(string(r.Raw), "booking_received") ||
		strings.Contains(string(r.Raw), "booking_rescheduled") || strings.Contains(string(r.Raw), "booking_cancelled") {
		t.Fatalf("the customer's own changes are in their notifications: %s", r.Raw)
	}

	// The unsubscribe link: in the footer, to the web app's page that asks
	// first; the List-Unsubscribe headers name the API's address with the
	// same token, for mail programs' one-click POST (RFC 8058).
	link := regexp.MustCompile(`Unsubscribe: (\S+)`).FindStringSubmatch(m.Text)
	if link == nil || !strings.HasPrefix(link[1], web+"/unsubscribe?token=") {
		t.Fatalf("no unsubscribe link on %s:\n%s", web, m.Text)
	}
	page := link[1]
	unsubscribe := strings.Replace(page, web+"/unsubscribe?", web+"/api/auth/unsubscribe?", 1)
	if m.ListUnsubscribe != "<"+unsubscribe+">" || m.ListUnsubscribePost != "List-Unsubscribe=One-Click" || !strings.Contains(m.HTML, page) {
		t.Fatalf("List-Unsubscribe %q, -Post %q", m.ListUnsubscribe, m.ListUnsubscribePost)
	}
	mailOn := func(when string) {
		t.Helper()
		if r := st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK); r.Field("user.emailNotifications") != true {
			t.Fatalf("%s switched mail off: %s", when, r.Raw)
		}
	}
	// A link scanner GETs every link of a mail: the page and the API's
	// address both leave mail on.
	for get, want := range map[string]int{page: http.StatusOK, unsubscribe: http.StatusMethodNotAllowed} {
		resp, err := http.Get(get)
		if err != nil || resp.StatusCode != want {
			t.Fatalf("GET %s: %v %v, want %d", get, resp, err, want)
		}
		resp.Body.Close()
	}
	mailOn("a GET of the links")
	// A forged or altered link is refused, and changes nothing.
	for _, bad := range []string{unsubscribe[:len(unsubscribe)-3] + "xyz", strings.Replace(unsubscribe, "token="+c.ID, "token="+p.ID, 1)} {
		resp, err := http.Post(bad, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil || resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("POST %s: %v %v, want 400", bad, resp, err)
		}
		resp.Body.Close()
	}
	mailOn("a refused link")
	// A link past its 60 days is refused with a message that says where
	// mail can be switched off instead.
	now := st.Clock.Now()
	st.Clock.Set(now.Add(61 * 24 * time.Hour))
	expired := viaWeb.Post(t, strings.TrimPrefix(unsubscribe, web+"/api"), "", map[string]any{})
	st.Clock.Set(now)
	expired.ExpectStatus(t, http.StatusBadRequest)
	if msg, _ := expired.Field("message").(string); !strings.Contains(msg, "expired") || !strings.Contains(msg, "profile") {
		t.Fatalf("an expired link: %s", expired.Raw)
	}
	mailOn("an expired link")
	// The mail program's one-click, without signing in.
	resp, err = http.Post(unsubscribe, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("one-click unsubscribe: %v %v", resp, err)
	}
	resp.Body.Close()
	if r := st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK); r.Field("user.emailNotifications") != false {
		t.Fatalf("after unsubscribing: %s", r.Raw)
	}

	// No further mail: the next booking's notifications stay in the app.
	second := bkBookID(t, st, c, svcID, clk.day(2), "10:00")
	bkProviderStatus(t, st, p, second, "confirmed").ExpectStatus(t, http.StatusOK)
	stacktest.Eventually(t, 15*time.Second, "the customer's mails of the second booking settled as off", func() bool {
		off := 0
		for _, o := range emailOutcomes(t, st) {
			if o.recipient == c.ID && o.status == "off" {
				off++
			}
		}
		return off == 2
	})
	for _, m := range mails.Mails() {
		if m.To == c.Email && strings.Contains(m.Text, second) {
			t.Fatalf("mailed after unsubscribing: %s", m.Subject)
		}
	}
}

// calendarMethod is a calendar's METHOD.
func calendarMethod(cal *ics.Calendar) string {
	for _, p := range cal.CalendarProperties {
		if p.IANAToken == string(ics.PropertyMethod) {
			return p.Value
		}
	}
	return ""
}
