package password

import (
	"runtime"
	"strconv"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Hasher is the work Limited bounds (Argon2id).
type Hasher interface {
	Hash(password string) (string, error)
	Verify(password, hash string) bool
}

// Limited bounds the hashes computed at once. An Argon2id check costs
// ~26 ms of a CPU (issue 40): unbounded, a few connections sending wrong
// passwords take every core and every other request waits behind them.
// At most slots hashes run; a few more callers may wait up to wait for a
// slot; anyone beyond that, or still waiting after it, is refused at once
// with 429 and a Retry-After, so no queue grows without end.
type Limited struct {
	inner Hasher
	slots chan struct{} // a token per hash running
	room  chan struct{} // a token per caller waiting for a slot
	wait  time.Duration
}

// NewLimited bounds inner to slots hashes at once, with room callers
// waiting at most wait each.
func NewLimited(inner Hasher, slots, room int, wait time.Duration) *Limited {
	return &Limited{inner: inner, slots: make(chan struct{}, max(slots, 1)), room: make(chan struct{}, max(room, 0)), wait: wait}
}

// ForCPUs bounds Argon2id to one hash per CPU less one (at least one), so
// a core stays free for everything else; four callers per slot may wait
// up to 250 ms (about ten hashes' time).
func ForCPUs() *Limited {
	slots := max(runtime.GOMAXPROCS(0)-1, 1)
	return NewLimited(Argon2id{}, slots, 4*slots, 250*time.Millisecond)
}

// BusyRetryAfter is the Retry-After of a refused hash, in seconds.
const BusyRetryAfter = 1

// ErrBusy is the 429 of a hash refused for want of a slot.
var ErrBusy = &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: BusyRetryAfter,
	Message: "The server is busy checking passwords, please try again in " + strconv.Itoa(BusyRetryAfter) + " second"}

// Hash hashes pw within the bound.
func (l *Limited) Hash(pw string) (string, error) {
	if err := l.acquire(); err != nil {
		return "", err
	}
	defer l.release()
	return l.inner.Hash(pw)
}

// Verify checks pw against hash within the bound.
func (l *Limited) Verify(pw, hash string) (bool, error) {
	if err := l.acquire(); err != nil {
		return false, err
	}
	defer l.release()
	return l.inner.Verify(pw, hash), nil
}

func (l *Limited) acquire() error {
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
	t := time.NewTimer(l.wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-t.C:
		return ErrBusy
	}
}

func (l *Limited) release() { <-l.slots }
