package booking

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// TestNextAvailableOneQueryPerPage: each listed service gets its first slot
// that has not passed and has a member free, from one call for the page's
// members and one read of its busy times; a service with none free is
// left out.
func TestNextAvailableOneQueryPerPage(t *testing.T) {
	f := newFixture() // now: Sat 2026-11-21 10:15 IST
	ctx := context.Background()
	// "dental" (09:00, 10:00): today's slots have passed; tomorrow 09:00 is
	// booked, so 10:00 tomorrow is the first free.
	if _, err := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), ""); err != nil {
		t.Fatal(err)
	}
	listed := []ServiceInfo{
		{ID: "dental", ProviderID: "prov-1", TimeSlots: []string{"09:00", "10:00"}, IsActive: true, Duration: 30},
		{ID: "evening", ProviderID: "prov-2", TimeSlots: []string{"6:30 PM", "11:00"}, IsActive: true},
		{ID: "gone-today", ProviderID: "prov-3", TimeSlots: []string{"08:00"}, IsActive: true},
		{ID: "full", ProviderID: "prov-4", TimeSlots: []string{"09:00"}, IsActive: true},
		// Closed today and tomorrow: the day after.
		{ID: "away", ProviderID: "prov-5", TimeSlots: []string{"11:00"}, IsActive: true, Closures: []Closure{{From: "2026-11-20", To: "2026-11-22"}}},
		{ID: "closed-queue", ProviderID: "prov-6", TimeSlots: []string{"11:00"}, IsActive: true, QueueClosed: true},
	}
	cat := memCatalog{}
	for _, l := range listed {
		cat[l.ID] = l
	}
	svc := NewService(f.repo, cat, memAccounts{}, ist, func() time.Time { return now }, func() string { return "x" }, DefaultIdempotencyTTL)
	for i := range WindowDays {
		day := now.AddDate(0, 0, i).Format(DateLayout)
		f.repo.appts["full-"+day] = Appointment{ID: "full-" + day, ServiceID: "full", ProviderID: "prov-4", Status: "pending", StartsAt: mustAt(t, day, "09:00")}
	}
	answer, err := svc.NextAvailable(ctx, listed)
	if err != nil {
		t.Fatal(err)
	}
	got := answer.Slots
	want := map[string]string{"dental": "2026-11-22 10:00", "evening": "2026-11-21 11:00", "gone-today": "2026-11-22 08:00", "away": "2026-11-23 11:00"}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %v", got, want)
	}
	for _, n := range got {
		if want[n.ServiceID] != n.Date+" "+n.Time || n.StartsAt.Format(DateLayout+" 15:04") != n.Date+" "+mustClock(t, n.Time) {
			t.Errorf("%s: %s %s (%v), want %s", n.ServiceID, n.Date, n.Time, n.StartsAt, want[n.ServiceID])
		}
	}
	if f.repo.busyManyCalls != 1 {
		t.Fatalf("%d queries for one page, want 1", f.repo.busyManyCalls)
	}
	_, err = f.svc.NextAvailable(ctx, make([]ServiceInfo, MaxListed+1))
	if apperr.KindOf(err) != apperr.KindInvalid || !strings.Contains(err.Error(), MsgTooManyListed) {
		t.Fatalf("over the limit: %v", err)
	}
}

func mustAt(t testing.TB, date, clock string) (at time.Time) {
	t.Helper()
	day, ok := ParseDate(date, ist)
	m, ok2 := ParseClock(clock)
	if !ok || !ok2 {
		t.Fatalf("bad fixture %s %s", date, clock)
	}
	return At(day, m)
}

func mustClock(t *testing.T, label string) string {
	t.Helper()
	m, ok := ParseClock(label)
	if !ok {
		t.Fatalf("bad label %q", label)
	}
	return FormatMinutes(m)
}
