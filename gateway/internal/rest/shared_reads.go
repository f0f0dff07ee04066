package rest

import (
	"net/http"

	"github.com/slotwise/slotwise/platform/pagecache"
)

// readShared answers a miss of kept. Requests that miss one key at once
// share one read of the backends (golang.org/x/sync/singleflight) when they
// began in one epoch of the cache (pagecache.Read.Epoch: no write or slot
// change heard of between them), so the shared answer is as fresh for each
// as a kept one would be. Why: a catalog write drops every page on every
// gateway at once, and a read the gateway may keep is asked of PostgreSQL
// (grpcx.FreshReadKey), so a busy page's misses would otherwise each cost
// a query at the same moment.
//
// It returns the answer to send, or nil when it went to w as it was (an
// answer other than 200). A request that shared a read that failed (its
// caller left, or a backend refused it) reads on its own.
func (p *Pages) readShared(w http.ResponseWriter, r *http.Request, next http.Handler, kept *pagecache.Cache, key string) *page {
	k := keepIn{cache: kept, key: key, read: kept.Begin(), unknown: kept == p.slots}
	led := false
	v, _, _ := p.flights.Do(p.flightKey(k), func() (any, error) {
		led = true
		return fetch(w, r, next, k), nil
	})
	if shared := v.(*page); shared != nil || led {
		return shared
	}
	k.read = kept.Begin()
	return fetch(w, r, next, k)
}

// flightKey names the shared read of k's key for reads of its epoch.
func (p *Pages) flightKey(k keepIn) string {
	kind := "service"
	switch k.cache {
	case p.listings:
		kind = "listing"
	case p.slots:
		kind = "availability"
	}
	return kind + " " + k.read.Epoch() + " " + k.key
}
