package slotwatch

import (
	"errors"
	"sync"
)

// ErrNotListening is Subscribe's answer while the listener has no
// listening connection: a change committed now might never reach the
// subscriber.
var ErrNotListening = errors.New("slotwatch: not listening for slot changes (no connection to PostgreSQL)")

// subscriberBuffer is how many batches a subscriber may fall behind before
// it is dropped: the listener never waits for a subscriber.
const subscriberBuffer = 1024

// fanout hands each batch of service ids to every subscriber while the
// listener listens. It does no I/O.
type fanout struct {
	mu        sync.Mutex
	listening bool
	// ready is closed while listening; a new one replaces it when the
	// listening stops.
	ready chan struct{}
	subs  map[chan []string]struct{}
}

func newFanout() *fanout {
	return &fanout{ready: make(chan struct{}), subs: map[chan []string]struct{}{}}
}

// subscribe registers a subscriber, or fails with ErrNotListening. Every
// batch published after it returns reaches the channel, in order, until the
// channel is closed (the listening stopped, or the subscriber fell
// subscriberBuffer batches behind) or stop is called (then the channel
// just stops receiving).
func (f *fanout) subscribe() (<-chan []string, func(), error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.listening {
		return nil, nil, ErrNotListening
	}
	ch := make(chan []string, subscriberBuffer)
	f.subs[ch] = struct{}{}
	stop := func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		delete(f.subs, ch)
	}
	return ch, stop, nil
}

// publish hands ids to every subscriber without waiting: one whose buffer
// is full has missed a change, so its channel is closed and it is dropped.
// Subscribers share ids and must not change it.
func (f *fanout) publish(ids []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for ch := range f.subs {
		select {
		case ch <- ids:
		default:
			close(ch)
			delete(f.subs, ch)
		}
	}
}

// start marks the listener as listening: subscribe succeeds from now on.
func (f *fanout) start() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.listening {
		f.listening = true
		close(f.ready)
	}
}

// stop marks the listener as not listening and closes every subscriber's
// channel: changes may go unseen from now on.
func (f *fanout) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.listening {
		f.listening = false
		f.ready = make(chan struct{})
	}
	for ch := range f.subs {
		close(ch)
		delete(f.subs, ch)
	}
}

// readyChan is closed once listening: at once if it is now.
func (f *fanout) readyChan() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ready
}
