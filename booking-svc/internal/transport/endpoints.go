// Package transport is the booking service's go-kit endpoints and gRPC
// transport: it decodes requests into domain inputs and encodes results.
package transport

import (
	"context"
	"strconv"
	"time"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/ratelimit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Endpoints are the go-kit endpoints of the booking domain, one per method.
type Endpoints struct {
	Book              endpoint.Endpoint
	Get               endpoint.Endpoint
	ListMine          endpoint.Endpoint
	ListForProvider   endpoint.Endpoint
	SetProviderStatus endpoint.Endpoint
	SetCustomerStatus endpoint.Endpoint
	Reschedule        endpoint.Endpoint
	Availability      endpoint.Endpoint
}

// BookRequest is a booking with its optional Idempotency-Key.
type BookRequest struct {
	Booking        booking.NewBooking
	IdempotencyKey string
}

// StatusRequest asks for a status change.
type StatusRequest struct{ ID, Status string }

// RescheduleRequest asks for a new date and time.
type RescheduleRequest struct{ ID, Date, Time string }

// AvailabilityRequest asks for the slots of a service.
type AvailabilityRequest struct {
	ServiceID, From string
	Days            int
}

// AvailabilityResult is the slots of one service.
type AvailabilityResult struct {
	ServiceID string
	Days      []booking.DaySlots
}

// MakeEndpoints wraps s. Every endpoint but Availability (public) takes the
// caller from the verified token in ctx and refuses without one. Bookings
// are limited per user by bookings (nil: no limit).
func MakeEndpoints(s booking.Service, bookings *ratelimit.Keyed) Endpoints {
	authed := func(fn func(ctx context.Context, c booking.Caller, req any) (any, error)) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			cl, err := authn.FromContext(ctx)
			if err != nil {
				return nil, err
			}
			return fn(ctx, booking.Caller{UserID: cl.UserID, Role: cl.Role, Email: cl.Email}, req)
		}
	}
	return Endpoints{
		Book: authed(func(ctx context.Context, c booking.Caller, req any) (any, error) {
			if ok, wait := bookings.Allow(c.UserID); !ok {
				return nil, tooManyBookings(wait)
			}
			r := req.(BookRequest)
			return s.Book(ctx, c, r.Booking, r.IdempotencyKey)
		}),
		Get: authed(func(ctx context.Context, c booking.Caller, req any) (any, error) {
			return s.Get(ctx, c, req.(string))
		}),
		ListMine: authed(func(ctx context.Context, c booking.Caller, _ any) (any, error) {
			return s.ListMine(ctx, c)
		}),
		ListForProvider: authed(func(ctx context.Context, c booking.Caller, _ any) (any, error) {
			return s.ListForProvider(ctx, c)
		}),
		SetProviderStatus: authed(func(ctx context.Context, c booking.Caller, req any) (any, error) {
			r := req.(StatusRequest)
			return s.SetProviderStatus(ctx, c, r.ID, r.Status)
		}),
		SetCustomerStatus: authed(func(ctx context.Context, c booking.Caller, req any) (any, error) {
			r := req.(StatusRequest)
			return s.SetCustomerStatus(ctx, c, r.ID, r.Status)
		}),
		Reschedule: authed(func(ctx context.Context, c booking.Caller, req any) (any, error) {
			r := req.(RescheduleRequest)
			return s.Reschedule(ctx, c, r.ID, r.Date, r.Time)
		}),
		Availability: func(ctx context.Context, req any) (any, error) {
			r := req.(AvailabilityRequest)
			days, err := s.Availability(ctx, r.ServiceID, r.From, r.Days)
			return AvailabilityResult{ServiceID: r.ServiceID, Days: days}, err
		},
	}
}

// tooManyBookings is the 429 of a user over the booking limit, with the
// seconds until the next booking is allowed (Retry-After).
func tooManyBookings(wait time.Duration) error {
	secs := ratelimit.RetryAfterSeconds(wait)
	return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
		Message: "Too many bookings, please try again in " + strconv.Itoa(secs) + " seconds"}
}
