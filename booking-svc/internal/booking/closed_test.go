package booking

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A closed queue or a day off refuses bookings, reschedules and shows in
// availability, decided on catalog-svc's current answer (reopened: booked).
func TestClosedQueueAndDaysOff(t *testing.T) {
	ctx := context.Background()
	open := ServiceInfo{ID: "dental", ProviderID: "prov-1", Name: "Dental", Provider: "Smile Clinic",
		TimeSlots: []string{"09:00", "10:00"}, IsActive: true}
	queueClosed, dayOff := open, open
	queueClosed.QueueClosed = true
	dayOff.Closures = []Closure{{From: "2026-11-23", To: "2026-11-24", Note: "Diwali"}}
	newSvc := func(current ServiceInfo) Service {
		return NewService(newMemRepo(), memCatalog{"dental": current}, memAccounts{},
			ist, func() time.Time { return now }, func() string { return "appt-1" }, DefaultIdempotencyTTL)
	}
	_, err := newSvc(queueClosed).Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	expectErr(t, err, apperr.KindConflict, "Smile Clinic is not taking bookings right now")
	if _, err = newSvc(open).Book(ctx, alice, booking("2026-11-22", "09:00"), ""); err != nil {
		t.Fatalf("reopened: %v", err)
	}
	_, err = newSvc(dayOff).Book(ctx, alice, booking("2026-11-24", "10:00"), "")
	expectErr(t, err, apperr.KindConflict, "Smile Clinic is closed on Tuesday, 24 November (Diwali). Please choose another day")
	if _, err = newSvc(dayOff).Book(ctx, alice, booking("2026-11-25", "10:00"), ""); err != nil {
		t.Fatalf("the day after the closure: %v", err)
	}

	_, err = newSvc(queueClosed).Availability(ctx, "dental", "", 3, "")
	expectErr(t, err, apperr.KindConflict, "Smile Clinic is not taking bookings right now")
	days, err := newSvc(open).Availability(ctx, "dental", "2026-11-22", 4, "")
	if err != nil || days[1].Closed {
		t.Fatalf("reopened day: %+v, %v", days, err)
	}
	days, err = newSvc(dayOff).Availability(ctx, "dental", "2026-11-22", 4, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range days {
		closed := d.Date == "2026-11-23" || d.Date == "2026-11-24"
		if d.Closed != closed || (closed && d.ClosedNote != "Diwali") {
			t.Errorf("%s: closed %v note %q", d.Date, d.Closed, d.ClosedNote)
		}
		for _, sl := range d.Slots {
			if closed && sl.Available {
				t.Errorf("%s %s available on a day off", d.Date, sl.Time)
			}
		}
	}

	// Reschedule onto a day off or while the queue is closed.
	cat := memCatalog{"dental": open}
	svc := NewService(newMemRepo(), cat, memAccounts{}, ist, func() time.Time { return now }, func() string { return "appt-1" }, DefaultIdempotencyTTL)
	a, err := svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	cat["dental"] = dayOff
	_, err = svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "09:00", "")
	expectErr(t, err, apperr.KindConflict, "Smile Clinic is closed on Monday, 23 November (Diwali). Please choose another day")
	cat["dental"] = queueClosed
	_, err = svc.Reschedule(ctx, alice, a.ID, "2026-11-25", "09:00", "")
	expectErr(t, err, apperr.KindConflict, "Smile Clinic is not taking bookings right now")
}

// A provider cannot accept or confirm an appointment on one of their days
// off, decided on the catalogue's current row (issue 39): the customer was
// told the day is closed. Reopened, it confirms; other moves are not held.
func TestAcceptingOnAClosedDayIsRefused(t *testing.T) {
	ctx := context.Background()
	open := ServiceInfo{ID: "dental", ProviderID: "prov-1", Name: "Dental", Provider: "Smile Clinic",
		TimeSlots: []string{"09:00", "10:00"}, IsActive: true}
	catalog := memCatalog{"dental": open}
	svc := NewService(newMemRepo(), catalog, memAccounts{}, ist, func() time.Time { return now }, func() string { return "appt-1" }, DefaultIdempotencyTTL)
	a, err := svc.Book(ctx, alice, booking("2026-11-24", "10:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	dayOff := open
	dayOff.Closures = []Closure{{From: "2026-11-23", To: "2026-11-24", Note: "Diwali"}}
	catalog["dental"] = dayOff
	for _, to := range []string{StatusScheduled, StatusConfirmed} {
		_, err = svc.SetProviderStatus(ctx, prov, a.ID, to, "")
		expectErr(t, err, apperr.KindConflict, "You are closed on Tuesday, 24 November (Diwali): reopen the day to confirm this appointment, or decline it")
	}
	if _, err := svc.SetProviderStatus(ctx, prov, a.ID, StatusCancelled, ""); err != nil {
		t.Fatalf("declining on a closed day: %v", err)
	}
	catalog["dental"] = open
	repo := newMemRepo()
	svc = NewService(repo, catalog, memAccounts{}, ist, func() time.Time { return now }, func() string { return "appt-3" }, DefaultIdempotencyTTL)
	c, err := svc.Book(ctx, alice, booking("2026-11-24", "09:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetProviderStatus(ctx, prov, c.ID, StatusConfirmed, ""); err != nil {
		t.Fatalf("confirming on an open day: %v", err)
	}
}
