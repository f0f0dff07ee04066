package password

import (
	"context"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// Hasher is the work Limited bounds (Argon2id).
type Hasher interface {
	Hash(password string) (string, error)
	Verify(password, hash string) bool
}

// Limited bounds the hashes computed at once and shares them fairly. An
// Argon2id check costs ~26 ms of a CPU (issue 40): unbounded, a few
// connections sending wrong passwords take every core and every other
// request waits behind them. At most slots hashes run; a few more callers
// may wait for a slot; anyone beyond that, or still waiting after wait, is
// refused at once with 429 and a Retry-After, so no queue grows without
// end.
//
// Fairly (issue 50): one client or one account has at most one hash in
// flight (running or waiting for a slot); its next callers, perKey at
// most, wait in its own line within the same wait, and any more are
// refused. So one client's load is its own: it holds one slot and one
// place in the room at most, and everyone else's check waits at most for
// the hash running, where a single client sending 20 checks a second used
// to fill the room and turn 8 of 30 other users' logins into 429s.
type Limited struct {
	inner  Hasher
	slots  chan struct{} // a token per hash running
	room   chan struct{} // a token per caller waiting for a slot
	wait   time.Duration
	perKey int

	mu    sync.Mutex
	lines map[string]*line // by key: "client:…", "account:…"
}

// line is one key's: turn holds its hash in flight; callers counts those
// holding or waiting for the turn (the line goes when it is zero).
type line struct {
	key     string
	turn    chan struct{}
	callers int
}

// NewLimited bounds inner to slots hashes at once, with room callers
// waiting for a slot and perKey callers waiting behind a client's or an
// account's hash in flight, at most wait each.
func NewLimited(inner Hasher, slots, room, perKey int, wait time.Duration) *Limited {
	return &Limited{inner: inner, slots: make(chan struct{}, max(slots, 1)), room: make(chan struct{}, max(room, 0)),
		perKey: max(perKey, 0), wait: wait, lines: map[string]*line{}}
}

// ForCPUs bounds Argon2id to one hash per CPU less one (at least one), so
// a core stays free for everything else; four callers per slot may wait
// up to 250 ms (about ten hashes' time), and two behind a client's or an
// account's hash in flight.
func ForCPUs() *Limited {
	slots := max(runtime.GOMAXPROCS(0)-1, 1)
	return NewLimited(Argon2id{}, slots, 4*slots, 2, 250*time.Millisecond)
}

// BusyRetryAfter is the Retry-After of a refused hash, in seconds.
const BusyRetryAfter = 1

// ErrBusy is the 429 of a hash refused for want of a slot.
var ErrBusy = &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: BusyRetryAfter,
	Message: "The server is busy checking passwords, please try again in " + strconv.Itoa(BusyRetryAfter) + " second"}

// Hash hashes pw for w within the bound.
func (l *Limited) Hash(ctx context.Context, w auth.Who, pw string) (string, error) {
	release, err := l.acquire(ctx, w)
	if err != nil {
		return "", err
	}
	defer release()
	return l.inner.Hash(pw)
}

// Verify checks pw against hash for w within the bound.
func (l *Limited) Verify(ctx context.Context, w auth.Who, pw, hash string) (bool, error) {
	release, err := l.acquire(ctx, w)
	if err != nil {
		return false, err
	}
	defer release()
	return l.inner.Verify(pw, hash), nil
}

// keys are w's lines, the client's before the account's: every caller
// takes them in that order, so none holds one the other waits for while
// waiting for one that other holds.
func keys(w auth.Who) []string {
	var k []string
	if w.Client != "" {
		k = append(k, "client:"+w.Client)
	}
	if w.Account != "" {
		k = append(k, "account:"+w.Account)
	}
	return k
}

// acquire takes w's turns, then a slot, all within wait, and returns what
// gives them back.
func (l *Limited) acquire(ctx context.Context, w auth.Who) (func(), error) {
	t := time.NewTimer(l.wait)
	defer t.Stop()
	var held []*line
	giveBack := func() {
		for _, ln := range held {
			<-ln.turn
			l.leave(ln)
		}
	}
	for _, k := range keys(w) {
		ln := l.join(k)
		if ln == nil {
			giveBack()
			return nil, ErrBusy
		}
		select {
		case ln.turn <- struct{}{}:
			held = append(held, ln)
			continue
		default:
		}
		select {
		case ln.turn <- struct{}{}:
			held = append(held, ln)
		case <-t.C:
			l.leave(ln)
			giveBack()
			return nil, ErrBusy
		case <-ctx.Done():
			l.leave(ln)
			giveBack()
			return nil, ctx.Err()
		}
	}
	if err := l.slot(ctx, t); err != nil {
		giveBack()
		return nil, err
	}
	return func() { <-l.slots; giveBack() }, nil
}

// join counts a caller into key's line, or refuses it (nil) when one is in
// flight and perKey wait already.
func (l *Limited) join(key string) *line {
	l.mu.Lock()
	defer l.mu.Unlock()
	ln := l.lines[key]
	if ln == nil {
		ln = &line{key: key, turn: make(chan struct{}, 1)}
		l.lines[key] = ln
	}
	if ln.callers > l.perKey {
		return nil
	}
	ln.callers++
	return ln
}

// leave counts a caller out of its line (its turn given back if it had it).
func (l *Limited) leave(ln *line) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if ln.callers--; ln.callers == 0 && l.lines[ln.key] == ln {
		delete(l.lines, ln.key)
	}
}

// slot takes a hash slot: at once, else waiting in the room until t fires.
func (l *Limited) slot(ctx context.Context, t *time.Timer) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	select {
	case l.room <- struct{}{}:
	default:
		return ErrBusy
	}
	defer func() { <-l.room }()
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-t.C:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
}
