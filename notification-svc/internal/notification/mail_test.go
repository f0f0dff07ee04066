package notification

import (
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
)

func testComposer(t *testing.T) Composer {
	t.Helper()
	ist, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	return Composer{WebURL: "https://book.example", Location: ist, Organizer: "mail@slotwise.test",
		Now: func() time.Time { return time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC) }}
}

// Every value in the HTML part is escaped: a name or a note cannot add
// markup or change a link.
func TestComposeEscapesTheHTMLPart(t *testing.T) {
	d := &Details{AppointmentID: "a 1", Service: `<script>x</script>`, Business: `A & B`, StartsAt: time.Now(), Status: StatusPending, Version: 1}
	m, err := testComposer(t).Compose(Notification{ID: "n", Kind: KindNewBooking, Text: `New booking request from <b>Eve</b> & co`, AppointmentID: "a 1"},
		d, Contact{Email: "p@example.com", Name: `Dr "Who"`, UnsubscribeToken: `t"><b>`})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<b>Eve</b>", "<script>", `"><b>`} {
		if strings.Contains(m.HTML, bad) {
			t.Fatalf("unescaped %q in the HTML part:\n%s", bad, m.HTML)
		}
	}
	for _, want := range []string{"&lt;b&gt;Eve&lt;/b&gt; &amp; co", `href="https://book.example/my-services?appointment=a&#43;1"`, "A &amp; B",
		`href="https://book.example/unsubscribe?token=t%22%3E%3Cb%3E"`} {
		if !strings.Contains(m.HTML, want) {
			t.Fatalf("the HTML part lacks %q:\n%s", want, m.HTML)
		}
	}
	if m.Subject != "New booking request" || m.Unsubscribe != "https://book.example/api/auth/unsubscribe?token=t%22%3E%3Cb%3E" {
		t.Fatalf("%+v", m)
	}
}

// A customer's mail lists the appointment's details in the business zone,
// in both parts, links to the booking, and attaches its calendar event:
// REQUEST while it stands, CANCEL once cancelled, with the same UID and the
// appointment's version as SEQUENCE.
func TestComposeDetailsAndCalendar(t *testing.T) {
	cm := testComposer(t)
	start := time.Date(2026, 12, 1, 3, 30, 0, 0, time.UTC) // 9:00 AM IST
	d := Details{AppointmentID: "a1", Service: "Dental check-up", Business: "Smile Clinic", Location: "12 MG Road, Pune",
		CustomerEmail: "c@example.com", Price: 1500, Minutes: 45, StartsAt: start, Status: StatusScheduled, Version: 2}
	n := Notification{ID: "n1", Kind: KindAccepted, Text: "Your booking was accepted.", AppointmentID: "a1"}
	m, err := cm.Compose(n, &d, Contact{Email: "c@example.com", Name: "Asha", UnsubscribeToken: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{m.Text, m.HTML} {
		for _, want := range []string{"Dental check-up", "Smile Clinic", "Tuesday, 1 December 2026, 9:00 AM IST (Asia/Kolkata)",
			"45 minutes", "₹1,500", "12 MG Road, Pune", "https://book.example/my-appointments?appointment=a1", "Manage your booking",
			"https://book.example/unsubscribe?token=tok"} {
			if !strings.Contains(part, want) {
				t.Errorf("a part lacks %q:\n%s", want, part)
			}
		}
		// The mail's link opens the page that asks; only the header's
		// address (for mail programs' one-click POST) is the API's.
		if strings.Contains(part, "/api/auth/unsubscribe") {
			t.Errorf("a part links straight to the API:\n%s", part)
		}
	}
	if m.Unsubscribe != "https://book.example/api/auth/unsubscribe?token=tok" {
		t.Errorf("List-Unsubscribe address %q", m.Unsubscribe)
	}
	event := func(m Mail) *ics.VEvent {
		cal, err := ics.ParseCalendar(strings.NewReader(m.Calendar))
		if err != nil {
			t.Fatal(err)
		}
		if got := cal.CalendarProperties; len(cal.Events()) != 1 || m.CalendarMethod == "" || !strings.Contains(m.Calendar, "METHOD:"+m.CalendarMethod) {
			t.Fatalf("calendar %v:\n%s", got, m.Calendar)
		}
		return cal.Events()[0]
	}
	ev := event(m)
	if s, err := ev.GetStartAt(); err != nil || !s.Equal(start) {
		t.Fatalf("start %v %v", s, err)
	}
	if e, err := ev.GetEndAt(); err != nil || !e.Equal(start.Add(45*time.Minute)) {
		t.Fatalf("end %v %v", e, err)
	}
	if m.CalendarMethod != "REQUEST" || ev.Id() != "a1@slotwise" || ev.GetProperty(ics.ComponentPropertySequence).Value != "2" {
		t.Fatalf("method %s uid %s\n%s", m.CalendarMethod, ev.Id(), m.Calendar)
	}

	d.Status, d.Version = StatusCancelled, 3
	m, err = cm.Compose(Notification{ID: "n2", Kind: KindProviderCancelled, Text: "Cancelled.", AppointmentID: "a1"}, &d, Contact{Email: "c@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	ev = event(m)
	if m.CalendarMethod != "CANCEL" || ev.Id() != "a1@slotwise" || ev.GetProperty(ics.ComponentPropertySequence).Value != "3" ||
		ev.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" || m.Unsubscribe != "" {
		t.Fatalf("a cancellation: method %s\n%s", m.CalendarMethod, m.Calendar)
	}
}

func TestRupeesAndMinutes(t *testing.T) {
	for p, want := range map[float64]string{0.5: "₹0.50", 500: "₹500", 1500: "₹1,500", 123456.7: "₹1,23,456.70", 1234567: "₹12,34,567"} {
		if got := Rupees(p); got != want {
			t.Errorf("Rupees(%v) = %q, want %q", p, got, want)
		}
	}
	for m, want := range map[int]string{1: "1 minute", 45: "45 minutes", 60: "1 hour", 90: "1 hour 30 minutes", 120: "2 hours"} {
		if got := Minutes(m); got != want {
			t.Errorf("Minutes(%d) = %q, want %q", m, got, want)
		}
	}
}
