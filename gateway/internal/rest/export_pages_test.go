package rest

import (
	"context"
	"strconv"
	"testing"

	"google.golang.org/grpc"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// pagedBooking answers the list calls from pages by cursor ("" the first).
type pagedBooking struct {
	bookingv1.BookingServiceClient
	pages map[string]*bookingv1.ListAppointmentsResponse
	asked []string
}

func (p *pagedBooking) ListMyAppointments(_ context.Context, r *bookingv1.ListMyAppointmentsRequest, _ ...grpc.CallOption) (*bookingv1.ListAppointmentsResponse, error) {
	p.asked = append(p.asked, r.GetCursor())
	return p.pages[r.GetCursor()], nil
}

func (p *pagedBooking) ListProviderAppointments(_ context.Context, r *bookingv1.ListProviderAppointmentsRequest, _ ...grpc.CallOption) (*bookingv1.ListAppointmentsResponse, error) {
	p.asked = append(p.asked, r.GetCursor())
	return p.pages[r.GetCursor()], nil
}

func listPage(next, earlier string, ids ...string) *bookingv1.ListAppointmentsResponse {
	out := &bookingv1.ListAppointmentsResponse{NextCursor: next, EarlierCursor: earlier}
	for _, id := range ids {
		out.Appointments = append(out.Appointments, &bookingv1.Appointment{Id: id})
	}
	return out
}

// The export pages through the whole history, oldest first: the window's
// pages forward, then the earlier ones back.
func TestExportPagesThroughAllAppointments(t *testing.T) {
	for _, provider := range []bool{false, true} {
		b := &pagedBooking{pages: map[string]*bookingv1.ListAppointmentsResponse{
			"":   listPage("n1", "e1", "c", "d"),
			"n1": listPage("", "x", "e"),
			"e1": listPage("y", "e2", "b"),
			"e2": listPage("z", "", "a"),
		}}
		got, err := allAppointments(context.Background(), b, provider)
		if err != nil {
			t.Fatal(err)
		}
		var ids string
		for _, a := range got {
			ids += a.GetId()
		}
		if ids != "abcde" {
			t.Fatalf("provider %v: %q, want abcde (asked %q)", provider, ids, b.asked)
		}
	}
}

// At most exportAppointmentPages pages are read, however many there are.
func TestExportReadsAtMostItsPages(t *testing.T) {
	b := &pagedBooking{pages: map[string]*bookingv1.ListAppointmentsResponse{}}
	for i := range 2 * exportAppointmentPages {
		cursor := ""
		if i > 0 {
			cursor = "e" + strconv.Itoa(i)
		}
		b.pages[cursor] = listPage("", "e"+strconv.Itoa(i+1), strconv.Itoa(i))
	}
	got, err := allAppointments(context.Background(), b, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != exportAppointmentPages || len(b.asked) != exportAppointmentPages {
		t.Fatalf("%d appointments in %d calls, want %d", len(got), len(b.asked), exportAppointmentPages)
	}
}
