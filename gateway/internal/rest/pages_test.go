package rest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/metrics"
)

// backend answers every request with a body that names how often it was
// asked, so a test sees whether an answer came from memory.
type backend struct{ calls int }

func (b *backend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.calls++
	if r.Method != http.MethodGet {
		w.WriteHeader(http.StatusCreated)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"call":%d}`, b.calls)
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

func TestPagesServeFromMemoryUntilInvalidated(t *testing.T) {
	be := &backend{}
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	h := publicCache(pages, be)

	pages.watchInPlace(discard) // listings show slots: kept only while watched (next_available_test.go)
	if a, b := get(h, "/services?category=x").Body.String(), get(h, "/services?category=x").Body.String(); a == b {
		t.Fatalf("served from memory before Live (the copies group joined): %s, %s", a, b)
	}
	pages.Live()
	first := get(h, "/services?category=x&limit=24")
	again := get(h, "/services?category=x&limit=24")
	if first.Body.String() != again.Body.String() || first.Header().Get("ETag") != again.Header().Get("ETag") ||
		again.Header().Get("Content-Type") != "application/json" || again.Header().Get("Cache-Control") != cachePublic ||
		again.Header().Get("Content-Length") != fmt.Sprint(again.Body.Len()) {
		t.Fatalf("not served from memory as sent: %s %v, then %s %v", first.Body, first.Header(), again.Body, again.Header())
	}
	if nm := get(h, "/services?category=x&limit=24", "If-None-Match", first.Header().Get("ETag")); nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
		t.Fatalf("If-None-Match from memory: %d %q", nm.Code, nm.Body)
	}
	if other := get(h, "/services?category=y&limit=24"); other.Body.String() == first.Body.String() {
		t.Fatal("another query got the same page")
	}
	if auth := get(h, "/services?category=x&limit=24", "Authorization", "Bearer t"); auth.Body.String() == first.Body.String() {
		t.Fatal("an authenticated read was answered from memory")
	}

	service := get(h, "/services/abc").Body.String()
	// A slot change drops listings showing its service (next_available_test.go),
	// not a service's page.
	pages.slotsChanged("abc")
	if get(h, "/services/abc").Body.String() != service {
		t.Fatal("a slot change dropped a service's page")
	}
	// A catalog change drops everything.
	listing := get(h, "/services?category=x&limit=24").Body.String()
	pages.Invalidate()
	if get(h, "/services/abc").Body.String() == service {
		t.Fatal("a service's page outlived Invalidate")
	}
	if get(h, "/services?category=x&limit=24").Body.String() == listing {
		t.Fatal("a listing outlived Invalidate")
	}
	// Reviews and a provider's own list are never kept here, nor availability
	// without a watch of slot changes (availability_kept_test.go).
	for _, path := range []string{"/reviews/service/abc", "/services/abc/availability", "/services/provider", "/servicesx"} {
		if get(h, path).Body.String() == get(h, path).Body.String() {
			t.Errorf("%s answered from memory", path)
		}
	}
}

func TestPagesKeepNothingReadAcrossAChange(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	pages.Live()
	calls := 0
	h := publicCache(pages, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 1 {
			pages.Invalidate() // a change lands while the first read is under way
		}
		fmt.Fprintf(w, `{"call":%d}`, calls)
	}))
	get(h, "/services/abc")
	if get(h, "/services/abc").Body.String() != `{"call":2}` {
		t.Fatal("kept an answer read across a change")
	}
	if get(h, "/services/abc").Body.String() != `{"call":2}` {
		t.Fatal("did not keep an answer read after the change")
	}
}

// TestServicePagesOutliveTheTTLWhileWritesAreConfirmed: a service's page,
// like a listing, is served past CATALOG_CACHE_TTL only while catalog-svc's
// write mark keeps confirming that no write went unheard, and never past
// copies.ConfirmedMaxAge.
func TestServicePagesOutliveTheTTLWhileWritesAreConfirmed(t *testing.T) {
	clock := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	pages := newPages(2*time.Second, 1<<20, 1<<20, now, now)
	pages.Live()
	h := publicCache(pages, &backend{})

	first := get(h, "/services/abc").Body.String()
	clock = clock.Add(3 * time.Second)
	unconfirmed, readAt := get(h, "/services/abc").Body.String(), clock
	if unconfirmed == first {
		t.Fatal("served past the TTL with no confirmation")
	}
	for range 10 { // confirmed every second for 10 s
		clock = clock.Add(time.Second)
		pages.Confirm(clock)
		if got := get(h, "/services/abc").Body.String(); got != unconfirmed {
			t.Fatalf("%v after its read, confirmed: read again (%s, kept %s)", clock.Sub(readAt), got, unconfirmed)
		}
	}
	clock = clock.Add(3 * time.Second) // the confirmations stopped
	stopped := get(h, "/services/abc").Body.String()
	if stopped == unconfirmed {
		t.Fatal("served past the TTL after the confirmations stopped")
	}
	for range 61 { // confirmed for longer than ConfirmedMaxAge
		clock = clock.Add(time.Second)
		pages.Confirm(clock)
	}
	if get(h, "/services/abc").Body.String() == stopped {
		t.Fatal("served past copies.ConfirmedMaxAge")
	}
}

func TestNoPagesWithoutKafka(t *testing.T) {
	be := &backend{}
	var pages *Pages // the gateway without KAFKA_BROKERS
	h := publicCache(pages, be)
	if a, b := get(h, "/services/abc"), get(h, "/services/abc"); a.Body.String() == b.Body.String() || a.Header().Get("ETag") == "" {
		t.Fatalf("answers %s and %s (ETag %q)", a.Body, b.Body, a.Header().Get("ETag"))
	}
}

// TestKeptAnswersAreCounted: the gateway's metrics say, per kind of kept
// answer, how many reads memory answered and how many it did not.
func TestKeptAnswersAreCounted(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	m := metrics.New("gateway")
	pages.Instrument(m)
	pages.Live()
	pages.watchInPlace(discard)
	h := publicCache(pages, &backend{})
	for range 3 {
		get(h, "/services?category=x")
	}
	get(h, "/services/abc")

	scrape := httptest.NewRecorder()
	m.Handler().ServeHTTP(scrape, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, want := range []string{
		`gateway_kept_answers_total{cache="listings",result="hit"} 2`,
		`gateway_kept_answers_total{cache="listings",result="miss"} 1`,
		`gateway_kept_answers_total{cache="services",result="miss"} 1`,
		`gateway_kept_answers_total{cache="availability",result="hit"} 0`,
	} {
		if !strings.Contains(scrape.Body.String(), want) {
			t.Errorf("no %s in\n%s", want, scrape.Body)
		}
	}
}
