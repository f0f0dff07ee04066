package rest

import (
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// compressMinSize is the smallest answer worth compressing: below about a
// kilobyte the encoding's header and a second buffer cost more than the
// bytes saved, and most error bodies stay plain.
const compressMinSize = 1024

// compress encodes every answer over compressMinSize for a client whose
// Accept-Encoding takes gzip or zstd (q-values honoured; zstd when both
// are taken), with Vary: Accept-Encoding on every answer so a shared cache
// keeps one copy per encoding. A 15-minute service's availability is about
// 66 KB of JSON, a few KB gzipped (docs/operations.md). It uses the same
// library as the devstack's web server (devstack/web.go).
//
// ETags stay correct (RFC 9110 §8.8.1): the tags of public reads
// (cache.go) are digests of the uncompressed body, so for a client that
// gets an encoded answer they go out weak (W/"…"): the same tag then names
// the gzip, zstd and plain bytes, which are equivalent but not identical.
// A revalidation sends the weak tag back, and If-None-Match compares weakly
// (etagMatches), so the 304 still comes.
func compress(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(compressMinSize))
	if err != nil {
		panic(err) // only a bad option fails, and the options are constant
	}
	return wrap(weakETags(next))
}

// weakETags marks a strong ETag weak when the answer goes to a client that
// takes an encoding. gzhttp hands next its own writer exactly then (and a
// plain one otherwise), so the 304 and the 200 of one client carry the same
// tag whether or not a given body was large enough to be compressed.
func weakETags(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if encodes(w) {
			w = &weakETagWriter{ResponseWriter: w}
		}
		next.ServeHTTP(w, r)
	})
}

func encodes(w http.ResponseWriter) bool {
	switch w.(type) {
	case *gzhttp.GzipResponseWriter, gzhttp.GzipResponseWriterWithCloseNotify:
		return true
	}
	return false
}

type weakETagWriter struct {
	http.ResponseWriter
	done bool
}

func (w *weakETagWriter) weaken() {
	if w.done {
		return
	}
	w.done = true
	h := w.Header()
	if tag := h.Get("ETag"); tag != "" && !strings.HasPrefix(tag, "W/") {
		h.Set("ETag", "W/"+tag)
	}
}

func (w *weakETagWriter) WriteHeader(code int) {
	w.weaken()
	w.ResponseWriter.WriteHeader(code)
}

func (w *weakETagWriter) Write(b []byte) (int, error) {
	w.weaken()
	return w.ResponseWriter.Write(b)
}

// Flush sends what is buffered so far, encoded, for a streamed answer.
func (w *weakETagWriter) Flush() {
	w.weaken()
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach gzhttp's Flush.
func (w *weakETagWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
