package ical

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata"
	"unicode/utf8" // the zone whatever the machine has

	ics "github.com/arran4/golang-ical"
	goical "github.com/emersion/go-ical"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// An appointment just after midnight in the business zone is written on
// its own date there (the day before in UTC), parses back to its instant,
// and a cancelled one is CANCELLED.
func TestWriteParsesBackInTheBusinessZone(t *testing.T) {
	ist, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 24, 0, 30, 0, 0, ist) // 2026-11-23 19:00 UTC
	list := []booking.Appointment{
		{ID: "a1", ServiceID: "s1", ServiceName: "Night check", Provider: "Clinic", StartsAt: start, Status: booking.StatusConfirmed, Version: 3},
		{ID: "a2", ServiceID: "s2", ServiceName: "Gone", StartsAt: start.Add(time.Hour), Status: booking.StatusCancelled, Version: 2},
	}
	out := Write("Mine", list, "customer", ist, map[string]int{"s1": 45}, time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC))
	if !strings.Contains(out, "DTSTART;TZID=Asia/Kolkata:20261124T003000") || !strings.Contains(out, "TZOFFSETTO:+0530") {
		t.Fatalf("not wall-clock time in the zone:\n%s", out)
	}
	cal, err := ics.ParseCalendar(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	ev := cal.Events()
	if len(ev) != 2 {
		t.Fatalf("%d events", len(ev))
	}
	if s, err := ev[0].GetStartAt(); err != nil || !s.Equal(start) {
		t.Fatalf("start %v (%v), want %v", s, err, start)
	}
	if e, err := ev[0].GetEndAt(); err != nil || !e.Equal(start.Add(45*time.Minute)) {
		t.Fatalf("end %v (%v)", e, err)
	}
	if ev[1].GetProperty(ics.ComponentPropertyDtEnd) != nil {
		t.Fatal("an event of unknown length was given an end")
	}
	if got := ev[1].GetProperty(ics.ComponentPropertyStatus).Value; got != "CANCELLED" {
		t.Fatalf("cancelled appointment's STATUS %q", got)
	}
	if got := ev[0].GetProperty(ics.ComponentPropertySequence).Value; got != "3" {
		t.Fatalf("SEQUENCE %q, want the appointment's version", got)
	}
}

// A booking's free text cannot forge calendar content (issue 40): every
// kind of line break in it comes out as an escaped \n, backslash,
// semicolon and comma are escaped, every line ends with CRLF and is at
// most 75 octets without splitting a UTF-8 sequence. Two independent
// parsers (golang-ical, which writes it, and emersion/go-ical) read one
// event with the text as written, and splitting the file at every line
// break kind, as vobject does, finds no line the writer did not mean.
func TestWriteEscapesTextAndFoldsLines(t *testing.T) {
	ist, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	forged := "\rEND:VEVENT\rBEGIN:VEVENT\rUID:forged\rSUMMARY:Free money\rEND:VEVENT\r"
	notes := "ring twice" + forged + "a\r\nb\nc\\d;e,f " + strings.Repeat("नमस्ते😀", 20)
	list := []booking.Appointment{{
		ID: "a1", ServiceID: "s1", ServiceName: "Cut; wash, dry\\", Provider: "Salon\r\nX-EVIL:1",
		Location: "MG Road,\rBengaluru", Notes: notes, StartsAt: time.Date(2026, 11, 24, 9, 0, 0, 0, ist),
		Status: booking.StatusConfirmed, Version: 1,
	}}
	out := Write("Mine\rBEGIN:VEVENT", list, "customer", ist, nil, time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC))

	if !strings.HasSuffix(out, "END:VCALENDAR\r\n") {
		t.Fatalf("calendar does not end with a CRLF line: %q", out[max(0, len(out)-20):])
	}
	lines := strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n")
	for _, l := range lines {
		if strings.ContainsAny(l, "\r\n") {
			t.Fatalf("bare CR or LF inside a line: %q", l)
		}
		if len(l) > 75 {
			t.Fatalf("line of %d octets (max 75): %q", len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Fatalf("folding split a UTF-8 sequence: %q", l)
		}
	}
	var begins int
	for _, l := range strings.FieldsFunc(out, func(r rune) bool { return r == '\r' || r == '\n' }) {
		if l == "BEGIN:VEVENT" {
			begins++
		}
	}
	if begins != 1 {
		t.Fatalf("%d BEGIN:VEVENT lines when split at every line break kind", begins)
	}

	wantDesc := "Status: confirmed\nNotes: " + strings.ReplaceAll(strings.ReplaceAll(notes, "\r\n", "\n"), "\r", "\n")
	wantSummary := "Cut; wash, dry\\ · Salon\nX-EVIL:1"
	wantLocation := "MG Road,\nBengaluru"

	cal, err := ics.ParseCalendar(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(cal.Events()); n != 1 {
		t.Fatalf("golang-ical reads %d events", n)
	}
	ev := cal.Events()[0]
	for prop, want := range map[ics.ComponentProperty]string{
		ics.ComponentPropertyDescription: wantDesc, ics.ComponentPropertySummary: wantSummary, ics.ComponentPropertyLocation: wantLocation,
	} {
		if got := ev.GetProperty(prop).Value; got != want {
			t.Fatalf("golang-ical %s %q, want %q", prop, got, want)
		}
	}

	other, err := goical.NewDecoder(strings.NewReader(out)).Decode()
	if err != nil {
		t.Fatal(err)
	}
	events := other.Events()
	if len(events) != 1 {
		t.Fatalf("emersion/go-ical reads %d events", len(events))
	}
	for prop, want := range map[string]string{
		goical.PropDescription: wantDesc, goical.PropSummary: wantSummary, goical.PropLocation: wantLocation,
	} {
		got, err := events[0].Props.Text(prop)
		if err != nil || got != want {
			t.Fatalf("emersion/go-ical %s %q (%v), want %q", prop, got, err, want)
		}
	}
	if got, _ := other.Props.Text("X-WR-CALNAME"); got != "Mine\nBEGIN:VEVENT" {
		t.Fatalf("calendar name %q", got)
	}
}
