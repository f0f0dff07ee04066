package transport

import (
	"context"
	"time"

	"github.com/go-kit/kit/endpoint"
	"google.golang.org/genproto/googleapis/api/httpbody"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
	"github.com/slotwise/slotwise/booking-svc/internal/ical"
)

// The calendar export's endpoints and codecs (docs/product.md#calendar-export).

// FeedAddress is a feed call's answer.
type FeedAddress struct{ Path, Message string }

func makeGetCalendarFeed(c booking.Calendars) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, _ struct{}) (FeedAddress, error) {
		p, err := c.FeedPath(ctx, caller)
		return FeedAddress{Path: p}, err
	})
}

func makeResetCalendarFeed(c booking.Calendars) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, _ struct{}) (FeedAddress, error) {
		p, err := c.ResetFeed(ctx, caller)
		return FeedAddress{Path: p, Message: booking.MsgFeedReset}, err
	})
}

// A team member's feed (the provider's own member, by staff id).
func makeGetStaffCalendarFeed(c booking.Calendars) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, staffID string) (FeedAddress, error) {
		p, err := c.StaffFeedPath(ctx, caller, staffID)
		return FeedAddress{Path: p}, err
	})
}

func makeResetStaffCalendarFeed(c booking.Calendars) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, staffID string) (FeedAddress, error) {
		p, err := c.ResetStaffFeed(ctx, caller, staffID)
		return FeedAddress{Path: p, Message: booking.MsgStaffFeedReset}, err
	})
}

func decodeStaffFeed(_ context.Context, r *bookingv1.StaffCalendarFeedRequest) string {
	return r.GetStaffId()
}

func decodeCalendarFeed(_ context.Context, r *bookingv1.CalendarFeedRequest) string {
	return r.GetFile()
}

// encodeCalendar writes an export as an iCalendar file named name, its
// times in loc.
func encodeCalendar(name string, loc *time.Location, now func() time.Time) func(context.Context, booking.Export) *httpbody.HttpBody {
	return func(_ context.Context, e booking.Export) *httpbody.HttpBody {
		return &httpbody.HttpBody{ContentType: ical.ContentType,
			Data: []byte(ical.Write(name, e.Appointments, e.Role, loc, e.Durations, now()))}
	}
}

func encodeFeed(_ context.Context, f FeedAddress) *bookingv1.CalendarFeedResponse {
	return &bookingv1.CalendarFeedResponse{Success: true, Path: f.Path, Message: f.Message}
}
