package nextcache

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// fake answers NextAvailable from next and counts the calls.
type fake struct {
	booking.Service
	next  map[string]string // service → time
	calls int
	// during runs inside NextAvailable, as another request would.
	during func()
}

func (f *fake) NextAvailable(_ context.Context, listed []booking.Listed) ([]booking.NextSlot, error) {
	f.calls++
	if f.during != nil {
		f.during()
	}
	var out []booking.NextSlot
	for _, l := range listed {
		if t, ok := f.next[l.ServiceID]; ok {
			out = append(out, booking.NextSlot{ServiceID: l.ServiceID, Date: "2026-11-24", Time: t})
		}
	}
	return out, nil
}

func (f *fake) Book(_ context.Context, _ booking.Caller, b booking.NewBooking, _ string) (booking.Appointment, error) {
	return booking.Appointment{ServiceID: b.ServiceID}, nil
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func times(t *testing.T, got []booking.NextSlot) string {
	t.Helper()
	s := ""
	for _, n := range got {
		s += n.ServiceID + "=" + n.Time + " "
	}
	return s
}

func TestReusedForMaxAgeDroppedByOwnBookings(t *testing.T) {
	ctx := context.Background()
	f := &fake{next: map[string]string{"a": "09:00", "b": "10:00"}}
	clk := &clock{t: time.Unix(1000, 0)}
	c := Wrap(f, clk.now)
	page := []booking.Listed{{ServiceID: "b", TimeSlots: []string{"10:00"}}, {ServiceID: "a", TimeSlots: []string{"09:00"}}, {ServiceID: "none"}}

	first, _ := c.NextAvailable(ctx, page)
	again, _ := c.NextAvailable(ctx, page)
	if times(t, first) != "b=10:00 a=09:00 " || times(t, again) != times(t, first) || f.calls != 1 {
		t.Fatalf("first %q, again %q, %d queries", times(t, first), times(t, again), f.calls)
	}
	// A booking here drops its service at once; the others stay.
	f.next["a"] = "11:00"
	if _, err := c.Book(ctx, booking.Caller{}, booking.NewBooking{ServiceID: "a"}, ""); err != nil {
		t.Fatal(err)
	}
	got, _ := c.NextAvailable(ctx, page)
	if times(t, got) != "b=10:00 a=11:00 " || f.calls != 2 {
		t.Fatalf("after a booking: %q, %d queries", times(t, got), f.calls)
	}
	// Other replicas' bookings show after MaxAge.
	f.next["b"] = "14:30"
	clk.t = clk.t.Add(MaxAge)
	if got, _ := c.NextAvailable(ctx, page); times(t, got) != "b=14:30 a=11:00 " {
		t.Fatalf("after MaxAge: %q", times(t, got))
	}
	// Changed slots are a different question.
	page[0].TimeSlots = []string{"10:00", "16:00"}
	calls := f.calls
	c.NextAvailable(ctx, page)
	if f.calls != calls+1 {
		t.Fatal("answered for other slots from memory")
	}
	// So are days off closed since.
	page[0].Closures = []booking.Closure{{From: "2026-11-24", To: "2026-11-24"}}
	c.NextAvailable(ctx, page)
	if f.calls != calls+2 {
		t.Fatal("answered from memory across a day closed since")
	}
}

func TestAnAnswerReadAcrossABookingIsNotKept(t *testing.T) {
	ctx := context.Background()
	f := &fake{next: map[string]string{"a": "09:00"}}
	c := Wrap(f, (&clock{t: time.Unix(1000, 0)}).now)
	page := []booking.Listed{{ServiceID: "a"}}
	f.during = func() {
		f.during = nil
		c.Book(ctx, booking.Caller{}, booking.NewBooking{ServiceID: "a"}, "") // commits while the page is read
	}
	c.NextAvailable(ctx, page)
	c.NextAvailable(ctx, page)
	if f.calls != 2 {
		t.Fatalf("%d queries: the answer read across the booking was kept", f.calls)
	}
}
