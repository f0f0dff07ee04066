package rest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/pagecache"
)

// Public reads are the same for everyone, so a CDN or the browser may keep
// them (docs/decisions.md "Public reads: ETag and Cache-Control"). Listings,
// a service and its reviews change when someone edits or reviews; the
// availability of a slot changes with every booking, so it is kept briefly.
// Each answer may be served stale while the cache revalidates it, which a
// 304 makes cheap.
const (
	cachePublic       = "public, max-age=10, stale-while-revalidate=60"
	cacheAvailability = "public, max-age=2, stale-while-revalidate=10"
)

// publicCachePolicy is the Cache-Control of a public read at path, or ""
// when path is not one (GET /services/provider is a provider's own list).
func publicCachePolicy(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) == 1 && parts[0] == "services":
		return cachePublic
	case len(parts) == 2 && parts[0] == "services" && parts[1] != "provider":
		return cachePublic
	case len(parts) == 3 && parts[0] == "services" && parts[2] == "availability":
		return cacheAvailability
	case len(parts) == 3 && parts[0] == "reviews" && parts[1] == "service":
		return cachePublic
	}
	return ""
}

// publicCache gives an anonymous GET of a public read a strong ETag (a hash
// of the exact bytes of the answer, so any two gateways agree) and its
// Cache-Control, and answers 304 Not Modified when If-None-Match names that
// ETag. Authenticated requests keep no-store (noStore), errors pass as they
// are. Answers pages may keep are served from it and kept in it (nil pages:
// none are).
func publicCache(pages *Pages, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		policy := publicCachePolicy(r.URL.Path)
		if r.Method != http.MethodGet || r.Header.Get("Authorization") != "" || policy == "" {
			next.ServeHTTP(w, r)
			return
		}
		var p *page
		if kept, key := pages.cacheFor(r); kept == nil {
			p = fetch(w, r, next, keepIn{})
		} else if v, ok := kept.Get(key); ok {
			p = v.(*page)
		} else {
			p = pages.readShared(w, r, next, kept, key)
		}
		if p != nil {
			sendPage(w, r, policy, p)
		}
	})
}

// keepIn is where a read's answer may be kept: a cache (nil: nowhere), its
// key, the read as begun, and whether the answer starts unknown (an
// availability answer is kept only once its printing told when it stops
// being true, keptAnswers; a listing unless its hints failed).
type keepIn struct {
	cache   *pagecache.Cache
	key     string
	read    pagecache.Read
	unknown bool
}

// fetch serves r through next and returns its answer as a page, kept in k
// when it may be; an answer other than 200 goes to w as it is (nil).
func fetch(w http.ResponseWriter, r *http.Request, next http.Handler, k keepIn) *page {
	life := answerLife{unknown: k.unknown}
	if k.cache != nil {
		r = r.WithContext(withAnswerLife(r.Context(), &life))
	}
	buf := &bufferedWriter{ResponseWriter: w, status: http.StatusOK}
	next.ServeHTTP(buf, r)
	if buf.status != http.StatusOK {
		buf.flush()
		return nil
	}
	body := buf.body.Bytes()
	p := &page{body: body, etag: strongETag(body), contentType: w.Header().Get("Content-Type"), route: metrics.Route(r.Context())}
	if k.cache != nil && !life.unknown {
		k.cache.PutUntil(k.read, k.key, p, len(body)+len(k.key)+pageOverhead, life.until, life.deps...)
	}
	return p
}

// sendPage sends a page as its read got it (for this request, or for
// another: kept, or shared).
func sendPage(w http.ResponseWriter, r *http.Request, policy string, p *page) {
	metrics.SetRoute(r.Context(), p.route)
	w.Header().Set("Content-Type", p.contentType)
	sendTagged(w, r, policy, p.etag, p.body)
}

// mayBeKept tells whether the answer to the request of ctx may be kept
// (fetch gave it a life). Such a read is asked of the services'
// databases (grpcx.FreshReadKey): a catalog-svc replica can still hold a
// page this gateway has dropped, and this gateway would keep that page until
// the catalog's next write.
func mayBeKept(ctx context.Context) bool {
	_, ok := ctx.Value(answerLifeKey{}).(*answerLife)
	return ok
}

// pageOverhead is what a kept page costs beyond its body and key (the
// entry, the ETag, the strings' headers), so the byte bound holds for
// many small pages too.
const pageOverhead = 256

// sendTagged sends body (status 200) with its ETag and Cache-Control, or
// 304 with neither body nor type when If-None-Match names etag.
func sendTagged(w http.ResponseWriter, r *http.Request, policy, etag string, body []byte) {
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", policy)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Length")
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body))) // a CDN stores a sized answer as is
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// strongETag is a quoted digest of body: 96 bits of SHA-256 (hardware
// accelerated), far past any chance of two versions of one URL colliding.
func strongETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}

// etagMatches is If-None-Match's weak comparison (RFC 9110 §13.1.2): any
// listed tag equal to etag, W/ or not, or "*".
func etagMatches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			return true
		}
	}
	return false
}

// bufferedWriter holds an answer until its ETag is known.
type bufferedWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (b *bufferedWriter) WriteHeader(code int) {
	if !b.wroteHeader {
		b.status, b.wroteHeader = code, true
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.wroteHeader = true
	return b.body.Write(p)
}

// flush sends what was held.
func (b *bufferedWriter) flush() {
	b.ResponseWriter.WriteHeader(b.status)
	_, _ = b.ResponseWriter.Write(b.body.Bytes())
}
