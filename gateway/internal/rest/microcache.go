package rest

import (
	"bytes"
	"context"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/slotwise/slotwise/platform/metrics"
)

// microCache keeps the 200 answers to anonymous catalogue reads (the
// routes whose Cache-Control is cacheCatalogue) for at most ttl, and the
// requests that miss one at once share one read: a popular page costs the
// services one read per ttl however many ask for it. docs/product.md
// "Fresh and kept" allows a catalogue read to be 5 s old; an answer from
// here leaves with its Age, so a cache downstream keeps it only for what
// is left of max-age. Availability and signed-in reads never come here.
// docs/adr/0021-one-read-path-simply-fresh.md says why it exists.
type microCache struct {
	ttl    time.Duration
	budget int // bytes, PUBLIC_CACHE_BYTES
	now    func() time.Time

	mu      sync.Mutex
	entries map[string]*page
	bytes   int // the entries' size
	flights singleflight.Group
}

// maxKeptPage is the largest answer kept: a listing page of the default
// 24 services with every field at its longest (catalog-svc's
// validate.go: about 7.5 KB each) fits; a page asked for with a larger
// limit (up to 1,000 services) is read each time, like a signed-in read,
// so a sweep of large pages cannot fill the budget.
const maxKeptPage = 256 << 10

// DefaultPublicCacheBytes is the budget when none is configured (the
// gateway's PUBLIC_CACHE_BYTES default, gateway.go).
const DefaultPublicCacheBytes = 32 << 20

// pageOverhead is what an entry costs besides its key and body: the
// page, its header map and the map's slot.
const pageOverhead = 1 << 10

func (p *page) size(key string) int {
	n := pageOverhead + len(key) + len(p.body)
	for k, vs := range p.header {
		n += len(k)
		for _, v := range vs {
			n += len(v)
		}
	}
	return n
}

// sharedReadTimeout bounds a read that several requests wait on: it runs
// on past its first caller leaving, for the others.
const sharedReadTimeout = 10 * time.Second

// page is one answer as the stack gave it.
type page struct {
	status int
	header http.Header
	body   []byte
	etag   string // 200 only
	route  string // the route template, for metrics
	at     time.Time
	cost   int // bytes counted against the budget while kept
}

// newMicroCache keeps answers for ttl within budget bytes; a zero ttl or
// budget keeps none.
func newMicroCache(ttl time.Duration, budget int) *microCache {
	if ttl <= 0 || budget <= 0 {
		return nil
	}
	return &microCache{ttl: ttl, budget: budget, now: time.Now, entries: map[string]*page{}}
}

// serve answers r, a GET of a catalogue read, from a kept answer younger
// than ttl, or from a read shared with the requests missing it at once.
func (c *microCache) serve(w http.ResponseWriter, r *http.Request, next http.Handler) {
	key := r.URL.EscapedPath() + "?" + r.URL.RawQuery
	p := c.get(key)
	if p == nil {
		v, _, _ := c.flights.Do(key, func() (any, error) {
			// It runs on if its caller leaves: others may wait on it.
			ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), sharedReadTimeout)
			defer cancel()
			p := read(ctx, r, next)
			p.at = c.now()
			if p.status == http.StatusOK {
				c.put(key, p)
			}
			return p, nil
		})
		p = v.(*page)
	}
	metrics.SetRoute(r.Context(), p.route)
	if age := c.now().Sub(p.at); p.status == http.StatusOK && age > 0 {
		// Rounded up: a cache downstream must not keep it past max-age in all.
		w.Header().Set("Age", strconv.Itoa(int(math.Ceil(age.Seconds()))))
	}
	sendPage(w, r, cacheCatalogue, p)
}

func (c *microCache) get(key string) *page {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.entries[key]
	if p == nil || c.now().Sub(p.at) >= c.ttl {
		return nil
	}
	return p
}

// put keeps p unless it is larger than maxKeptPage or the budget. When
// it would overflow the budget the expired entries go first, and, if
// that is not enough, all of them (an entry lives a second or two).
func (c *microCache) put(key string, p *page) {
	n := p.size(key)
	if len(p.body) > maxKeptPage || n > c.budget {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[key]; old != nil {
		c.bytes -= old.cost
		delete(c.entries, key)
	}
	if c.bytes+n > c.budget {
		now := c.now()
		for k, e := range c.entries {
			if now.Sub(e.at) >= c.ttl {
				c.bytes -= e.cost
				delete(c.entries, k)
			}
		}
	}
	if c.bytes+n > c.budget {
		c.entries, c.bytes = map[string]*page{}, 0
	}
	p.cost = n
	c.entries[key] = p
	c.bytes += n
}

// read serves r through next, in ctx, into a page.
func read(ctx context.Context, r *http.Request, next http.Handler) *page {
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	next.ServeHTTP(rec, r.WithContext(ctx))
	p := &page{status: rec.status, header: rec.header, body: rec.body.Bytes(), route: metrics.Route(ctx)}
	if p.status == http.StatusOK {
		p.etag = strongETag(p.body)
	}
	return p
}

// recorder holds an answer in memory.
type recorder struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = code, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wroteHeader = true
	return r.body.Write(b)
}
