package rest

import (
	"net/http"
	"strings"
	"time"

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
// began, the bound when Kafka is down; none before the group joined (Live).
//
// Listings also carry nextAvailable, which moves with bookings, not with
// catalog events: they are kept at most nextAvailableMaxAge, and dropped
// whenever a booking write passes through this gateway.
type Pages struct {
	services *pagecache.Cache // GET /services/{id}
	listings *pagecache.Cache // GET /services (pages and searches)
}

// nextAvailableMaxAge bounds how long a listing's nextAvailable hints are
// reused: booking-svc reuses each for as long (booking-svc/internal/
// nextcache), so a booking through another replica shows within twice that.
const nextAvailableMaxAge = time.Second

// NewPages keeps pages for at most copyTTL (listings at most
// nextAvailableMaxAge) in at most maxBytes, split between services and
// listings.
func NewPages(copyTTL time.Duration, maxBytes int) *Pages {
	return &Pages{
		services: pagecache.New(copyTTL, maxBytes/2, nil), // wall time: it bounds staleness
		listings: pagecache.New(min(copyTTL, nextAvailableMaxAge), maxBytes/2, nil),
	}
}

// Live starts serving pages: the copies group has joined, so catalog-svc
// waits for this process from now on.
func (p *Pages) Live() {
	p.services.Live()
	p.listings.Live()
}

// Invalidate drops every page: a service changed, and any listing may show
// it (order and total move with any service).
func (p *Pages) Invalidate() {
	p.services.Invalidate()
	p.listings.Invalidate()
}

// page is one kept answer.
type page struct {
	body        []byte
	etag        string
	contentType string
	route       string // the route template, for metrics
}

// cacheFor is the cache that may hold the answer to r (an anonymous GET of
// a public read), or nil: reviews and availability change with events this
// gateway does not consume.
func (p *Pages) cacheFor(r *http.Request) *pagecache.Cache {
	if p == nil {
		return nil
	}
	rest, ok := strings.CutPrefix(strings.Trim(r.URL.Path, "/"), "services")
	switch {
	case !ok:
		return nil
	case rest == "":
		return p.listings
	case rest[0] == '/' && rest != "/provider" && !strings.Contains(rest[1:], "/"):
		return p.services
	}
	return nil
}

// pageKey is the request as the answer depends on it: the path as sent and
// the query as sent (the same query in another order is kept apart:
// sorting it cost more than the rare duplicate).
func pageKey(r *http.Request) string {
	return r.URL.EscapedPath() + "?" + r.URL.RawQuery
}

// bookingWrites drops the listings when a booking write through this
// gateway succeeds, before its answer leaves: the client's next listing
// shows the slot taken (booking-svc drops its own hint at once too).
func (p *Pages) bookingWrites(next http.Handler) http.Handler {
	if p == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions ||
			!strings.HasPrefix(r.URL.Path, "/appointments") {
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(&onSuccess{ResponseWriter: w, do: p.listings.Invalidate}, r)
	})
}

// onSuccess runs do once, before a 2xx or 3xx status is written.
type onSuccess struct {
	http.ResponseWriter
	do   func()
	done bool
}

func (o *onSuccess) WriteHeader(code int) {
	if !o.done {
		o.done = true
		if code < 400 {
			o.do()
		}
	}
	o.ResponseWriter.WriteHeader(code)
}

func (o *onSuccess) Write(b []byte) (int, error) {
	if !o.done {
		o.WriteHeader(http.StatusOK)
	}
	return o.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (o *onSuccess) Unwrap() http.ResponseWriter { return o.ResponseWriter }
