package booking

import (
	"context"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// NextSlot is a service's first free slot of the booking window.
type NextSlot struct {
	ServiceID string
	Date      string // DateLayout, business time zone
	Time      string // the slot's label as listed
	StartsAt  time.Time
}

// NextSlots is a page's first free slots; the listing that carries them
// may be kept 5 s (docs/product.md "Fresh and kept").
type NextSlots struct {
	Slots []NextSlot
}

// MaxListed is the most services one NextAvailable call takes: the
// largest listing page (catalog's MaxLimit).
const MaxListed = 1000

// MsgTooManyListed refuses a call over MaxListed.
const MsgTooManyListed = "at most 1000 services per call"

// NextAvailable finds, for each listed service, the first slot from now
// within WindowDays that its Availability would offer (FirstAvailable):
// with its members, their hours and days off, their appointments in any
// of the provider's services, the buffer and the minimum notice. A page
// costs one call to catalog-svc for the members and one query for the
// busy times of every provider on it. Services with no free slot, inactive
// or with the queue closed are left out. The rest of each service (slots,
// closures, notice, buffer) is the listing's, from catalog-svc: a listing
// shows what the catalogue lists, and booking re-checks everything.
func (s *service) NextAvailable(ctx context.Context, listed []ServiceInfo) (NextSlots, error) {
	if len(listed) > MaxListed {
		return NextSlots{}, apperr.Invalid(MsgTooManyListed)
	}
	now := s.now().In(s.loc)
	start := midnight(now)
	out := NextSlots{Slots: make([]NextSlot, 0, len(listed))}
	open := make([]ServiceInfo, 0, len(listed))
	for _, svc := range listed {
		if svc.IsActive && !svc.QueueClosed {
			open = append(open, svc)
		}
	}
	if len(open) == 0 {
		return out, nil
	}
	staff, err := s.catalog.Staff(ctx, open)
	if err != nil {
		return NextSlots{}, err
	}
	// Every member of each provider on the page, once, and how far around
	// the window their appointments can reach into it (as Availability).
	ids := map[string][]string{}
	seen := map[string]bool{}
	reach := 24 * time.Hour
	for i := range open {
		svc := &open[i]
		svc.Staff = staff[svc.ID]
		for _, m := range svc.Staff {
			if key := svc.ProviderID + "|" + m.ID; !seen[key] {
				seen[key] = true
				ids[svc.ProviderID] = append(ids[svc.ProviderID], m.ID)
			}
		}
		reach = max(reach, 24*time.Hour+Length(*svc)+Spacing(*svc))
	}
	busy := map[string][]Busy{}
	if len(ids) > 0 {
		if busy, err = s.repo.BusyMany(ctx, ids, start.Add(-reach), start.AddDate(0, 0, WindowDays).Add(reach)); err != nil {
			return NextSlots{}, err
		}
	}
	for _, svc := range open {
		if next, ok := FirstAvailable(svc, start, WindowDays, lasting(busy[svc.ProviderID], svc), now); ok {
			out.Slots = append(out.Slots, next)
		}
	}
	return out, nil
}

// lasting is busy as FirstAvailable needs it for svc: the entries of its
// own members (the others' cannot change its slots, and a page's provider
// may have many), one whose end is not known yet (booked before teams)
// lasting the service's length, as Availability's read does with its
// fallback.
func lasting(busy []Busy, svc ServiceInfo) []Busy {
	members := make(map[string]bool, len(svc.Staff))
	for _, m := range svc.Staff {
		members[m.ID] = true
	}
	out := make([]Busy, 0, len(busy))
	for _, b := range busy {
		if !members[b.StaffID] {
			continue
		}
		if b.End.IsZero() {
			b.End = b.Start.Add(Length(svc))
		}
		out = append(out, b)
	}
	return out
}
