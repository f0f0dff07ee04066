package booking

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A service with a minimum notice refuses a booking or a reschedule onto a
// slot closer than that, with the reason, and shows such slots as not free
// in its availability and its next free slot (issue 39: "book at least 2
// hours ahead").
func TestMinimumNotice(t *testing.T) {
	ctx := context.Background()
	// now: Sat 2026-11-21 10:15 IST; 2 hours' notice: the earliest start is after 12:15.
	svc := ServiceInfo{ID: "dental", ProviderID: "prov-1", Name: "Dental", Provider: "Smile Clinic", IsActive: true,
		TimeSlots: []string{"11:00", "12:00", "12:30", "13:00"}, MinNotice: 2 * time.Hour}
	s := NewService(newMemRepo(), memCatalog{"dental": svc}, memAccounts{}, ist, func() time.Time { return now }, func() string { return "appt-1" }, DefaultIdempotencyTTL)
	want := "Smile Clinic takes bookings at least 2 hours ahead: please choose a later time"
	for _, clock := range []string{"11:00", "12:00"} {
		_, err := s.Book(ctx, alice, booking("2026-11-21", clock), "")
		expectErr(t, err, apperr.KindInvalid, want)
	}
	a, err := s.Book(ctx, alice, booking("2026-11-21", "12:30"), "")
	if err != nil {
		t.Fatalf("12:30, past the notice: %v", err)
	}

	days, err := s.Availability(ctx, "dental", "", 1, "")
	if err != nil {
		t.Fatal(err)
	}
	free := map[string]bool{}
	for _, sl := range days[0].Slots {
		free[sl.Time] = sl.Available
	}
	if free["11:00"] || free["12:00"] || free["12:30"] || !free["13:00"] {
		t.Fatalf("today's slots %v: want only 13:00 free (12:30 booked, the rest within the notice)", free)
	}

	next, err := s.NextAvailable(ctx, []ServiceInfo{svc})
	if err != nil || len(next.Slots) != 1 || next.Slots[0].Time != "13:00" {
		t.Fatalf("next free slot %+v, %v: want today's 13:00", next.Slots, err)
	}

	// A reschedule is held to the notice too: an appointment at 11:00
	// (booked before the notice was set) cannot move to 12:00, but can to 13:00.
	early := a
	early.ID, early.StartsAt, early.Time = "appt-early", mustAt(t, "2026-11-21", "11:00"), "11:00"
	s = NewService(&memRepo{appts: map[string]Appointment{early.ID: early}}, memCatalog{"dental": svc}, memAccounts{}, ist, func() time.Time { return now },
		func() string { return "x" }, DefaultIdempotencyTTL)
	_, err = s.Reschedule(ctx, alice, early.ID, "2026-11-21", "12:00", "")
	expectErr(t, err, apperr.KindInvalid, want)
	if _, err = s.Reschedule(ctx, alice, early.ID, "2026-11-21", "13:00", ""); err != nil {
		t.Fatalf("reschedule to 13:00: %v", err)
	}
}

func TestHumanDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		30 * time.Minute: "30 minutes", time.Hour: "1 hour", 90 * time.Minute: "1 hour 30 minutes",
		24 * time.Hour: "1 day", 26 * time.Hour: "1 day 2 hours", 7 * 24 * time.Hour: "7 days",
	} {
		if got := humanDuration(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
}
