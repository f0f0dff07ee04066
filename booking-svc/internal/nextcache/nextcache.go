// Package nextcache keeps each listed service's next free slot for a
// moment (docs/decisions.md "Next available slot"): a busy listing page is
// read by many people a second, and its next slots move only with
// bookings. What this process books, cancels or moves drops that service's
// entry at once; what other replicas do shows within MaxAge.
package nextcache

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// MaxAge is how long an answer is reused: the hint on a card may be this
// much older than a booking made through another replica (a listing's
// Cache-Control already lets a CDN keep it 10 s; booking re-checks).
const MaxAge = time.Second

// maxEntries bounds the memory (a service's entry is a few dozen bytes);
// past it the cache starts over.
const maxEntries = 100_000

// Wrap returns s with NextAvailable answered from memory where it can be.
func Wrap(s booking.Service, now func() time.Time) booking.Service {
	if now == nil {
		now = time.Now
	}
	return &cached{Service: s, now: now, entries: map[string]entry{}, drops: map[string]uint64{}}
}

type cached struct {
	booking.Service
	now func() time.Time // wall time: it bounds staleness

	mu      sync.Mutex
	entries map[string]entry // by service id
	// seq counts drops; drops holds each dropped service's last one, so an
	// answer read before a drop of its service is not kept.
	seq   uint64
	drops map[string]uint64
	epoch uint64 // bumped when the maps start over
}

type entry struct {
	slots string // the slots and days off it was computed for (inputKey)
	next  booking.NextSlot
	free  bool // false: none free in the window
	at    time.Time
}

func (c *cached) NextAvailable(ctx context.Context, listed []booking.Listed) ([]booking.NextSlot, error) {
	now := c.now()
	out := make([]booking.NextSlot, 0, len(listed))
	var missing []booking.Listed
	c.mu.Lock()
	for _, l := range listed {
		e, ok := c.entries[l.ServiceID]
		switch {
		case !ok || now.Sub(e.at) >= MaxAge || e.slots != inputKey(l):
			missing = append(missing, l)
		case e.free:
			out = append(out, e.next)
		}
	}
	begin, epoch := c.seq, c.epoch
	c.mu.Unlock()
	if len(missing) == 0 {
		return ordered(out, listed), nil
	}
	fresh, err := c.Service.NextAvailable(ctx, missing)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]booking.NextSlot, len(fresh))
	for _, n := range fresh {
		byID[n.ServiceID] = n
	}
	c.mu.Lock()
	if len(c.entries)+len(missing) > maxEntries || len(c.drops) > maxEntries {
		c.entries, c.drops = map[string]entry{}, map[string]uint64{}
		c.epoch++
	}
	for _, l := range missing {
		if c.epoch != epoch || c.drops[l.ServiceID] > begin {
			continue // read before a drop (or before the drops were forgotten): may predate it
		}
		n, free := byID[l.ServiceID]
		c.entries[l.ServiceID] = entry{slots: inputKey(l), next: n, free: free, at: now}
	}
	c.mu.Unlock()
	return ordered(append(out, fresh...), listed), nil
}

// ordered puts the answers in the page's order.
func ordered(next []booking.NextSlot, listed []booking.Listed) []booking.NextSlot {
	pos := make(map[string]int, len(listed))
	for i, l := range listed {
		pos[l.ServiceID] = i
	}
	out := make([]booking.NextSlot, len(next))
	copy(out, next)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && pos[out[j].ServiceID] < pos[out[j-1].ServiceID]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// drop forgets a service's entry: one of its slots was taken or freed here.
func (c *cached) drop(serviceID string) {
	c.mu.Lock()
	c.seq++
	delete(c.entries, serviceID)
	c.drops[serviceID] = c.seq
	c.mu.Unlock()
}

// changed drops the service of an appointment a call changed.
func (c *cached) changed(a booking.Appointment, err error) (booking.Appointment, error) {
	if err == nil {
		c.drop(a.ServiceID)
	}
	return a, err
}

func (c *cached) Book(ctx context.Context, cl booking.Caller, b booking.NewBooking, key string) (booking.Appointment, error) {
	return c.changed(c.Service.Book(ctx, cl, b, key))
}

func (c *cached) SetProviderStatus(ctx context.Context, cl booking.Caller, id, status string) (booking.Appointment, error) {
	return c.changed(c.Service.SetProviderStatus(ctx, cl, id, status))
}

func (c *cached) SetCustomerStatus(ctx context.Context, cl booking.Caller, id, status string) (booking.Appointment, error) {
	return c.changed(c.Service.SetCustomerStatus(ctx, cl, id, status))
}

func (c *cached) Reschedule(ctx context.Context, cl booking.Caller, id, date, clock string) (booking.Appointment, error) {
	return c.changed(c.Service.Reschedule(ctx, cl, id, date, clock))
}

// inputKey is what an answer was computed from besides the bookings: the
// listed slots and the provider's days off (a day closed since is no
// longer free).
func inputKey(l booking.Listed) string {
	var b strings.Builder
	b.WriteString(strings.Join(l.TimeSlots, ","))
	for _, c := range l.Closures {
		b.WriteString("|" + c.From + ".." + c.To)
	}
	return b.String()
}
