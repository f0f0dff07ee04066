package booking

import (
	"context"
	"testing"
	"time"
)

// An appointment still scheduled, confirmed or in progress 24 h after its
// end (its start plus the service's duration) is completed by the server,
// with an event whose actor is the system; one not yet that old, or
// already settled, is left as it is.
func TestOverdueAppointmentsAreCompleted(t *testing.T) {
	f := newFixture() // now: Sat 2026-11-21 10:15 IST; dental lasts 30 minutes
	ctx := context.Background()
	book := func(date, clock, status string) string {
		t.Helper()
		a, err := f.svc.Book(ctx, alice, booking(date, clock), "")
		if err != nil {
			t.Fatal(err)
		}
		if status != StatusPending {
			if _, err := f.svc.SetProviderStatus(ctx, prov, a.ID, StatusScheduled, ""); err != nil {
				t.Fatal(err)
			}
		}
		if status == StatusConfirmed {
			if _, err := f.svc.SetProviderStatus(ctx, prov, a.ID, StatusConfirmed, ""); err != nil {
				t.Fatal(err)
			}
		}
		return a.ID
	}
	scheduled := book("2026-11-22", "09:00", StatusScheduled)
	confirmed := book("2026-11-22", "10:00", StatusConfirmed)
	pending := book("2026-11-23", "09:00", StatusPending)
	later := book("2026-11-23", "10:00", StatusConfirmed)

	// Sun 22 Nov 10:00 ends 10:30; 24 h later is Mon 23 Nov 10:30.
	*f.clock = time.Date(2026, 11, 23, 10, 29, 0, 0, ist)
	if n, err := f.svc.CompleteOverdue(ctx); err != nil || n != 1 {
		t.Fatalf("at 10:29 on the 23rd: completed %d, %v; want the 9:00 one only", n, err)
	}
	*f.clock = time.Date(2026, 11, 23, 10, 30, 0, 0, ist)
	if n, err := f.svc.CompleteOverdue(ctx); err != nil || n != 1 {
		t.Fatalf("at 10:30: completed %d, %v; want the 10:00 one", n, err)
	}
	if n, err := f.svc.CompleteOverdue(ctx); err != nil || n != 0 {
		t.Fatalf("a second pass: completed %d, %v", n, err)
	}
	for id, want := range map[string]string{scheduled: StatusCompleted, confirmed: StatusCompleted, pending: StatusPending, later: StatusConfirmed} {
		if got := f.repo.appts[id].Status; got != want {
			t.Errorf("%s: %s, want %s", id, got, want)
		}
	}
	if last := f.repo.events[len(f.repo.events)-1]; last != "status_changed completed<-confirmed v4" {
		t.Errorf("last event %q", last)
	}
}
