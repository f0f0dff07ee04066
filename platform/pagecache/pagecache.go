// Package pagecache keeps public answers in memory as what is sent, so a
// read repeated between writes costs no query and no conversion. catalog-svc
// keeps its listing pages and services in one (catalog-svc/internal/pages),
// the gateway its encoded responses (gateway/internal/rest/pages.go).
//
// Freshness (docs/decisions.md "Catalog pages in memory"): a holder empties
// the cache (Invalidate) when it consumes a write's event
// (catalog.services.v1, in a consumer group of its own that catalog-svc's
// edits wait for, like booking-svc's copies). An answer is kept only if no
// write landed while it was read, and never served past MaxAge, the bound
// that still holds when Kafka is down (KeepConfirmed: past it only while
// the holder keeps confirming that it saw every write). Nothing is served
// before the process's group has joined (Live).
//
// A holder that hears of each key's changes on its own (the gateway's
// availability answers and listings, gateway/internal/rest/slot_watch.go)
// drops that key (Drop), and with it every answer put as depending on it
// (PutUntil's deps: a listing on the services it shows), keeps answers no
// longer than they say they hold (PutUntil), and pauses the cache while it
// cannot hear (Pause).
package pagecache

import (
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Cache holds answers by key. The zero value is unusable: use New.
type Cache struct {
	maxAge   time.Duration
	maxBytes int
	now      func() time.Time
	live     atomic.Bool
	// kept is how long an answer may be served while writes are confirmed
	// (KeepConfirmed; 0: maxAge only); confirmed is when the last
	// confirmation began (Confirm, unix nanoseconds).
	kept      time.Duration
	confirmed atomic.Int64
	// hits and misses count Gets (Hits, Misses).
	hits, misses atomic.Uint64

	mu      sync.RWMutex
	gen     uint64 // bumped by every Invalidate
	bytes   int
	entries map[any]entry
	// dropSeq counts Drops; drops holds each dropped key's last one, so an
	// answer read across the drop of its key is not kept. A drop is
	// forgotten once no read begun before it could still be kept (Put
	// refuses reads older than an answer is ever served).
	dropSeq    uint64
	drops      map[any]dropped
	pruneDrops int // len(drops) at which old drops are swept out
	// dependents holds, for each name an answer depends on besides its
	// key (PutUntil's deps), the keys of the answers that do.
	dependents map[any]map[any]struct{}
}

type entry struct {
	gen   uint64
	since time.Time // when the read that produced it began
	until time.Time // zero: no end of its own (PutUntil)
	deps  []any     // names it depends on besides its key (PutUntil)
	value any
	size  int
}

type dropped struct {
	seq uint64
	at  time.Time
}

// minPruneDrops is the fewest drops worth a sweep.
const minPruneDrops = 1024

// New returns a cache that serves an answer for at most maxAge after its
// read began and holds at most maxBytes of answers (past that it starts
// over: pages are cheap to read again, and a bound is what matters).
func New(maxAge time.Duration, maxBytes int, now func() time.Time) *Cache {
	if now == nil {
		now = time.Now
	}
	c := &Cache{maxAge: maxAge, maxBytes: maxBytes, now: now, drops: map[any]dropped{}, pruneDrops: minPruneDrops}
	c.forgetAnswers()
	return c
}

// KeepConfirmed lets an answer be served up to kept after its read began,
// past maxAge, for as long as the holder confirms (Confirm) at least once
// every maxAge that it has emptied the cache for every write: a holder that
// can see every write as it commits (catalog-svc, its own database) keeps
// hot answers until the next write instead of reading them again every
// maxAge. Without confirmations, maxAge bounds every answer as before.
func (c *Cache) KeepConfirmed(kept time.Duration) { c.kept = kept }

// Confirm records that every write committed before at has emptied the
// cache: a check that began at at found none the holder had not acted on.
func (c *Cache) Confirm(at time.Time) {
	if c != nil {
		c.confirmed.Store(at.UnixNano())
	}
}

// Live starts serving from the cache: call it once writes elsewhere wait
// for this process (its consumer group has joined).
func (c *Cache) Live() { c.live.Store(true) }

// Pause stops serving and forgets every answer, until Live: the holder can
// no longer hear of changes, so nothing it keeps can be trusted. It must
// Invalidate again before Live: a read begun during the pause may predate
// a change it did not hear of.
func (c *Cache) Pause() {
	if c == nil {
		return
	}
	c.live.Store(false)
	c.Invalidate()
}

// Read is one read that may fill the cache: Begin it before querying.
type Read struct {
	gen     uint64
	dropSeq uint64
	since   time.Time
}

// Epoch names what the cache had heard when r began: two reads of one
// epoch began with no Invalidate and no Drop between them, so the earlier
// one's answer is as fresh for the later as a kept answer would be (the
// gateway lets requests that miss at once share one read).
func (r Read) Epoch() string {
	return strconv.FormatUint(r.gen, 36) + "." + strconv.FormatUint(r.dropSeq, 36)
}

// Get returns the answer under key, if one is fresh.
func (c *Cache) Get(key any) (any, bool) {
	if c == nil {
		return nil, false
	}
	v, ok := c.get(key)
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return v, ok
}

// Hits counts the Gets that found a fresh answer, Misses those that did
// not (a paused cache's included): an operator's view of what it saves.
func (c *Cache) Hits() uint64 { return c.hits.Load() }

// Misses counts the Gets that found no fresh answer (Hits).
func (c *Cache) Misses() uint64 { return c.misses.Load() }

func (c *Cache) get(key any) (any, bool) {
	if !c.live.Load() {
		return nil, false
	}
	c.mu.RLock()
	e, ok := c.entries[key]
	gen := c.gen
	c.mu.RUnlock()
	if !ok || e.gen != gen {
		return nil, false
	}
	now := c.now()
	if !e.until.IsZero() && !now.Before(e.until) {
		return nil, false
	}
	if !Fresh(now.Sub(e.since), now.Sub(time.Unix(0, c.confirmed.Load())), c.maxAge, c.kept) {
		return nil, false
	}
	return e.value, true
}

// Fresh is the rule an answer read age ago is served by: younger than
// maxAge, or younger than kept while the holder's last confirmation
// (KeepConfirmed, Confirm) is younger than maxAge. booking-svc's copies of
// services follow it too (booking-svc/internal/catalog/client.go).
func Fresh(age, sinceConfirmed, maxAge, kept time.Duration) bool {
	return age < maxAge || age < kept && sinceConfirmed < maxAge
}

// Begin marks the start of a read whose answer Put may keep.
func (c *Cache) Begin() Read {
	if c == nil {
		return Read{}
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return Read{gen: c.gen, dropSeq: c.dropSeq, since: c.now()}
}

// Put keeps value (size bytes) under key unless a write was invalidated
// since r began: that answer may predate the write.
func (c *Cache) Put(r Read, key any, value any, size int) {
	c.PutUntil(r, key, value, size, time.Time{})
}

// PutUntil is Put for an answer that stops being true at until by itself
// (an available slot that starts then); it is not served from then on.
// deps name what else the answer shows (the services of a listing page):
// a Drop of any of them forgets it too, and it is not kept when one was
// dropped while it was read.
func (c *Cache) PutUntil(r Read, key any, value any, size int, until time.Time, deps ...any) {
	if c == nil || size > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if r.gen != c.gen || c.now().Sub(r.since) >= c.servedFor() || c.droppedSince(r, key) {
		return
	}
	for _, d := range deps {
		if c.droppedSince(r, d) {
			return
		}
	}
	c.remove(key)
	if c.bytes+size > c.maxBytes {
		c.forgetAnswers()
	}
	c.entries[key] = entry{gen: r.gen, since: r.since, until: until, deps: deps, value: value, size: size}
	c.bytes += size
	for _, d := range deps {
		keys := c.dependents[d]
		if keys == nil {
			keys = map[any]struct{}{}
			c.dependents[d] = keys
		}
		keys[key] = struct{}{}
	}
}

// droppedSince tells whether name was dropped after r began (mu held).
func (c *Cache) droppedSince(r Read, name any) bool {
	d, ok := c.drops[name]
	return ok && d.seq > r.dropSeq
}

// remove forgets the answer under key and its links to its deps (mu held).
func (c *Cache) remove(key any) {
	old, ok := c.entries[key]
	if !ok {
		return
	}
	c.bytes -= old.size
	delete(c.entries, key)
	for _, d := range old.deps {
		if keys := c.dependents[d]; keys != nil {
			delete(keys, key)
			if len(keys) == 0 {
				delete(c.dependents, d)
			}
		}
	}
}

// forgetAnswers empties the cache of answers and their links to their
// deps (mu held).
func (c *Cache) forgetAnswers() {
	c.entries, c.bytes, c.dependents = map[any]entry{}, 0, map[any]map[any]struct{}{}
}

// servedFor is the longest an answer is served after its read began.
func (c *Cache) servedFor() time.Duration { return max(c.maxAge, c.kept) }

// Drop forgets the answer under key and every answer that depends on key
// (PutUntil's deps), and keeps none of them from a read begun before: what
// they answer has changed.
func (c *Cache) Drop(key any) {
	if c == nil {
		return
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.dropSeq++
	c.drops[key] = dropped{seq: c.dropSeq, at: now}
	c.remove(key)
	for k := range c.dependents[key] {
		c.remove(k)
	}
	if len(c.drops) >= c.pruneDrops {
		// A drop older than servedFor guards only reads Put refuses anyway.
		for k, d := range c.drops {
			if now.Sub(d.at) >= c.servedFor() {
				delete(c.drops, k)
			}
		}
		c.pruneDrops = max(minPruneDrops, 2*len(c.drops))
	}
}

// Invalidate forgets every answer: a service changed, and any page may
// show it (a listing's order and total move with any service).
func (c *Cache) Invalidate() {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.gen++
	c.forgetAnswers()
	c.drops, c.pruneDrops = map[any]dropped{}, minPruneDrops // the new generation refuses older reads
	c.mu.Unlock()
}
