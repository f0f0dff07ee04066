package booking

import (
	"context"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Listed is a service of a listing page with the slots it lists.
type Listed struct {
	ServiceID string
	TimeSlots []string
	// Closures are the provider's days off: none of their slots is free.
	Closures []Closure
	// MinNotice: a slot closer to now than this is not free.
	MinNotice time.Duration
	// Spacing: a slot closer than this to a booked one is not free
	// (buffer.go).
	Spacing time.Duration
}

// NextSlot is a service's first free slot of the booking window.
type NextSlot struct {
	ServiceID string
	Date      string // DateLayout, business time zone
	Time      string // the slot's label as listed
	StartsAt  time.Time
}

// NextSlots is a page's first free slots, read from the database for
// every request (docs/product.md "Fresh and kept").
type NextSlots struct {
	Slots []NextSlot
}

// MaxListed is the most services one NextAvailable call takes: the
// largest listing page (catalog's MaxLimit).
const MaxListed = 1000

// MsgTooManyListed refuses a call over MaxListed.
const MsgTooManyListed = "at most 1000 services per call"

// NextAvailable finds, for each listed service, its first slot from now
// within WindowDays that no active appointment holds, reading the page's
// appointments in one query. Services with no free slot are left out.
// The slots are the caller's (the listing's, from catalog-svc): a listing
// shows what the catalog lists, and booking re-checks everything anyway.
func (s *service) NextAvailable(ctx context.Context, listed []Listed) (NextSlots, error) {
	if len(listed) > MaxListed {
		return NextSlots{}, apperr.Invalid(MsgTooManyListed)
	}
	now := s.now().In(s.loc)
	start := midnight(now)
	out := NextSlots{Slots: make([]NextSlot, 0, len(listed))}
	if len(listed) == 0 {
		return out, nil
	}
	ids := make([]string, len(listed))
	for i, l := range listed {
		ids[i] = l.ServiceID
	}
	booked, err := s.repo.BookedMany(ctx, ids, start, start.AddDate(0, 0, WindowDays))
	if err != nil {
		return NextSlots{}, err
	}
	for _, l := range listed {
		if next, ok := FirstFree(l.TimeSlots, l.Closures, start, WindowDays, booked[l.ServiceID], earliest(now, l.MinNotice), l.Spacing); ok {
			next.ServiceID = l.ServiceID
			out.Slots = append(out.Slots, next)
		}
	}
	return out, nil
}

// FirstFree is the first slot of days from start, outside closures, that
// is after now (the earliest a booking may start: earliest), that no time
// in booked holds and none is closer to than spacing (buffer.go).
func FirstFree(listed []string, closures []Closure, start time.Time, days int, booked []time.Time, now time.Time, spacing time.Duration) (NextSlot, bool) {
	slots := SlotsOf(listed)
	if len(slots) == 0 {
		return NextSlot{}, false
	}
	taken := make(map[int64]bool, len(booked))
	for _, b := range booked {
		taken[b.Unix()] = true
	}
	closed := ServiceInfo{Closures: closures}
	for i := range days {
		day := start.AddDate(0, 0, i)
		if _, off := closed.ClosedOn(day); off {
			continue
		}
		for _, sl := range slots {
			if at := At(day, sl.Minutes); at.After(now) && !taken[at.Unix()] && !TooClose(at, booked, spacing) {
				return NextSlot{Date: day.Format(DateLayout), Time: sl.Label, StartsAt: at}, true
			}
		}
	}
	return NextSlot{}, false
}
