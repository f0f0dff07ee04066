package booking

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A 30-minute service with 15 minutes between appointments and slots every
// 15 minutes: once 9:30 is booked, 9:00, 9:15, 9:45 and 10:00 are within 45
// minutes of it and 8:45 and 10:15 are not. A booking or a move into a
// slot too close is a 409 saying why; availability and next-available
// leave those slots out.
func TestBufferKeepsAppointmentsApart(t *testing.T) {
	repo := newMemRepo()
	slots := []string{"08:45", "09:00", "09:15", "09:30", "09:45", "10:00", "10:15"}
	cat := memCatalog{"spa": {ID: "spa", ProviderID: "prov-1", Name: "Massage", Provider: "Calm Spa", TimeSlots: slots,
		IsActive: true, Duration: 30, Buffer: 15 * time.Minute}}
	n := 0
	svc := NewService(repo, cat, memAccounts{}, ist, func() time.Time { return now }, func() string { n++; return fmt.Sprintf("appt-%d", n) }, DefaultIdempotencyTTL)
	ctx := context.Background()
	book := func(c Caller, clock string) (Appointment, error) {
		b := validBooking()
		b.ServiceID, b.Date, b.Time = "spa", "2026-11-22", clock
		return svc.Book(ctx, c, b, "")
	}
	if _, err := book(alice, "09:30"); err != nil {
		t.Fatal(err)
	}
	want := BufferMessage("Calm Spa", 15*time.Minute)
	if want != "Calm Spa keeps 15 minutes between appointments, and this time is too close to another booking. Please choose another time." {
		t.Fatalf("message %q", want)
	}
	for _, clock := range []string{"09:00", "09:15", "09:45", "10:00"} {
		_, err := book(bob, clock)
		if apperr.KindOf(err) != apperr.KindConflict || !strings.Contains(err.Error(), want) {
			t.Errorf("booking %s next to 9:30: %v, want a 409 %q", clock, err, want)
		}
	}
	if _, err := book(bob, "10:15"); err != nil {
		t.Fatalf("10:15 is 45 minutes after 9:30: %v", err)
	}
	early, err := book(bob, "08:45")
	if err != nil {
		t.Fatalf("8:45 ends with its buffer at 9:30: %v", err)
	}

	days, err := svc.Availability(ctx, "spa", "2026-11-22", 1, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range days[0].Slots {
		if s.Available {
			t.Errorf("%s is shown free between 8:45, 9:30 and 10:15", s.Time)
		}
	}

	// A move is held to the same rule; the appointment does not clash
	// with itself.
	_, err = svc.Reschedule(ctx, bob, early.ID, "2026-11-22", "09:15", "")
	if apperr.KindOf(err) != apperr.KindConflict || !strings.Contains(err.Error(), want) {
		t.Fatalf("moving 8:45 to 9:15: %v, want a 409 %q", err, want)
	}

	// Next-available skips the slots too close to a booked one.
	spa, _ := cat.Service(ctx, "spa")
	at := mustAt(t, "2026-11-22", "08:45")
	next, ok := FirstAvailable(spa, mustAt(t, "2026-11-22", "00:00"), 1,
		[]Busy{{AppointmentID: "a", StaffID: spa.Staff[0].ID, ServiceID: "spa", Start: at, End: at.Add(30 * time.Minute)}}, now)
	if !ok || next.Time != "09:30" {
		t.Fatalf("first free after 8:45 with 45 minutes' spacing: %+v %v, want 09:30", next, ok)
	}
}

func TestSpacingAndTooClose(t *testing.T) {
	if Spacing(ServiceInfo{Duration: 30}) != 0 {
		t.Fatal("no buffer: only the same slot clashes")
	}
	if got := Spacing(ServiceInfo{Duration: 30, Buffer: 15 * time.Minute}); got != 45*time.Minute {
		t.Fatalf("spacing %v", got)
	}
	at := mustAt(t, "2026-11-22", "09:00")
	for gap, want := range map[time.Duration]bool{0: false, 44 * time.Minute: true, -44 * time.Minute: true, 45 * time.Minute: false, -45 * time.Minute: false} {
		if got := TooClose(at, []time.Time{at.Add(gap)}, 45*time.Minute); got != want {
			t.Errorf("a booking %v away: %v, want %v", gap, got, want)
		}
	}
}
