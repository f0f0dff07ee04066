package ical

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zone whatever the machine has

	ics "github.com/arran4/golang-ical"

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
