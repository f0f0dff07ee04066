package rest

import (
	"context"
	"strconv"
	"testing"

	"google.golang.org/grpc"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
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

// pagedReviews answers ListMyReviews from pages by cursor ("" the first).
type pagedReviews struct {
	reviewv1.ReviewInternalClient
	pages map[string]*reviewv1.ListReviewsResponse
	asked []string
}

func (p *pagedReviews) ListMyReviews(_ context.Context, r *reviewv1.ListMyReviewsRequest, _ ...grpc.CallOption) (*reviewv1.ListReviewsResponse, error) {
	p.asked = append(p.asked, r.GetCursor())
	return p.pages[r.GetCursor()], nil
}

// The export reads the caller's own reviews a page at a time, newest first,
// each after the last one's cursor, and at most exportReviewPages of them.
func TestExportPagesThroughOwnReviews(t *testing.T) {
	page := func(next string, ids ...string) *reviewv1.ListReviewsResponse {
		out := &reviewv1.ListReviewsResponse{NextCursor: next}
		for _, id := range ids {
			out.Data = append(out.Data, &reviewv1.Review{Id: id})
		}
		return out
	}
	r := &pagedReviews{pages: map[string]*reviewv1.ListReviewsResponse{"": page("n1", "c", "b"), "n1": page("", "a")}}
	got, err := allReviews(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	var ids string
	for _, x := range got {
		ids += x.GetId()
	}
	if ids != "cba" {
		t.Fatalf("%q, want cba (asked %q)", ids, r.asked)
	}

	endless := &pagedReviews{pages: map[string]*reviewv1.ListReviewsResponse{}}
	for i := range 2 * exportReviewPages {
		cursor := ""
		if i > 0 {
			cursor = "n" + strconv.Itoa(i)
		}
		endless.pages[cursor] = page("n"+strconv.Itoa(i+1), strconv.Itoa(i))
	}
	if got, err := allReviews(context.Background(), endless); err != nil || len(got) != exportReviewPages || len(endless.asked) != exportReviewPages {
		t.Fatalf("%d reviews in %d calls (%v), want %d", len(got), len(endless.asked), err, exportReviewPages)
	}
}
