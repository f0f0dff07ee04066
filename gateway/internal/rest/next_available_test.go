package rest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
)

// nextSlots answers NextAvailable as booking-svc would: s1's first free
// slot, or err.
type nextSlots struct {
	bookingv1.BookingInternalClient
	err   error
	asked []string
}

func (n *nextSlots) NextAvailable(_ context.Context, req *bookingv1.NextAvailableRequest, _ ...grpc.CallOption) (*bookingv1.NextAvailableResponse, error) {
	n.asked = n.asked[:0]
	for _, s := range req.GetServices() {
		n.asked = append(n.asked, s.GetServiceId()+"@"+s.GetProviderId())
	}
	if n.err != nil {
		return nil, n.err
	}
	return &bookingv1.NextAvailableResponse{Slots: []*bookingv1.NextSlot{
		{ServiceId: "s1", Date: "2026-11-27", Time: "10:00 AM", StartsAt: timestamppb.New(time.Now().Add(time.Hour))},
	}}, nil
}

// listing runs the rewriter over catalog-svc's page for GET /services: s1
// and s2 take bookings, s3's queue is closed.
func listing(t *testing.T, next *nextSlots) *catalogv1.ListServicesResponse {
	t.Helper()
	ctx, err := runtime.AnnotateContext(context.Background(), runtime.NewServeMux(), httptest.NewRequest(http.MethodGet, "/services", nil),
		catalogv1.CatalogService_ListServices_FullMethodName, runtime.WithHTTPPathPattern("/services"))
	if err != nil {
		t.Fatal(err)
	}
	page := &catalogv1.ListServicesResponse{Services: []*catalogv1.Service{
		{Id: "s1", ProviderId: "p1", QueueOpen: true, TimeSlots: []string{"10:00 AM"}},
		{Id: "s2", ProviderId: "p2", QueueOpen: true, TimeSlots: []string{"11:00 AM"}},
		{Id: "s3", QueueOpen: false, TimeSlots: []string{"12:00 PM"}},
	}}
	out, err := withNextAvailable(next, slog.New(slog.NewTextHandler(io.Discard, nil)))(ctx, page)
	if err != nil {
		t.Fatal(err)
	}
	return out.(*catalogv1.ListServicesResponse)
}

// A listing asks booking-svc once about the services that take bookings,
// each with its provider (whose team's busy times booking-svc reads), and
// carries each one's first free slot; when booking-svc fails, the
// listing goes out without the hints.
func TestListingCarriesNextAvailable(t *testing.T) {
	next := &nextSlots{}
	page := listing(t, next)
	if fmt.Sprint(next.asked) != "[s1@p1 s2@p2]" {
		t.Fatalf("asked about %v, want [s1@p1 s2@p2] with their providers (s3's queue is closed)", next.asked)
	}
	if n := page.Services[0].GetNextAvailable(); n.GetDate() != "2026-11-27" || n.GetTime() != "10:00 AM" {
		t.Fatalf("s1's next slot %v", n)
	}
	if page.Services[1].GetNextAvailable() != nil || page.Services[2].GetNextAvailable() != nil {
		t.Fatalf("a hint where booking-svc gave none: %v", page.Services)
	}
	next.err = errors.New("unavailable")
	for _, s := range listing(t, next).Services {
		if s.GetNextAvailable() != nil {
			t.Fatalf("%s carries a hint booking-svc did not give", s.GetId())
		}
	}
}
