package transport

import (
	"context"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// StaffFeedServer adds a team member's calendar feed calls to a booking
// server (its own file, so the rest of the transport stays as it is).
type StaffFeedServer struct {
	bookingv1.BookingServiceServer
	get, reset kit.Handler[*bookingv1.StaffCalendarFeedRequest, *bookingv1.CalendarFeedResponse]
}

// WithStaffFeeds serves c's member feed calls, wrapped in mw, beside s.
func WithStaffFeeds(s bookingv1.BookingServiceServer, c booking.Calendars, mw kit.Middlewares) *StaffFeedServer {
	staffID := func(_ context.Context, r *bookingv1.StaffCalendarFeedRequest) string { return r.GetStaffId() }
	get := mw.Wrap("GetStaffCalendarFeed", kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, id string) (FeedAddress, error) {
		p, err := c.StaffFeedPath(ctx, caller, id)
		return FeedAddress{Path: p}, err
	}), mw.Authenticated)
	reset := mw.Wrap("ResetStaffCalendarFeed", kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, id string) (FeedAddress, error) {
		p, err := c.ResetStaffFeed(ctx, caller, id)
		return FeedAddress{Path: p, Message: booking.MsgStaffFeedReset}, err
	}), mw.Authenticated)
	return &StaffFeedServer{BookingServiceServer: s,
		get: kit.NewHandler(get, staffID, encodeFeed), reset: kit.NewHandler(reset, staffID, encodeFeed)}
}

func (s *StaffFeedServer) GetStaffCalendarFeed(ctx context.Context, req *bookingv1.StaffCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.get.Serve(ctx, req)
}

func (s *StaffFeedServer) ResetStaffCalendarFeed(ctx context.Context, req *bookingv1.StaffCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.reset.Serve(ctx, req)
}
