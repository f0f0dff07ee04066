package rest

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

const kolkata = "Asia/Kolkata"

var discard = slog.New(slog.DiscardHandler)

// window is a default-window answer starting on day (Asia/Kolkata) with
// one slot a day at 10:00, free where free says so.
func window(t *testing.T, day string, free ...bool) *bookingv1.GetAvailabilityResponse {
	t.Helper()
	loc, err := time.LoadLocation(kolkata)
	if err != nil {
		t.Fatal(err)
	}
	start, err := time.ParseInLocation(time.DateOnly, day, loc)
	if err != nil {
		t.Fatal(err)
	}
	m := &bookingv1.GetAvailabilityResponse{Success: true, ServiceId: "s1", TimeZone: kolkata}
	for i, f := range free {
		d := start.AddDate(0, 0, i)
		m.Days = append(m.Days, &bookingv1.DayAvailability{Date: d.Format(time.DateOnly), Slots: []*bookingv1.SlotAvailability{
			{Time: "10:00 AM", Available: f, StartsAt: timestamppb.New(d.Add(10 * time.Hour))},
		}})
	}
	return m
}

func TestAvailabilityHoldsUntilItsFirstFreeSlotOrMidnight(t *testing.T) {
	loc, _ := time.LoadLocation(kolkata)
	for _, c := range []struct {
		name string
		m    *bookingv1.GetAvailabilityResponse
		want time.Time
	}{
		{"a free slot today", window(t, "2026-11-26", true, true), time.Date(2026, 11, 26, 10, 0, 0, 0, loc)},
		{"today full: the window moves at midnight", window(t, "2026-11-26", false, true), time.Date(2026, 11, 27, 0, 0, 0, 0, loc)},
		{"nothing free", window(t, "2026-11-26", false, false), time.Date(2026, 11, 27, 0, 0, 0, 0, loc)},
		{"no days: cannot tell", &bookingv1.GetAvailabilityResponse{TimeZone: kolkata}, time.Time{}},
		{"an unknown zone: cannot tell", func() *bookingv1.GetAvailabilityResponse {
			m := window(t, "2026-11-26", true)
			m.TimeZone = "Nowhere/Else"
			return m
		}(), time.Time{}},
	} {
		if got := availabilityUntil(c.m); !got.Equal(c.want) {
			t.Errorf("%s: until %v, want %v", c.name, got, c.want)
		}
	}
}

// availabilityBackend answers availability as the mux does: through the
// pages' forward-response option, then the bytes; each body names its call.
type availabilityBackend struct {
	pages *Pages
	m     *bookingv1.GetAvailabilityResponse
	calls int
}

func (b *availabilityBackend) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b.calls++
	_ = b.pages.keptAnswers(r.Context(), w, b.m)
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"call":%d}`, b.calls)
}

// sameTwice tells whether two reads of path got one answer: the second
// came from memory.
func sameTwice(h http.Handler, path string) bool {
	return get(h, path).Body.String() == get(h, path).Body.String()
}

// keptOnceWatched checks that path's answer is kept only once a watch of
// slot changes is in place, and leaves one in place.
func keptOnceWatched(t *testing.T, pages *Pages, h http.Handler, path string) {
	t.Helper()
	pages.Live()
	if sameTwice(h, path) {
		t.Fatal("kept with no watch of slot changes in place")
	}
	pages.watchInPlace(discard)
	if !sameTwice(h, path) {
		t.Fatal("not kept while watched")
	}
}

func TestAvailabilityKeptWhileWatchedAndDroppedByItsChanges(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	be := &availabilityBackend{pages: pages, m: window(t, time.Now().AddDate(0, 0, 2).Format(time.DateOnly), false, true)}
	h := publicCache(pages, be)
	const path = "/services/s1/availability"
	keptOnceWatched(t, pages, h, path)
	if get(h, path+"?days=3").Body.String() == get(h, path+"?days=3").Body.String() {
		t.Fatal("a chosen window was kept")
	}
	if get(h, path, "Authorization", "Bearer t").Body.String() == get(h, path).Body.String() {
		t.Fatal("an authenticated read was answered from memory")
	}

	kept := get(h, path).Body.String()
	pages.slots.Drop("s2")
	if get(h, path).Body.String() != kept {
		t.Fatal("another service's change dropped this one")
	}
	pages.slots.Drop("s1")
	if get(h, path).Body.String() == kept {
		t.Fatal("served after its service's slots changed")
	}

	// A write through this gateway drops its service before answering.
	kept = get(h, path).Body.String()
	for _, method := range []string{bookingv1.BookingService_GetAppointment_FullMethodName, bookingv1.BookingService_CreateAppointment_FullMethodName} {
		ctx, err := runtime.AnnotateContext(context.Background(), runtime.NewServeMux(), httptest.NewRequest(http.MethodPost, "/appointments", nil), method)
		if err != nil {
			t.Fatal(err)
		}
		_ = pages.keptAnswers(ctx, httptest.NewRecorder(), &bookingv1.AppointmentResponse{Appointment: &bookingv1.Appointment{ServiceId: "s1"}})
		if dropped := get(h, path).Body.String() != kept; dropped != (method != bookingv1.BookingService_GetAppointment_FullMethodName) {
			t.Fatalf("%s: dropped = %v", method, dropped)
		}
	}

	// A catalog change drops it too (slots, days off, status).
	kept = get(h, path).Body.String()
	pages.Invalidate()
	if get(h, path).Body.String() == kept {
		t.Fatal("served after a catalog change")
	}

	// Watches overlap: one ending while another is in place changes nothing.
	pages.watchInPlace(discard)
	kept = get(h, path).Body.String()
	pages.watchEnded(context.Background(), discard)
	if get(h, path).Body.String() != kept {
		t.Fatal("dropped when one of two watches ended")
	}
	pages.watchEnded(context.Background(), discard)
	if sameTwice(h, path) {
		t.Fatal("kept after the last watch ended")
	}
}

func TestAvailabilityWhoseFirstFreeSlotStartedIsNotServed(t *testing.T) {
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)
	pages.Live()
	pages.watchInPlace(discard)
	// Today's 10:00 slot marked free, on a day long gone: its until passed.
	be := &availabilityBackend{pages: pages, m: window(t, "2020-01-01", true)}
	h := publicCache(pages, be)
	if a, b := get(h, "/services/s1/availability"), get(h, "/services/s1/availability"); a.Body.String() == b.Body.String() {
		t.Fatal("served an answer past its first free slot")
	}
}
