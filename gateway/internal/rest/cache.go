package rest

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
)

// Public reads are the same for everyone, so a CDN or the browser may keep
// them, within the product's promises (docs/product.md "Fresh and kept"):
// a catalogue read (listings with their next free slots, search, a
// service, its reviews) may be up to 5 s old; availability is computed anew for every request, and a
// revalidation that finds it unchanged is a 304; the home page's figures and
// testimonials may be 5 minutes old (stats.go). No stale-while-revalidate:
// it would let a cache serve past those bounds.
const (
	cacheCatalogue    = "public, max-age=5"
	cacheAvailability = "no-cache"
)

// publicCachePolicy is the Cache-Control of a public read at path, or ""
// when path is not one (GET /services/provider is a provider's own list).
func publicCachePolicy(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) == 1 && parts[0] == "services":
		return cacheCatalogue
	case len(parts) == 2 && parts[0] == "services" && parts[1] != "provider":
		return cacheCatalogue
	case len(parts) == 3 && parts[0] == "services" && parts[2] == "availability":
		return cacheAvailability
	case len(parts) == 3 && parts[0] == "reviews" && parts[1] == "service":
		return cacheCatalogue
	case len(parts) == 2 && parts[0] == "reviews" && parts[1] == "testimonials":
		return cacheStats // the home page's, like its figures (stats.go)
	}
	return ""
}

// publicCache gives an anonymous GET of a public read a strong ETag (a hash
// of the exact bytes of the answer, so any two gateways agree) and its
// Cache-Control, and answers 304 Not Modified when If-None-Match names that
// ETag. Authenticated requests keep no-store (noStore), errors pass as they
// are. Catalogue reads go through kept (nil: none are kept).
func publicCache(kept *microCache, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		policy := publicCachePolicy(r.URL.Path)
		if r.Method != http.MethodGet || r.Header.Get("Authorization") != "" || policy == "" {
			next.ServeHTTP(w, r)
			return
		}
		if kept != nil && policy == cacheCatalogue {
			kept.serve(w, r, next)
			return
		}
		sendPage(w, r, policy, read(r.Context(), r, next))
	})
}

// sendPage sends an answer as read: a 200 tagged (sendTagged) with its
// type, anything else as it came, untagged.
func sendPage(w http.ResponseWriter, r *http.Request, policy string, p *page) {
	if p.status != http.StatusOK {
		for k, v := range p.header {
			w.Header()[k] = v
		}
		w.WriteHeader(p.status)
		_, _ = w.Write(p.body)
		return
	}
	w.Header().Set("Content-Type", p.header.Get("Content-Type"))
	sendTagged(w, r, policy, p.etag, p.body)
}

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
