package catalog

import (
	"context"
	"errors"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// fakeCatalog answers GetService with err, or with one service.
type fakeCatalog struct {
	catalogv1.CatalogServiceClient
	catalogv1.CatalogInternalClient
	err   error
	calls int
	old   bool
}

func (f *fakeCatalog) GetService(context.Context, *catalogv1.GetServiceRequest, ...grpc.CallOption) (*catalogv1.GetServiceResponse, error) {
	f.calls++
	if f.err != nil {
		return nil, f.err
	}
	return &catalogv1.GetServiceResponse{Service: &catalogv1.Service{Id: "s1", IsActive: true, QueueOpen: true, Duration: 30,
		Closures: []*catalogv1.Closure{{From: "2026-11-23", To: "2026-11-24", Note: "Diwali"}}}}, nil
}

// GetServiceStaff names one member working Mondays 09:00–17:00, or is
// Unimplemented (a catalogue from before teams) when old is set.
func (f *fakeCatalog) GetServiceStaff(context.Context, *catalogv1.GetServiceStaffRequest, ...grpc.CallOption) (*catalogv1.GetServiceStaffResponse, error) {
	if f.old {
		return nil, status.Error(codes.Unimplemented, "unknown method")
	}
	return &catalogv1.GetServiceStaffResponse{Staff: []*catalogv1.StaffMember{{Id: "m1", Name: "Ravi", IsOwner: true,
		Hours:    []*catalogv1.WorkingHours{{Weekday: 1, From: "09:00", To: "17:00"}, {Weekday: 2, From: "9", To: "17:00"}},
		Closures: []*catalogv1.Closure{{From: "2026-11-25", To: "2026-11-25", Note: "Dentist"}}}}}, nil
}

func newClient(f *fakeCatalog) *Client { return &Client{API: f, Internal: f} }

// The members come with their hours (minutes; a malformed entry is left
// out) and days off; a catalogue without teams has the owner do all.
func TestStaffFromTheCatalog(t *testing.T) {
	got, err := (newClient(&fakeCatalog{})).Service(context.Background(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Staff) != 1 || got.Staff[0].Name != "Ravi" || len(got.Staff[0].Hours) != 1 ||
		got.Staff[0].Hours[0] != (booking.WorkingHours{Weekday: 1, From: 540, To: 1020}) || got.Staff[0].Closures[0].Note != "Dentist" {
		t.Fatalf("staff: %+v", got.Staff)
	}
	got, err = (newClient(&fakeCatalog{old: true})).Service(context.Background(), "s1")
	if err != nil || len(got.Staff) != 1 || !got.Staff[0].IsOwner || len(got.Staff[0].Hours) != 7 {
		t.Fatalf("staff from a catalogue before teams: %+v, %v", got.Staff, err)
	}
}

// Every lookup asks catalog-svc: nothing is kept between calls.
func TestEveryLookupAsksTheCatalog(t *testing.T) {
	f := &fakeCatalog{}
	c := newClient(f)
	for range 3 {
		got, err := c.Service(context.Background(), "s1")
		if err != nil || !got.IsActive || got.QueueClosed || got.Duration != 30 || len(got.Closures) != 1 {
			t.Fatalf("got %+v, %v", got, err)
		}
	}
	if f.calls != 3 {
		t.Fatalf("%d calls for 3 lookups", f.calls)
	}
}

// The catalogue's refusals become the user's: no such service is a 404,
// the catalogue out of reach a 503.
func TestLookupErrors(t *testing.T) {
	for _, c := range []struct {
		code codes.Code
		want func(error) bool
	}{
		{codes.NotFound, func(err error) bool { return errors.Is(err, booking.ErrServiceNotFound) }},
		{codes.InvalidArgument, func(err error) bool { return errors.Is(err, booking.ErrServiceNotFound) }},
		{codes.Unavailable, func(err error) bool { return apperr.KindOf(err) == apperr.KindUnavailable }},
		{codes.DeadlineExceeded, func(err error) bool { return apperr.KindOf(err) == apperr.KindUnavailable }},
	} {
		_, err := (newClient(&fakeCatalog{err: status.Error(c.code, "x")})).Service(context.Background(), "s1")
		if !c.want(err) {
			t.Errorf("%v: got %v", c.code, err)
		}
	}
}

// GetServicesStaff names Ravi for s1 and s2 (and s9, not asked about) and
// Mira for s2, or is Unimplemented when old is set.
func (f *fakeCatalog) GetServicesStaff(_ context.Context, req *catalogv1.GetServicesStaffRequest, _ ...grpc.CallOption) (*catalogv1.GetServicesStaffResponse, error) {
	f.calls++
	if f.old {
		return nil, status.Error(codes.Unimplemented, "unknown method")
	}
	return &catalogv1.GetServicesStaffResponse{Staff: []*catalogv1.StaffMember{
		{Id: "m1", Name: "Ravi", IsOwner: true, ServiceIds: []string{"s1", "s2", "s9"}, Hours: []*catalogv1.WorkingHours{{Weekday: 1, From: "09:00", To: "17:00"}}},
		{Id: "m2", Name: "Mira", ServiceIds: []string{"s2"}, Closures: []*catalogv1.Closure{{From: "2026-11-25", To: "2026-11-25"}}},
	}}, nil
}

// A page's members come in one call, each under the services asked about
// that they perform, in the catalogue's order; a catalogue without the
// call has each provider's owner perform everything.
func TestStaffOfAPage(t *testing.T) {
	f := &fakeCatalog{}
	page := []booking.ServiceInfo{{ID: "s1", ProviderID: "p1"}, {ID: "s2", ProviderID: "p1"}, {ID: "s3", ProviderID: "p2"}}
	got, err := newClient(f).Staff(context.Background(), page)
	if err != nil || f.calls != 1 {
		t.Fatalf("%v after %d calls", err, f.calls)
	}
	if len(got["s1"]) != 1 || len(got["s2"]) != 2 || got["s2"][0].Name != "Ravi" || got["s2"][1].Closures[0].From != "2026-11-25" ||
		got["s1"][0].Hours[0] != (booking.WorkingHours{Weekday: 1, From: 540, To: 1020}) || len(got["s3"]) != 0 || len(got["s9"]) != 0 {
		t.Fatalf("a page's staff: %+v", got)
	}
	got, err = newClient(&fakeCatalog{old: true}).Staff(context.Background(), page)
	if err != nil || len(got["s3"]) != 1 || got["s3"][0].ID != booking.OwnerOf("p2", "").ID || len(got["s3"][0].Hours) != 7 {
		t.Fatalf("a page's staff from a catalogue before the call: %+v, %v", got, err)
	}
}
