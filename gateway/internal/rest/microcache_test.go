package rest

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// backend answers every read with its number, after release is closed (or
// at once when it is nil); /missing answers 404.
type backend struct {
	reads   atomic.Int64
	release chan struct{}
}

func (b *backend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := b.reads.Add(1)
	if b.release != nil {
		<-b.release
	}
	w.Header().Set("Content-Type", "application/json")
	if r.URL.Path == "/services/missing" {
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"Service not found"}`))
		return
	}
	_, _ = w.Write([]byte(`{"read":` + strconv.FormatInt(n, 10) + `}`))
}

func get(h http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// A catalogue answer is kept for the TTL and leaves with its Age, so a
// cache downstream keeps it only for the rest of max-age; past the TTL it
// is read again. Availability, signed-in reads and errors are never kept.
func TestMicroCacheKeepsCatalogueAnswersForItsTTL(t *testing.T) {
	b := &backend{}
	c := newMicroCache(time.Second, DefaultPublicCacheBytes)
	clock := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return clock }
	h := publicCache(c, b)

	first := get(h, "/services?category=spa")
	clock = clock.Add(900 * time.Millisecond)
	again := get(h, "/services?category=spa")
	if again.Body.String() != first.Body.String() || b.reads.Load() != 1 {
		t.Fatalf("within the TTL: %s then %s, %d reads", first.Body, again.Body, b.reads.Load())
	}
	if again.Header().Get("Age") != "1" || again.Header().Get("Cache-Control") != cacheCatalogue || again.Header().Get("ETag") == "" {
		t.Fatalf("kept answer's headers: %v", again.Header())
	}
	if nm := get(h, "/services?category=spa", "If-None-Match", again.Header().Get("ETag")); nm.Code != http.StatusNotModified {
		t.Fatalf("revalidated: %d", nm.Code)
	}
	clock = clock.Add(100 * time.Millisecond)
	if get(h, "/services?category=spa").Body.String() == first.Body.String() {
		t.Fatal("served past the TTL")
	}

	reads := b.reads.Load()
	get(h, "/services/s1/availability")
	get(h, "/services/s1/availability")
	get(h, "/services?category=spa", "Authorization", "Bearer x")
	get(h, "/services/missing")
	if nf := get(h, "/services/missing"); nf.Code != http.StatusNotFound || nf.Header().Get("ETag") != "" {
		t.Fatalf("an error: %d, ETag %q", nf.Code, nf.Header().Get("ETag"))
	}
	if got := b.reads.Load() - reads; got != 5 {
		t.Fatalf("availability twice, a signed-in read and two errors cost %d reads, want 5", got)
	}
}

// Requests that miss one answer at once share one read, and each gets it.
func TestMicroCacheMissesShareOneRead(t *testing.T) {
	b := &backend{release: make(chan struct{})}
	h := publicCache(newMicroCache(time.Second, DefaultPublicCacheBytes), b)
	var wg sync.WaitGroup
	bodies := make([]string, 8)
	for i := range bodies {
		wg.Go(func() { bodies[i] = get(h, "/services/s1").Body.String() })
	}
	for b.reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // the others join the read under way
	close(b.release)
	wg.Wait()
	if b.reads.Load() != 1 {
		t.Fatalf("8 misses at once cost %d reads", b.reads.Load())
	}
	for _, body := range bodies {
		if body != `{"read":1}` {
			t.Fatalf("answers %q", bodies)
		}
	}
}

// Without a TTL nothing is kept.
func TestNoMicroCacheReadsEveryTime(t *testing.T) {
	b := &backend{}
	h := publicCache(newMicroCache(0, DefaultPublicCacheBytes), b)
	get(h, "/services/s1")
	if r := get(h, "/services/s1"); r.Body.String() != `{"read":2}` || r.Header().Get("Cache-Control") != cacheCatalogue {
		t.Fatalf("second read: %s, %v", r.Body, r.Header())
	}
}

// sized answers a listing page of limit services of serviceBytes each.
type sized struct{ reads atomic.Int64 }

const serviceBytes = 800 // a service of the listing, as JSON

func (s *sized) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.reads.Add(1)
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"services":"` + strings.Repeat("s", limit*serviceBytes) + `"}`))
}

// keptBytes recounts what c holds, apart from its own accounting.
func keptBytes(c *microCache) (total, largest int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, p := range c.entries {
		total += p.size(k)
		largest = max(largest, len(p.body))
	}
	return total, largest
}

// Sweeping ?limit=1000&offset=N keeps nothing (each page is larger than a
// default one), and sweeping default pages stays within the byte budget
// while still answering repeats from memory.
func TestMicroCacheStaysWithinItsByteBudget(t *testing.T) {
	const budget = 1 << 20
	b := &sized{}
	c := newMicroCache(time.Second, budget)
	h := publicCache(c, b)
	for n := 0; n < 3000; n += 24 {
		get(h, "/services?limit=1000&offset="+strconv.Itoa(n))
		if total, largest := keptBytes(c); total > budget || largest > maxKeptPage {
			t.Fatalf("offset %d: %d bytes kept (budget %d), largest page %d", n, total, budget, largest)
		}
	}
	before := b.reads.Load()
	get(h, "/services?limit=1000&offset=0")
	if b.reads.Load() != before+1 {
		t.Fatal("a 1,000-service page was answered from memory")
	}

	for n := 0; n < 24*500; n += 24 {
		get(h, "/services?limit=24&offset="+strconv.Itoa(n))
		if total, _ := keptBytes(c); total > budget || c.bytes != total {
			t.Fatalf("offset %d: %d bytes kept, counted %d (budget %d)", n, total, c.bytes, budget)
		}
	}
	before = b.reads.Load()
	last := "/services?limit=24&offset=" + strconv.Itoa(24*499)
	if get(h, last); b.reads.Load() != before {
		t.Fatal("a default page just read was not kept")
	}
}
