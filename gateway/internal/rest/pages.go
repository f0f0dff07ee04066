package rest

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/pagecache"
)

// Pages keeps the gateway's answers to anonymous public catalog reads
// (listing and search pages, single services) as the bytes sent, with
// their ETag, so a repeated read costs no gRPC call, no printing and no
// hash (docs/decisions.md "Public pages in the gateway").
//
// Freshness is catalog-svc's own rule: the gateway consumes
// catalog.services.v1 in a copies group of its own, so catalog-svc
// acknowledges an edit only once this process dropped its pages
// (Invalidate); an answer read across an invalidation is not kept; none
// is served past the copies' lifetime (CATALOG_CACHE_TTL) after its read
// began, the bound when Kafka is down, unless catalog-svc's write mark
// confirms it (WatchCatalogWrites); none before the group joined (Live).
//
// Availability (a service's default window) and listings (each service's
// nextAvailable) move with bookings too, one service at a time: they are
// kept only while this gateway watches booking-svc's slot changes, each of
// which drops its service's availability and every listing showing it
// (slot_watch.go), and until they stop being true by themselves: the first
// free slot they show starts, or midnight moves the window
// (availability_kept.go, next_available.go).
type Pages struct {
	services *pagecache.Cache   // GET /services/{id}
	listings *pagecache.Cache   // GET /services (pages and searches), each depending on the services it shows
	slots    *pagecache.Cache   // GET /services/{id}/availability, by service id
	flights  singleflight.Group // misses sharing one read (shared_reads.go)

	// slots and listings are served only while the copies group has joined
	// (catalog edits wait for this gateway) and a watch of slot changes is
	// in place.
	slotsMu       sync.Mutex
	catalogJoined bool
	watching      int       // watches in place (slot_watch.go)
	watchLost     bool      // a gap was logged, and its end not yet
	watchSince    time.Time // when WatchSlots began
	everWatched   bool      // a watch has been in place
}

// NewPages keeps services' pages and listings in at most maxBytes, split
// between them, and availability answers in at most slotsBytes. All follow
// the catalog's rule like booking-svc's copies: copyTTL, or up to
// copies.ConfirmedMaxAge while catalog-svc's write mark confirms them
// (WatchCatalogWrites); a minute is also the bound should a slot change go
// unheard (booking-svc announces each right after its commit). now tells
// when a listing or an availability answer has ended, which it reads on the
// business clock (nil: the wall clock); a service's page does not end by
// itself, so its age is wall time, the time the write mark confirms in.
func NewPages(copyTTL time.Duration, maxBytes, slotsBytes int, now func() time.Time) *Pages {
	return newPages(copyTTL, maxBytes, slotsBytes, now, time.Now)
}

// newPages is NewPages with the wall clock given (tests move it).
func newPages(copyTTL time.Duration, maxBytes, slotsBytes int, now, wall func() time.Time) *Pages {
	confirmed := func(maxBytes int, now func() time.Time) *pagecache.Cache {
		c := pagecache.New(copyTTL, maxBytes, now)
		c.KeepConfirmed(copies.ConfirmedMaxAge)
		return c
	}
	return &Pages{
		services: confirmed(maxBytes/2, wall),
		listings: confirmed(maxBytes/2, now),
		slots:    confirmed(slotsBytes, now),
	}
}

// Instrument counts the reads each kept kind of answer served from memory
// and those it did not (gateway_kept_answers_total{cache, result}): a
// listing or availability hit rate near zero while reads flow says the
// watch of slot changes is lost, or everything changes.
func (p *Pages) Instrument(m *metrics.Metrics) {
	if p == nil || m == nil {
		return
	}
	for name, c := range map[string]*pagecache.Cache{"services": p.services, "listings": p.listings, "availability": p.slots} {
		for result, count := range map[string]func() uint64{"hit": c.Hits, "miss": c.Misses} {
			m.Counter("gateway_kept_answers_total", "Anonymous public reads the gateway could keep, by kind (cache) and whether it answered from memory (result).",
				map[string]string{"cache": name, "result": result}, func() float64 { return float64(count()) })
		}
	}
}

// WatchCatalogWrites confirms every kept answer against catalog-svc's write
// mark every `every` until ctx ends (copies.WatchWrites), so answers
// outlive the catalog TTL until a catalog write; a new mark drops them all.
func (p *Pages) WatchCatalogWrites(ctx context.Context, every time.Duration, read func(context.Context) (copies.WriteMark, error), log *slog.Logger) {
	if p != nil {
		copies.WatchWrites(ctx, every, read, p, log)
	}
}

// Confirm records that every catalog write committed before at has dropped
// the pages (copies.Confirmable).
func (p *Pages) Confirm(at time.Time) {
	p.services.Confirm(at)
	p.listings.Confirm(at)
	p.slots.Confirm(at)
}

// Live starts serving pages: the copies group has joined, so catalog-svc
// waits for this process from now on.
func (p *Pages) Live() {
	p.services.Live()
	p.slotsMu.Lock()
	defer p.slotsMu.Unlock()
	p.catalogJoined = true
	p.serveSlotsLocked()
}

// Invalidate drops every page: a service changed, and any listing may show
// it (order and total move with any service), and any availability (its
// slots, days off or status).
func (p *Pages) Invalidate() {
	p.services.Invalidate()
	p.listings.Invalidate()
	p.slots.Invalidate()
}

// serveSlotsLocked serves availability answers and listings when both
// conditions hold (slotsMu held).
func (p *Pages) serveSlotsLocked() {
	if p.catalogJoined && p.watching > 0 {
		p.slots.Live()
		p.listings.Live()
	}
}

// slotsChanged drops what shows a service's slots: its availability and
// every listing showing it.
func (p *Pages) slotsChanged(serviceID string) {
	p.slots.Drop(serviceID)
	p.listings.Drop(serviceID)
}

// page is one kept answer.
type page struct {
	body        []byte
	etag        string
	contentType string
	route       string // the route template, for metrics
}

// cacheFor is the cache that may hold the answer to r (an anonymous GET of
// a public read) and its key there, or nil: reviews change with events this
// gateway does not consume, and availability is kept for the default
// window only (the booking page's; a chosen window is read by one person).
func (p *Pages) cacheFor(r *http.Request) (*pagecache.Cache, string) {
	if p == nil {
		return nil, ""
	}
	rest, ok := strings.CutPrefix(strings.Trim(r.URL.Path, "/"), "services")
	switch {
	case !ok:
		return nil, ""
	case rest == "":
		return p.listings, pageKey(r)
	case rest[0] != '/' || rest == "/provider":
		return nil, ""
	}
	id, sub, nested := strings.Cut(rest[1:], "/")
	switch {
	case !nested:
		return p.services, pageKey(r)
	case sub == "availability" && r.URL.RawQuery == "" && id != "":
		// Keyed by the id as booking-svc announces it (the decoded path).
		return p.slots, id
	}
	return nil, ""
}

// pageKey is the request as the answer depends on it: the path as sent and
// the query as sent (the same query in another order is kept apart:
// sorting it cost more than the rare duplicate).
func pageKey(r *http.Request) string {
	return r.URL.EscapedPath() + "?" + r.URL.RawQuery
}
