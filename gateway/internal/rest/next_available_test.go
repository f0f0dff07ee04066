package rest

import (
	"context"
	"errors"
	"fmt"
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
// slot, valid until until (nil: no bound sent), or err.
type nextSlots struct {
	bookingv1.BookingServiceClient
	until *timestamppb.Timestamp
	err   error
	asked []string
}

func (n *nextSlots) NextAvailable(_ context.Context, req *bookingv1.NextAvailableRequest, _ ...grpc.CallOption) (*bookingv1.NextAvailableResponse, error) {
	n.asked = n.asked[:0]
	for _, s := range req.GetServices() {
		n.asked = append(n.asked, s.GetServiceId())
	}
	if n.err != nil {
		return nil, n.err
	}
	return &bookingv1.NextAvailableResponse{ValidUntil: n.until, Slots: []*bookingv1.NextSlot{
		{ServiceId: "s1", Date: "2026-11-27", Time: "10:00 AM", StartsAt: timestamppb.New(time.Now().Add(time.Hour))},
	}}, nil
}

// listingBackend answers GET /services as the mux does: catalog-svc's page
// (s1 and s2 take bookings, s3's queue is closed) through the
// nextAvailable rewriter, then the bytes; each body names its call.
type listingBackend struct {
	next  *nextSlots
	calls int
}

func (b *listingBackend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.calls++
	ctx, err := runtime.AnnotateContext(r.Context(), runtime.NewServeMux(), r,
		catalogv1.CatalogService_ListServices_FullMethodName, runtime.WithHTTPPathPattern("/services"))
	if err != nil {
		panic(err)
	}
	page := &catalogv1.ListServicesResponse{Services: []*catalogv1.Service{
		{Id: "s1", QueueOpen: true, TimeSlots: []string{"10:00 AM"}},
		{Id: "s2", QueueOpen: true, TimeSlots: []string{"11:00 AM"}},
		{Id: "s3", QueueOpen: false, TimeSlots: []string{"12:00 PM"}},
	}}
	if _, err := withNextAvailable(b.next, discard)(ctx, page); err != nil {
		panic(err)
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"call":%d}`, b.calls)
}

// TestListingsKeptWhileWatchedUntilTheirServicesChange: a listing shows
// each service's next free slot, so it is kept only while slot changes are
// watched, until booking-svc's validUntil, and is dropped by a slot change
// of a service it asked about (a watch's or a write through this gateway),
// never by another's.
func TestListingsKeptWhileWatchedUntilTheirServicesChange(t *testing.T) {
	next := &nextSlots{until: timestamppb.New(time.Now().Add(time.Hour))}
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	h := publicCache(pages, &listingBackend{next: next})
	const path = "/services?category=x"
	keptOnceWatched(t, pages, h, path)
	if fmt.Sprint(next.asked) != "[s1 s2]" {
		t.Fatalf("asked about %v, want [s1 s2] (s3's queue is closed)", next.asked)
	}

	kept := get(h, path).Body.String()
	pages.slotsChanged("s3")
	pages.slotsChanged("other")
	if get(h, path).Body.String() != kept {
		t.Fatal("dropped by a change of a service whose slots it does not show")
	}
	pages.slotsChanged("s2")
	if get(h, path).Body.String() == kept {
		t.Fatal("served after a change of a service it shows")
	}

	// A write through this gateway drops it before answering.
	kept = get(h, path).Body.String()
	ctx, err := runtime.AnnotateContext(context.Background(), runtime.NewServeMux(), httptest.NewRequest(http.MethodPost, "/appointments", nil),
		bookingv1.BookingService_CreateAppointment_FullMethodName)
	if err != nil {
		t.Fatal(err)
	}
	_ = pages.keptAnswers(ctx, httptest.NewRecorder(), &bookingv1.AppointmentResponse{Appointment: &bookingv1.Appointment{ServiceId: "s1"}})
	if get(h, path).Body.String() == kept {
		t.Fatal("served after a booking of a service it shows through this gateway")
	}

	// Not kept when it cannot tell until when.
	for name, n := range map[string]nextSlots{
		"booking-svc failed":  {err: errors.New("unavailable")},
		"no validUntil sent":  {},
		"validUntil has past": {until: timestamppb.New(time.Now().Add(-time.Second))},
	} {
		*next = n
		pages.Invalidate()
		if sameTwice(h, path) {
			t.Errorf("%s: kept", name)
		}
	}

	next.err, next.until = nil, timestamppb.New(time.Now().Add(time.Hour))
	pages.watchEnded(context.Background(), discard)
	if sameTwice(h, path) {
		t.Fatal("kept after the last watch ended")
	}
}
