package transport

import (
	"testing"
	"time"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/kit/kittest"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// noBookings is a domain that is never reached without panicking.
type noBookings struct{ booking.Service }

// One Set and one server answer every method of both services, each
// through its endpoint.
func TestEveryCallThroughItsEndpoint(t *testing.T) {
	kittest.EveryCallThroughItsEndpoint(t, func(middlewares func(string) kit.Middlewares) any {
		return NewGRPCServer(NewSet(Domain{Bookings: noBookings{}}, middlewares), time.UTC, time.Now)
	}, &bookingv1.BookingService_ServiceDesc, &bookingv1.BookingInternal_ServiceDesc)
}
