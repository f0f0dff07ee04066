// Package ratelimit is a token bucket per key (a client IP, a user id):
// each key may spend PerMinute requests at once and regains them at
// PerMinute a minute. Keys idle for ten minutes are forgotten, so the map
// stays as large as the set of recent callers.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Keyed limits requests per key. The zero value is not usable: see New.
type Keyed struct {
	perMinute int
	now       func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// idle is how long a key's bucket is kept without requests: by then it is
// full again, so forgetting it changes nothing.
const idle = 10 * time.Minute

// New returns a limiter of perMinute requests per key; perMinute <= 0
// allows everything.
func New(perMinute int) *Keyed {
	return &Keyed{perMinute: perMinute, now: time.Now, buckets: map[string]*bucket{}}
}

// Allow spends one request of key. When none is left it reports false and
// how long until one is (for a Retry-After).
func (l *Keyed) Allow(key string) (bool, time.Duration) {
	if l == nil || l.perMinute <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.lastSweep) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > idle {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Limit(float64(l.perMinute)/60), l.perMinute)}
		l.buckets[key] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// RetryAfterSeconds is wait rounded up to whole seconds, at least 1 (what
// a Retry-After header carries).
func RetryAfterSeconds(wait time.Duration) int {
	return max(int((wait+time.Second-1)/time.Second), 1)
}
