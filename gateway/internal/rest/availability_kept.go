package rest

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/proto"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// answerLife carries, from the printing of an answer back to publicCache,
// what it depends on beyond the catalog.
type answerLife struct {
	until   time.Time // when it stops being true by itself (zero: not by itself)
	deps    []any     // the services whose slot changes it shows (a listing's)
	unknown bool      // it shows slots but cannot tell until when: not kept
}

type answerLifeKey struct{}

func withAnswerLife(ctx context.Context, l *answerLife) context.Context {
	return context.WithValue(ctx, answerLifeKey{}, l)
}

// availabilityUntil is when an answer for the default window stops being
// true without any booking: its first free slot starts (a slot is free
// only while ahead), or midnight in the business zone moves the window
// (booking-svc/internal/booking/service.go, Availability). Zero when it
// cannot tell: such an answer is not kept.
func availabilityUntil(m *bookingv1.GetAvailabilityResponse) time.Time {
	if len(m.GetDays()) == 0 {
		return time.Time{}
	}
	loc, err := zone(m.GetTimeZone())
	if err != nil {
		return time.Time{}
	}
	first, err := time.ParseInLocation(time.DateOnly, m.GetDays()[0].GetDate(), loc)
	if err != nil {
		return time.Time{}
	}
	until := first.AddDate(0, 0, 1)
	for _, d := range m.GetDays() {
		for _, s := range d.GetSlots() {
			if at := s.GetStartsAt().AsTime(); s.GetAvailable() && at.Before(until) {
				until = at
			}
		}
	}
	return until
}

// zones holds the time zones answers named (one, the business zone):
// loading one reads the zone database.
var zones sync.Map

func zone(name string) (*time.Location, error) {
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location), nil
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, l)
	return l, nil
}

// slotWrites are the calls that book, move, cancel, reject or otherwise
// change an appointment, each answering with it.
var slotWrites = map[string]bool{
	bookingv1.BookingService_CreateAppointment_FullMethodName:    true,
	bookingv1.BookingService_Reschedule_FullMethodName:           true,
	bookingv1.BookingService_UpdateProviderStatus_FullMethodName: true,
	bookingv1.BookingService_UpdateCustomerStatus_FullMethodName: true,
}

// keptAnswers is the forward-response option of the pages this gateway
// keeps: it notes when an availability answer stops being true, and drops
// the service's availability and the listings showing it when a write
// through this gateway changed one of its appointments, before the answer
// leaves, so the writer's next read shows it (other gateways hear of it
// from booking-svc: slot_watch.go).
func (p *Pages) keptAnswers(ctx context.Context, _ http.ResponseWriter, m proto.Message) error {
	if p == nil {
		return nil
	}
	switch m := m.(type) {
	case *bookingv1.GetAvailabilityResponse:
		if l, ok := ctx.Value(answerLifeKey{}).(*answerLife); ok {
			l.until = availabilityUntil(m)
			l.unknown = l.until.IsZero()
		}
	case *bookingv1.AppointmentResponse:
		if method, ok := runtime.RPCMethod(ctx); ok && slotWrites[method] {
			p.slotsChanged(m.GetAppointment().GetServiceId())
		}
	}
	return nil
}
