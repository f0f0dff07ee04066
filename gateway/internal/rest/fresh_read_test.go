package rest

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/testkit"
)

// freshRecorder records whether each call asked for a read from the
// database (grpcx.FreshReadKey): catalog-svc's GetService and booking-svc's
// GetAvailability.
type freshRecorder struct {
	catalogv1.UnimplementedCatalogServiceServer
	bookingv1.UnimplementedBookingServiceServer
	mu    sync.Mutex
	fresh []string
}

func (f *freshRecorder) record(ctx context.Context) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fresh = append(f.fresh, grpcx.IncomingHeader(ctx, grpcx.FreshReadKey))
}

func (f *freshRecorder) GetService(ctx context.Context, req *catalogv1.GetServiceRequest) (*catalogv1.GetServiceResponse, error) {
	f.record(ctx)
	return &catalogv1.GetServiceResponse{Service: &catalogv1.Service{Id: req.GetId(), Name: "Haircut"}}, nil
}

func (f *freshRecorder) GetAvailability(ctx context.Context, req *bookingv1.GetAvailabilityRequest) (*bookingv1.GetAvailabilityResponse, error) {
	f.record(ctx)
	return &bookingv1.GetAvailabilityResponse{Success: true, ServiceId: req.GetServiceId(), TimeZone: "Asia/Kolkata"}, nil
}

func (f *freshRecorder) last() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fresh[len(f.fresh)-1]
}

// TestKeptReadsAreAskedOfTheDatabase: a read the gateway may keep asks
// catalog-svc for the database's answer, not its kept page, and booking-svc
// for an availability built on the catalog as it is now, not on its copy:
// either may not yet have dropped what a write this gateway heard of
// changed. Reads the gateway does not keep let them answer from memory.
func TestKeptReadsAreAskedOfTheDatabase(t *testing.T) {
	services := &freshRecorder{}
	srv := grpc.NewServer()
	catalogv1.RegisterCatalogServiceServer(srv, services)
	bookingv1.RegisterBookingServiceServer(srv, services)
	conn := testkit.GRPCConn(t, srv)

	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	pages.Live()
	for _, tc := range []struct {
		name   string
		pages  *Pages
		header []string
		fresh  string
	}{
		{"anonymous, kept", pages, nil, "1"},
		{"signed in", pages, []string{"Authorization", "Bearer t"}, ""},
		{"no pages kept (no Kafka)", nil, nil, ""},
	} {
		h, err := NewHandler(t.Context(), Backends{Auth: conn, Catalog: conn, Booking: conn, Review: conn, Notification: conn},
			Options{Metrics: metrics.New("gateway"), Pages: tc.pages})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/services/abc", "/services/abc/availability"} {
			pages.Invalidate()
			if w := get(h, path, tc.header...); w.Code != http.StatusOK {
				t.Fatalf("%s %s: %d %s", tc.name, path, w.Code, w.Body)
			}
			if got := services.last(); got != tc.fresh {
				t.Errorf("%s %s: %s = %q, want %q", tc.name, path, grpcx.FreshReadKey, got, tc.fresh)
			}
		}
	}
}
