package rest

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
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
// are.
func publicCache(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		policy := publicCachePolicy(r.URL.Path)
		if r.Method != http.MethodGet || r.Header.Get("Authorization") != "" || policy == "" {
			next.ServeHTTP(w, r)
			return
		}
		buf := &bufferedWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(buf, r)
		if buf.status != http.StatusOK {
			buf.flush()
			return
		}
		etag := strongETag(buf.body.Bytes())
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", policy)
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			h.Del("Content-Length")
			h.Del("Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", strconv.Itoa(buf.body.Len())) // a CDN stores a sized answer as is
		buf.flush()
	})
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
