// Package transport is the booking service's go-kit layer: one endpoint Set
// (endpoints.go) over the domain, with every method of BookingService and
// BookingInternal, and one gRPC server (grpc.go) that decodes requests into
// the endpoints' and encodes their results; calendar.go and analytics.go
// hold the codecs of those answers.
package transport

import (
	"context"
	"strconv"
	"time"

	"github.com/go-kit/kit/endpoint"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/ratelimit"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Set is the booking service's endpoints, one per gRPC method of
// BookingService and of BookingInternal (the calls only other programs make,
// docs/adr/0067-internal-calls-in-internal-services.md).
type Set struct {
	CreateAppointment        endpoint.Endpoint
	GetAppointment           endpoint.Endpoint
	ListMyAppointments       endpoint.Endpoint
	ListProviderAppointments endpoint.Endpoint
	UpdateProviderStatus     endpoint.Endpoint
	UpdateCustomerStatus     endpoint.Endpoint
	Reschedule               endpoint.Endpoint
	ReassignAppointment      endpoint.Endpoint
	GetAvailability          endpoint.Endpoint
	GetAppointmentCalendar   endpoint.Endpoint
	CalendarFeed             endpoint.Endpoint
	GetCalendarFeed          endpoint.Endpoint
	ResetCalendarFeed        endpoint.Endpoint
	GetStaffCalendarFeed     endpoint.Endpoint
	ResetStaffCalendarFeed   endpoint.Endpoint
	GetProviderAnalytics     endpoint.Endpoint

	// BookingInternal's.
	NextAvailable endpoint.Endpoint
	BookingStats  endpoint.Endpoint
}

// Domain is what the endpoints serve.
type Domain struct {
	Bookings  booking.Service
	Calendars booking.Calendars
	Analyses  booking.Analyses
	Stats     booking.StatsReader
	// PerUser limits each user's bookings (nil: no limit).
	PerUser *ratelimit.Keyed
}

// NewSet wraps d's methods in the middleware middlewares gives for the gRPC
// service each belongs to (svc.Runtime.Middlewares), so every call is
// counted, logged and traced under its own gRPC name. Every endpoint of a
// logged-in user's (booking, their appointments and calendars, a provider's
// analytics) authenticates; availability, the calendar feed (its address is
// the secret) and the internal calls do not.
func NewSet(d Domain, middlewares func(service string) kit.Middlewares) Set {
	mw := middlewares(bookingv1.BookingService_ServiceDesc.ServiceName)
	internal := middlewares(bookingv1.BookingInternal_ServiceDesc.ServiceName)
	s, c := d.Bookings, d.Calendars
	return Set{
		CreateAppointment:        mw.Wrap("CreateAppointment", makeCreateAppointment(s), mw.Authenticated, limitPerUser(d.PerUser)),
		GetAppointment:           mw.Wrap("GetAppointment", makeGetAppointment(s), mw.Authenticated),
		ListMyAppointments:       mw.Wrap("ListMyAppointments", kit.CallerEndpoint(s.PageMine), mw.Authenticated),
		ListProviderAppointments: mw.Wrap("ListProviderAppointments", makeProviderList(s), mw.Authenticated),
		UpdateProviderStatus:     mw.Wrap("UpdateProviderStatus", makeStatusChange(s.SetProviderStatus), mw.Authenticated),
		UpdateCustomerStatus:     mw.Wrap("UpdateCustomerStatus", makeStatusChange(s.SetCustomerStatus), mw.Authenticated),
		Reschedule:               mw.Wrap("Reschedule", makeReschedule(s), mw.Authenticated),
		ReassignAppointment:      mw.Wrap("ReassignAppointment", makeReassign(s), mw.Authenticated),
		GetAvailability:          mw.Wrap("GetAvailability", makeGetAvailability(s)),
		GetAppointmentCalendar:   mw.Wrap("GetAppointmentCalendar", kit.CallerEndpoint(c.Appointment), mw.Authenticated),
		CalendarFeed:             mw.Wrap("CalendarFeed", kit.Endpoint(c.Feed)),
		GetCalendarFeed:          mw.Wrap("GetCalendarFeed", makeGetCalendarFeed(c), mw.Authenticated),
		ResetCalendarFeed:        mw.Wrap("ResetCalendarFeed", makeResetCalendarFeed(c), mw.Authenticated),
		GetStaffCalendarFeed:     mw.Wrap("GetStaffCalendarFeed", makeGetStaffCalendarFeed(c), mw.Authenticated),
		ResetStaffCalendarFeed:   mw.Wrap("ResetStaffCalendarFeed", makeResetStaffCalendarFeed(c), mw.Authenticated),
		// For refuses anyone but a provider (403).
		GetProviderAnalytics: mw.Wrap("GetProviderAnalytics", kit.CallerEndpoint(d.Analyses.For), mw.Authenticated),

		NextAvailable: internal.Wrap("NextAvailable", kit.Endpoint(s.NextAvailable)),
		BookingStats:  internal.Wrap("BookingStats", makeBookingStats(d.Stats)),
	}
}

// BookRequest is a booking with its optional Idempotency-Key.
type BookRequest struct {
	Booking        booking.NewBooking
	IdempotencyKey string
}

// StatusRequest asks for a status change, with an optional reason.
type StatusRequest struct{ ID, Status, Reason string }

// RescheduleRequest asks for a new date and time, and who (StaffID: ""
// keep, "any", or a member).
type RescheduleRequest struct{ ID, Date, Time, StaffID string }

// ReassignRequest gives an appointment to another member.
type ReassignRequest struct{ ID, StaffID string }

// AvailabilityRequest asks for the slots of a service, with one member's
// only when StaffID is set.
type AvailabilityRequest struct {
	ServiceID, From, StaffID string
	Days                     int
}

// Availability is the slots of one service.
type Availability struct {
	ServiceID string
	Days      []booking.DaySlots
}

func makeCreateAppointment(s booking.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c booking.Caller, r BookRequest) (booking.Appointment, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(r.Booking.ServiceID))
		a, err := s.Book(ctx, c, r.Booking, r.IdempotencyKey)
		return annotated(ctx, a, err)
	})
}

func makeGetAppointment(s booking.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c booking.Caller, id string) (booking.Appointment, error) {
		telemetry.Annotate(ctx, telemetry.AppointmentID.String(id))
		return s.Get(ctx, c, id)
	})
}

// ProviderListRequest asks for a page of the provider's appointments,
// one member's when StaffID is set.
type ProviderListRequest struct {
	StaffID string
	Page    booking.PageRequest
}

func makeProviderList(s booking.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c booking.Caller, r ProviderListRequest) (booking.Page, error) {
		return s.PageForProvider(ctx, c, r.StaffID, r.Page)
	})
}

func makeStatusChange(change func(ctx context.Context, c booking.Caller, id, status, reason string) (booking.Appointment, error)) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c booking.Caller, r StatusRequest) (booking.Appointment, error) {
		telemetry.Annotate(ctx, telemetry.AppointmentID.String(r.ID))
		a, err := change(ctx, c, r.ID, r.Status, r.Reason)
		return annotated(ctx, a, err)
	})
}

func makeReschedule(s booking.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c booking.Caller, r RescheduleRequest) (booking.Appointment, error) {
		telemetry.Annotate(ctx, telemetry.AppointmentID.String(r.ID))
		a, err := s.Reschedule(ctx, c, r.ID, r.Date, r.Time, r.StaffID)
		return annotated(ctx, a, err)
	})
}

func makeReassign(s booking.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c booking.Caller, r ReassignRequest) (booking.Appointment, error) {
		telemetry.Annotate(ctx, telemetry.AppointmentID.String(r.ID))
		a, err := s.Reassign(ctx, c, r.ID, r.StaffID)
		return annotated(ctx, a, err)
	})
}

func makeGetAvailability(s booking.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, r AvailabilityRequest) (Availability, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(r.ServiceID))
		days, err := s.Availability(ctx, r.ServiceID, r.From, r.Days, r.StaffID)
		return Availability{ServiceID: r.ServiceID, Days: days}, err
	})
}

func makeBookingStats(r booking.StatsReader) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, _ struct{}) (booking.Stats, error) {
		return r.Stats(ctx)
	})
}

// annotated puts the appointment's ids on the call's span.
func annotated(ctx context.Context, a booking.Appointment, err error) (booking.Appointment, error) {
	if err == nil {
		telemetry.Annotate(ctx, telemetry.AppointmentID.String(a.ID), telemetry.ServiceID.String(a.ServiceID),
			telemetry.ProviderID.String(a.ProviderID))
	}
	return a, err
}

// limitPerUser refuses a user's booking beyond the limit (429 with the
// seconds until the next is allowed); it runs after authentication.
func limitPerUser(bookings *ratelimit.Keyed) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			c, _ := authn.CallerFrom(ctx)
			if ok, wait := bookings.Allow(c.UserID); !ok {
				return nil, tooManyBookings(wait)
			}
			return next(ctx, req)
		}
	}
}

// tooManyBookings is the 429 of a user over the booking limit, with the
// seconds until the next booking is allowed (Retry-After).
func tooManyBookings(wait time.Duration) error {
	secs := ratelimit.RetryAfterSeconds(wait)
	return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
		Message: "Too many bookings, please try again in " + strconv.Itoa(secs) + " seconds"}
}
