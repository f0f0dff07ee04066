package rest

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/pagecache"
)

// BenchmarkPageFromMemory is the whole REST edge answering a category page
// it keeps (docs/bench: the category page against pre-encoded bytes).
func BenchmarkPageFromMemory(b *testing.B) {
	conn, err := grpc.NewClient("127.0.0.1:1", grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	// Listings live a second (nextAvailable): longer here, so every
	// request of the run is a hit.
	pages := &Pages{services: pagecache.New(time.Hour, 1<<20, nil), listings: pagecache.New(time.Hour, 1<<20, nil)}
	pages.Live()
	h, err := NewHandler(context.Background(), Backends{conn, conn, conn, conn, conn},
		Options{Metrics: metrics.New("bench"), Logger: slog.New(slog.DiscardHandler), Pages: pages})
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(`{"success":true,"services":[` + strings.Repeat(`{"name":"x"},`, 400) + `{}],"total":1}`)
	r := httptest.NewRequest(http.MethodGet, "/services?category=Automobile", nil)
	pages.listings.Put(pages.listings.Begin(), pageKey(r), &page{body: body, etag: strongETag(body), contentType: "application/json", route: "/services"}, len(body))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK || w.Body.Len() != len(body) {
		b.Fatalf("%d %d", w.Code, w.Body.Len())
	}
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
	}
}

// BenchmarkBytesBaseline is the bench's ceiling: a handler writing the same
// bytes, for comparison with BenchmarkPageFromMemory.
func BenchmarkBytesBaseline(b *testing.B) {
	body := []byte(`{"success":true,"services":[` + strings.Repeat(`{"name":"x"},`, 400) + `{}],"total":1}`)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	r := httptest.NewRequest(http.MethodGet, "/services?category=Automobile", nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
	}
}
