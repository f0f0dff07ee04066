package booking

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// teamFixture is a salon of three: the owner (all day), Ann (09:00–12:00
// every day, cuts and colours) and Zoe (09:00–11:00 every day, cuts only,
// off on Monday 23 November). now is Saturday 21 November, 10:15 IST.
func teamFixture() (fixture, Member, Member, Member) {
	owner := OwnerOf("prov-1", "Salon")
	ann := Member{ID: "ann", Name: "Ann"}
	zoe := Member{ID: "zoe", Name: "Zoe", Closures: []Closure{{From: "2026-11-23", To: "2026-11-23", Note: "Dentist"}}}
	for d := time.Sunday; d <= time.Saturday; d++ {
		ann.Hours = append(ann.Hours, WorkingHours{Weekday: d, From: 9 * 60, To: 12 * 60})
		zoe.Hours = append(zoe.Hours, WorkingHours{Weekday: d, From: 9 * 60, To: 11 * 60})
	}
	cat := memCatalog{
		"cut": {ID: "cut", ProviderID: "prov-1", Name: "Cut", Provider: "Salon", TimeSlots: []string{"09:00", "10:00", "10:30", "11:00"},
			IsActive: true, Duration: 30, Staff: []Member{owner, ann, zoe}},
		"colour": {ID: "colour", ProviderID: "prov-1", Name: "Colour", Provider: "Salon", TimeSlots: []string{"09:30", "10:30"},
			IsActive: true, Duration: 60, Staff: []Member{owner, ann}},
	}
	repo := newMemRepo()
	clock := now
	n := 0
	svc := NewService(repo, cat, memAccounts{}, ist, func() time.Time { return clock }, func() string { n++; return fmt.Sprintf("appt-%d", n) }, DefaultIdempotencyTTL)
	return fixture{svc: svc, repo: repo, clock: &clock}, owner, ann, zoe
}

func bookWith(serviceID, date, clock, staffID string) NewBooking {
	b := validBooking()
	b.ServiceID, b.Date, b.Time, b.StaffID = serviceID, date, clock, staffID
	return b
}

func slotsOf(days []DaySlots) string {
	var out []string
	for _, d := range days {
		s := d.Date
		if d.Closed {
			s += " closed(" + d.ClosedNote + ")"
		}
		for _, sl := range d.Slots {
			s += fmt.Sprintf(" %s=%v", sl.Time, sl.Available)
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// "Anyone available" gives each booking of one slot to the free member
// with the fewest bookings that day (ties: owner first, then by name);
// the slot is full when everyone is taken.
func TestAnyoneSpreadsBookings(t *testing.T) {
	f, owner, ann, zoe := teamFixture()
	ctx := context.Background()
	var got []string
	for _, c := range []Caller{alice, bob, {UserID: "cust-3", Role: identity.RoleCustomer}} {
		a, err := f.svc.Book(ctx, c, bookWith("cut", "2026-11-22", "09:00", ""), "")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, a.StaffName)
	}
	if want := []string{owner.Name, ann.Name, zoe.Name}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("anyone assigned %v, want %v", got, want)
	}
	_, err := f.svc.Book(ctx, Caller{UserID: "cust-4", Role: identity.RoleCustomer}, bookWith("cut", "2026-11-22", "09:00", ""), "")
	expectErr(t, err, apperr.KindConflict, MsgSlotTaken)
	days, err := f.svc.Availability(ctx, "cut", "2026-11-22", 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slotsOf(days), "2026-11-22 09:00=false 10:00=true 10:30=true 11:00=true"; got != want {
		t.Fatalf("availability\n got %s\nwant %s", got, want)
	}
	// The next slot goes to who has fewest that day: all have one, so the
	// owner again.
	a, err := f.svc.Book(ctx, alice, bookWith("cut", "2026-11-22", "10:00", ""), "")
	if err != nil || a.StaffID != owner.ID {
		t.Fatalf("the 10:00 booking: %+v, %v", a, err)
	}
	// At 10:30 everyone is free again: Ann and Zoe have one that day, the
	// owner two, so Ann (before Zoe by name).
	a, err = f.svc.Book(ctx, bob, bookWith("cut", "2026-11-22", "10:30", ""), "")
	if err != nil || a.StaffID != ann.ID {
		t.Fatalf("the 10:30 booking went to %s (%v), want Ann: fewest that day", a.StaffName, err)
	}
}

// A named member is booked only when free: not in another appointment at
// an overlapping time in any service, working then, and performing it.
func TestNamedMemberAcrossServices(t *testing.T) {
	f, _, ann, zoe := teamFixture()
	ctx := context.Background()
	colour, err := f.svc.Book(ctx, alice, bookWith("colour", "2026-11-22", "09:30", ann.ID), "")
	if err != nil || colour.StaffID != ann.ID || colour.StaffName != "Ann" || !colour.EndsAt.Equal(colour.StartsAt.Add(time.Hour)) {
		t.Fatalf("Ann's colour: %+v, %v", colour, err)
	}
	// Cut at 10:00 with Ann overlaps her colour (09:30–10:30).
	_, err = f.svc.Book(ctx, bob, bookWith("cut", "2026-11-22", "10:00", ann.ID), "")
	expectErr(t, err, apperr.KindConflict, NotFreeMessage("Ann"))
	// Ann's own slots of cut show it; anyone's still has the owner and Zoe.
	days, _ := f.svc.Availability(ctx, "cut", "2026-11-22", 1, ann.ID)
	if got, want := slotsOf(days), "2026-11-22 09:00=true 10:00=false 10:30=true 11:00=true"; got != want {
		t.Fatalf("Ann's cut slots\n got %s\nwant %s", got, want)
	}
	// Zoe works until 11:00: a 30-minute cut at 11:00 is outside her hours.
	_, err = f.svc.Book(ctx, bob, bookWith("cut", "2026-11-22", "11:00", zoe.ID), "")
	expectErr(t, err, apperr.KindConflict, NotFreeMessage("Zoe"))
	// Zoe does not colour; nobody called "nobody" works here.
	_, err = f.svc.Book(ctx, bob, bookWith("colour", "2026-11-22", "10:30", zoe.ID), "")
	expectErr(t, err, apperr.KindInvalid, MsgUnknownStaff)
	_, err = f.svc.Availability(ctx, "cut", "2026-11-22", 1, "nobody")
	expectErr(t, err, apperr.KindInvalid, MsgUnknownStaff)
}

// A member's day off hides their slots only: with them asked for, the
// day shows closed with their note; anyone's slots stay.
func TestMemberDayOffHidesOnlyTheirSlots(t *testing.T) {
	f, _, _, zoe := teamFixture()
	ctx := context.Background()
	days, err := f.svc.Availability(ctx, "cut", "2026-11-23", 1, zoe.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := slotsOf(days), "2026-11-23 closed(Dentist) 09:00=false 10:00=false 10:30=false 11:00=false"; got != want {
		t.Fatalf("Zoe's day off\n got %s\nwant %s", got, want)
	}
	days, _ = f.svc.Availability(ctx, "cut", "2026-11-23", 1, "")
	if got, want := slotsOf(days), "2026-11-23 09:00=true 10:00=true 10:30=true 11:00=true"; got != want {
		t.Fatalf("anyone on Zoe's day off\n got %s\nwant %s", got, want)
	}
	_, err = f.svc.Book(ctx, alice, bookWith("cut", "2026-11-23", "09:00", zoe.ID), "")
	expectErr(t, err, apperr.KindConflict, NotFreeMessage("Zoe"))
}

// A reschedule keeps the member when free, asks when not, and takes
// anyone free or a named member when told.
func TestRescheduleKeepsTheMember(t *testing.T) {
	f, owner, _, zoe := teamFixture()
	ctx := context.Background()
	a, err := f.svc.Book(ctx, alice, bookWith("cut", "2026-11-22", "09:00", zoe.ID), "")
	if err != nil {
		t.Fatal(err)
	}
	moved, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-22", "10:00", "")
	if err != nil || moved.StaffID != zoe.ID {
		t.Fatalf("moving within Zoe's hours: %+v, %v", moved, err)
	}
	_, err = f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "10:00", "")
	expectErr(t, err, apperr.KindConflict, KeepNotFreeMessage("Zoe"))
	_, err = f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "10:00", zoe.ID)
	expectErr(t, err, apperr.KindConflict, NotFreeMessage("Zoe"))
	anyone, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "10:00", StaffAny)
	if err != nil || anyone.StaffID != owner.ID || anyone.StaffName != "Salon" {
		t.Fatalf("moving to anyone free: %+v, %v", anyone, err)
	}
}

// The provider reassigns to a member who performs the service and is
// free; the event tells the customer.
func TestReassign(t *testing.T) {
	f, _, ann, zoe := teamFixture()
	ctx := context.Background()
	colour, err := f.svc.Book(ctx, alice, bookWith("colour", "2026-11-22", "09:30", ann.ID), "")
	if err != nil {
		t.Fatal(err)
	}
	cut, err := f.svc.Book(ctx, bob, bookWith("cut", "2026-11-22", "10:00", zoe.ID), "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Reassign(ctx, alice, cut.ID, ann.ID)
	expectErr(t, err, apperr.KindForbidden, MsgProvidersOnly)
	_, err = f.svc.Reassign(ctx, prov2, cut.ID, ann.ID)
	expectErr(t, err, apperr.KindNotFound, MsgAppointmentNotFound)
	_, err = f.svc.Reassign(ctx, prov, colour.ID, zoe.ID)
	expectErr(t, err, apperr.KindInvalid, MsgUnknownStaff)
	_, err = f.svc.Reassign(ctx, prov, cut.ID, ann.ID)
	expectErr(t, err, apperr.KindConflict, NotFreeMessage("Ann"))
	_, err = f.svc.Reassign(ctx, prov, cut.ID, "")
	expectErr(t, err, apperr.KindInvalid, MsgStaffIDRequired)
	moved, err := f.svc.Reassign(ctx, prov, cut.ID, identity.OwnerMemberID("prov-1"))
	if err != nil || moved.StaffName != "Salon" || moved.Version != 2 {
		t.Fatalf("reassigned to the owner: %+v, %v", moved, err)
	}
	if last := f.repo.events[len(f.repo.events)-1]; !strings.HasPrefix(last, EventReassigned) {
		t.Fatalf("the last event: %s", last)
	}
	if list, _ := f.svc.ListForProvider(ctx, prov, ann.ID); len(list) != 1 || list[0].ID != colour.ID {
		t.Fatalf("Ann's appointments: %+v", list)
	}
}

// A member's day off tells the customers booked with them, and only them.
func TestMemberDayOffNotices(t *testing.T) {
	_, owner, _, zoe := teamFixture()
	svc := ServiceInfo{ID: "cut", Staff: []Member{owner, zoe}}
	day := time.Date(2026, 11, 23, 10, 0, 0, 0, ist)
	list := []Appointment{
		{ID: "with-zoe", ServiceID: "cut", ProviderID: "prov-1", StaffID: zoe.ID, StartsAt: day, Status: StatusScheduled},
		{ID: "with-owner", ServiceID: "cut", ProviderID: "prov-1", StaffID: owner.ID, StartsAt: day, Status: StatusScheduled},
		{ID: "before-teams", ServiceID: "cut", ProviderID: "prov-1", StartsAt: day, Status: StatusScheduled},
	}
	got := OnClosedDays(svc, list, ist, now)
	if len(got) != 1 || got[0].Appointment.ID != "with-zoe" || got[0].ClosedBy != "Zoe" || got[0].Note != "Dentist" {
		t.Fatalf("notices: %+v", got)
	}
}
