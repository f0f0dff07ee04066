package booking

import (
	"reflect"
	"testing"
	"time"
)

// Only appointments still to take place on a closed day are noticed, and the
// day is the business zone's: 23:45 IST on the 23rd is the 23rd (18:15 UTC),
// 00:15 IST on the 25th is the 25th (18:45 UTC on the 24th).
func TestOnClosedDaysPicksAwaitedAppointmentsOnClosedBusinessDays(t *testing.T) {
	svc := ServiceInfo{ID: "dental", Provider: "Smile Clinic",
		Closures: []Closure{{From: "2026-11-24", To: "2026-11-24", Note: "Diwali"}}}
	at := func(s string) time.Time {
		t.Helper()
		v, err := time.ParseInLocation("2006-01-02 15:04", s, ist)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	now := at("2026-11-22 12:00")
	appt := func(id, start, status string) Appointment {
		return Appointment{ID: id, ServiceID: "dental", StartsAt: at(start), Status: status}
	}
	in := []Appointment{
		appt("late-on-23rd", "2026-11-23 23:45", StatusConfirmed),     // open day, 18:15 UTC on the 23rd
		appt("first-on-24th", "2026-11-24 00:15", StatusPending),      // closed: 18:45 UTC on the 23rd
		appt("scheduled-24th", "2026-11-24 10:00", StatusScheduled),   // closed
		appt("last-on-24th", "2026-11-24 23:45", StatusConfirmed),     // closed: 18:15 UTC on the 24th
		appt("first-on-25th", "2026-11-25 00:15", StatusConfirmed),    // open: 18:45 UTC on the 24th
		appt("cancelled-24th", "2026-11-24 11:00", StatusCancelled),   // nothing to tell
		appt("rejected-24th", "2026-11-24 12:00", StatusRejected),     // nothing to tell
		appt("inprogress-24th", "2026-11-24 13:00", StatusInProgress), // already under way
		{ID: "other-service", ServiceID: "eye", StartsAt: at("2026-11-24 14:00"), Status: StatusConfirmed},
	}
	var got []string
	for _, n := range OnClosedDays(svc, in, ist, now) {
		if n.Day != "2026-11-24" || n.Note != "Diwali" {
			t.Errorf("%s: day %q note %q, want 2026-11-24 Diwali", n.Appointment.ID, n.Day, n.Note)
		}
		got = append(got, n.Appointment.ID)
	}
	want := []string{"first-on-24th", "scheduled-24th", "last-on-24th"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("noticed %v, want %v", got, want)
	}
	if n := OnClosedDays(svc, in, ist, at("2026-11-24 10:00")); len(n) != 1 || n[0].Appointment.ID != "last-on-24th" {
		t.Fatalf("at 10:00 on the closed day only what is still to come is noticed, got %+v", n)
	}
}
