package booking

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// A customer's list, read page by page from the window's first, backward
// and forward, gives every appointment once, soonest first within a page;
// the window starts 30 days back; a bad cursor or limit is a 400.
func TestPagesWalkTheWholeHistoryOnce(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	cust := Caller{UserID: "cust-1", Role: identity.RoleCustomer}
	// 25 appointments a week apart: 8 before the window, then the rest.
	first := now.Add(-(RecentWindow + 8*7*24*time.Hour))
	for i := range 25 {
		at := first.Add(time.Duration(i) * 7 * 24 * time.Hour)
		f.repo.appts[uuid.NewString()] = Appointment{CustomerID: cust.UserID, StartsAt: at, Status: StatusCompleted}
	}
	for id, a := range f.repo.appts {
		a.ID = id
		f.repo.appts[id] = a
	}
	p, err := f.svc.PageMine(ctx, cust, PageRequest{Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Appointments) != 5 || p.Appointments[0].StartsAt.Before(now.Add(-RecentWindow)) || p.Earlier == "" || p.Next == "" {
		t.Fatalf("first page: %d appointments from %s, earlier %q next %q", len(p.Appointments), p.Appointments[0].StartsAt, p.Earlier, p.Next)
	}
	seen := map[string]bool{}
	take := func(p Page) {
		for i, a := range p.Appointments {
			if seen[a.ID] {
				t.Fatalf("%s twice", a.ID)
			}
			if i > 0 && a.StartsAt.Before(p.Appointments[i-1].StartsAt) {
				t.Fatal("not soonest first")
			}
			seen[a.ID] = true
		}
	}
	take(p)
	for cursor := p.Earlier; cursor != ""; {
		q, err := f.svc.PageMine(ctx, cust, PageRequest{Cursor: cursor, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if q.Next == "" {
			t.Fatal("an earlier page offers no way forward")
		}
		take(q)
		cursor = q.Earlier
	}
	for cursor := p.Next; cursor != ""; {
		q, err := f.svc.PageMine(ctx, cust, PageRequest{Cursor: cursor, Limit: 4})
		if err != nil {
			t.Fatal(err)
		}
		take(q)
		cursor = q.Next
	}
	if len(seen) != 25 {
		t.Fatalf("walked %d appointments, want 25", len(seen))
	}

	for _, bad := range []PageRequest{{Limit: -1}, {Cursor: "x"}, {Cursor: encodeCursor(PageKey{ID: "not-an-id"}, false)}} {
		if _, err := f.svc.PageMine(ctx, cust, bad); apperr.KindOf(err) != apperr.KindInvalid {
			t.Fatalf("%+v: %v, want a 400", bad, err)
		}
	}
	if p, _ := f.svc.PageMine(ctx, cust, PageRequest{Limit: 1000}); len(p.Appointments) != 17 {
		t.Fatalf("limit 1000: %d, want the window's 17", len(p.Appointments))
	}
}

// A first page with nothing before the window offers no earlier page; an
// empty history offers nothing.
func TestFirstPageOffersOnlyWhatExists(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	cust := Caller{UserID: "cust-1", Role: identity.RoleCustomer}
	if p, err := f.svc.PageMine(ctx, cust, PageRequest{}); err != nil || len(p.Appointments) != 0 || p.Next != "" || p.Earlier != "" {
		t.Fatalf("empty: %+v, %v", p, err)
	}
	id := uuid.NewString()
	f.repo.appts[id] = Appointment{ID: id, CustomerID: cust.UserID, StartsAt: now.Add(time.Hour), Status: StatusPending}
	if p, _ := f.svc.PageMine(ctx, cust, PageRequest{}); len(p.Appointments) != 1 || p.Next != "" || p.Earlier != "" {
		t.Fatalf("one upcoming: %+v", p)
	}
	old := uuid.NewString()
	f.repo.appts[old] = Appointment{ID: old, CustomerID: cust.UserID, StartsAt: now.Add(-RecentWindow - time.Hour), Status: StatusCompleted}
	if p, _ := f.svc.PageMine(ctx, cust, PageRequest{}); len(p.Appointments) != 1 || p.Earlier == "" {
		t.Fatalf("one older: %+v", p)
	}
	if _, err := f.svc.PageForProvider(ctx, cust, "", PageRequest{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a customer's provider list: %v", err)
	}
}
