package rest

import (
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// heldBackend answers like backend, but holds its first call until release
// is closed; firstStatus is that call's status (200 when 0).
type heldBackend struct {
	calls       atomic.Int32
	release     chan struct{}
	firstStatus int
}

func (b *heldBackend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := b.calls.Add(1)
	if n == 1 {
		<-b.release
		if b.firstStatus != 0 {
			w.WriteHeader(b.firstStatus)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"call":%d}`, n)
}

// missAtOnce sends n reads of path, the first alone until it reached the
// backend, and releases that read once every one of them has asked the
// cache (and missed, unless another's answer was kept meanwhile).
func missAtOnce(t *testing.T, pages *Pages, be *heldBackend, n int, path string) []string {
	t.Helper()
	h := publicCache(pages, be)
	bodies := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := get(h, path)
			bodies[i] = fmt.Sprint(w.Code, " ", w.Body.String())
		}()
		for i == 0 && be.calls.Load() == 0 {
			runtime.Gosched()
		}
	}
	for pages.services.Misses()+pages.services.Hits() < uint64(n) {
		runtime.Gosched()
	}
	// Between its miss and joining the read a request runs a few
	// instructions: far less than this.
	time.Sleep(200 * time.Millisecond)
	close(be.release)
	wg.Wait()
	return bodies
}

// TestMissesAtOnceShareOneRead: requests that miss one page at once cost
// one read of the backends (after a catalog write every page is dropped at
// once, and a read the gateway keeps is asked of PostgreSQL).
func TestMissesAtOnceShareOneRead(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	pages.Live()
	be := &heldBackend{release: make(chan struct{})}
	for i, body := range missAtOnce(t, pages, be, 8, "/services/abc") {
		if body != `200 {"call":1}` {
			t.Errorf("request %d got %s, want the one read's answer", i, body)
		}
	}
	if n := be.calls.Load(); n != 1 {
		t.Fatalf("%d reads of the backends for 8 misses at once, want 1", n)
	}
}

// TestASharedReadThatFailedIsNotShared: an answer other than 200 goes to
// the request that read it; the others read on their own.
func TestASharedReadThatFailedIsNotShared(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	pages.Live()
	be := &heldBackend{release: make(chan struct{}), firstStatus: http.StatusServiceUnavailable}
	bodies := missAtOnce(t, pages, be, 4, "/services/abc")
	if bodies[0] != "503 " {
		t.Errorf("the reader got %q, want its 503", bodies[0])
	}
	for i, body := range bodies[1:] {
		if body != `200 {"call":2}` && body != `200 {"call":3}` && body != `200 {"call":4}` {
			t.Errorf("request %d got %q, want a read of its own (or of one of the others)", i+1, body)
		}
	}
}

// TestAReadIsNotSharedAcrossADrop: a request that begins after a catalog
// change was heard of does not take the answer of a read begun before it.
func TestAReadIsNotSharedAcrossADrop(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	pages.Live()
	be := &heldBackend{release: make(chan struct{})}
	defer close(be.release)
	h := publicCache(pages, be)
	go get(h, "/services/abc")
	for be.calls.Load() == 0 {
		runtime.Gosched()
	}
	pages.Invalidate() // a change heard of while the first read is under way
	after := make(chan string)
	go func() { after <- get(h, "/services/abc").Body.String() }()
	select {
	case body := <-after:
		if body != `{"call":2}` {
			t.Fatalf("the request after the change got %s, want a read of its own", body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the request after the change waited for a read begun before it")
	}
}
