package rest

import (
	"context"
	"log/slog"
	"time"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// A watch is one WatchSlots stream from booking-svc, which announces every
// committed change of a service's booked slots (booking-svc/internal/
// slotwatch); its first message says it is in place. Availability answers
// and listings are served only while a watch is in place, and each
// announced change drops its service's answer and the listings showing it.
// booking-svc's server ends every stream with its connection
// (grpcx.DefaultMaxConnectionAge, then a grace period), so watches overlap:
// a new one starts every watchEvery and each lives watchLife. Only a gap,
// with none in place, empties the answers.
const (
	watchEvery = 5 * time.Second
	watchLife  = 12 * time.Second
	// watchRetry is how soon a new watch is tried while none is in place.
	watchRetry = 500 * time.Millisecond
	// watchGrace is how long after start-up a missing watch is expected
	// (booking-svc starting beside the gateway) and not warned about.
	watchGrace = 10 * time.Second
)

// WatchSlots keeps watches of booking-svc's slot changes until ctx ends.
func (p *Pages) WatchSlots(ctx context.Context, client bookingv1.BookingServiceClient, log *slog.Logger) {
	if p == nil {
		return
	}
	p.slotsMu.Lock()
	p.watchSince = time.Now()
	p.slotsMu.Unlock()
	for {
		go p.watch(ctx, client, log)
		wait := watchEvery
		if !p.watched() {
			wait = watchRetry
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// watch runs one watch for up to watchLife.
func (p *Pages) watch(ctx context.Context, client bookingv1.BookingServiceClient, log *slog.Logger) {
	life, cancel := context.WithTimeout(ctx, watchLife)
	defer cancel()
	stream, err := client.WatchSlots(life, &bookingv1.WatchSlotsRequest{})
	var first *bookingv1.SlotChanges
	if err == nil {
		first, err = stream.Recv()
	}
	if err != nil {
		p.watchFailed(ctx, err, log)
		return
	}
	p.watchInPlace(log)
	defer p.watchEnded(ctx, log)
	for m := first; ; {
		for _, id := range m.GetServiceIds() {
			p.slotsChanged(id)
		}
		if m, err = stream.Recv(); err != nil {
			return
		}
	}
}

func (p *Pages) watched() bool {
	p.slotsMu.Lock()
	defer p.slotsMu.Unlock()
	return p.watching > 0
}

// watchInPlace counts a watch in place. The first after a gap forgets
// every answer before serving: a read begun in the gap may predate a
// change no watch heard.
func (p *Pages) watchInPlace(log *slog.Logger) {
	p.slotsMu.Lock()
	defer p.slotsMu.Unlock()
	p.watching++
	p.everWatched = true
	if p.watching > 1 {
		return
	}
	if p.watchLost {
		log.Info("watching booking-svc's slot changes again: availability answers and listings are kept")
		p.watchLost = false
	}
	p.slots.Invalidate()
	p.listings.Invalidate()
	p.serveSlotsLocked()
}

// watchEnded pauses the answers when the last watch in place ends.
func (p *Pages) watchEnded(ctx context.Context, log *slog.Logger) {
	p.slotsMu.Lock()
	defer p.slotsMu.Unlock()
	p.watching--
	if p.watching > 0 {
		return
	}
	p.slots.Pause()
	p.listings.Pause()
	if ctx.Err() == nil && !p.watchLost {
		log.Warn("no watch of booking-svc's slot changes in place: availability answers and listings are not kept until one is")
		p.watchLost = true
	}
}

// watchFailed logs a watch that could not start, once per gap; at
// start-up only once watchGrace has passed without any watch in place.
func (p *Pages) watchFailed(ctx context.Context, err error, log *slog.Logger) {
	p.slotsMu.Lock()
	defer p.slotsMu.Unlock()
	if !p.everWatched && time.Since(p.watchSince) < watchGrace {
		log.Debug("booking-svc is not streaming slot changes yet", "err", err)
		return
	}
	if ctx.Err() == nil && p.watching == 0 && !p.watchLost {
		log.Warn("cannot watch booking-svc's slot changes: availability answers and listings are not kept until a watch is in place", "err", err)
		p.watchLost = true
	}
}
