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

// CalendarSet is the calendar export's endpoints.
type CalendarSet struct {
	GetAppointmentCalendar endpoint.Endpoint
	CalendarFeed           endpoint.Endpoint
	GetCalendarFeed        endpoint.Endpoint
	ResetCalendarFeed      endpoint.Endpoint
}

// FeedAddress is a feed call's answer.
type FeedAddress struct{ Path, Message string }

// NewCalendarSet wraps c in mw. The feed itself is public: its address is
// the secret.
func NewCalendarSet(c booking.Calendars, mw kit.Middlewares) CalendarSet {
	return CalendarSet{
		GetAppointmentCalendar: mw.Wrap("GetAppointmentCalendar", kit.CallerEndpoint(c.Appointment), mw.Authenticated),
		CalendarFeed:           mw.Wrap("CalendarFeed", kit.Endpoint(c.Feed)),
		GetCalendarFeed: mw.Wrap("GetCalendarFeed", kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, _ struct{}) (FeedAddress, error) {
			p, err := c.FeedPath(ctx, caller)
			return FeedAddress{Path: p}, err
		}), mw.Authenticated),
		ResetCalendarFeed: mw.Wrap("ResetCalendarFeed", kit.CallerEndpoint(func(ctx context.Context, caller booking.Caller, _ struct{}) (FeedAddress, error) {
			p, err := c.ResetFeed(ctx, caller)
			return FeedAddress{Path: p, Message: booking.MsgFeedReset}, err
		}), mw.Authenticated),
	}
}

// CalendarServer is the booking gRPC server with the calendar methods.
type CalendarServer struct {
	*GRPCServer
	appointment kit.Handler[*bookingv1.GetAppointmentRequest, *httpbody.HttpBody]
	feed        kit.Handler[*bookingv1.CalendarFeedRequest, *httpbody.HttpBody]
	getFeed     kit.Handler[*bookingv1.GetCalendarFeedRequest, *bookingv1.CalendarFeedResponse]
	resetFeed   kit.Handler[*bookingv1.ResetCalendarFeedRequest, *bookingv1.CalendarFeedResponse]
}

// WithCalendars adds set's methods to s; files are written in loc.
func WithCalendars(s *GRPCServer, set CalendarSet, loc *time.Location, now func() time.Time) *CalendarServer {
	encode := func(name string) func(context.Context, booking.Export) *httpbody.HttpBody {
		return func(_ context.Context, e booking.Export) *httpbody.HttpBody {
			return &httpbody.HttpBody{ContentType: ical.ContentType,
				Data: []byte(ical.Write(name, e.Appointments, e.Role, loc, e.Durations, now()))}
		}
	}
	return &CalendarServer{
		GRPCServer:  s,
		appointment: kit.NewHandler(set.GetAppointmentCalendar, decodeGetAppointment, encode("Slotwise appointment")),
		feed: kit.NewHandler(set.CalendarFeed, func(_ context.Context, r *bookingv1.CalendarFeedRequest) string { return r.GetFile() },
			encode("Slotwise appointments")),
		getFeed:   kit.NewHandler(set.GetCalendarFeed, kit.NoRequest[*bookingv1.GetCalendarFeedRequest], encodeFeed),
		resetFeed: kit.NewHandler(set.ResetCalendarFeed, kit.NoRequest[*bookingv1.ResetCalendarFeedRequest], encodeFeed),
	}
}

func encodeFeed(_ context.Context, f FeedAddress) *bookingv1.CalendarFeedResponse {
	return &bookingv1.CalendarFeedResponse{Success: true, Path: f.Path, Message: f.Message}
}

func (s *CalendarServer) GetAppointmentCalendar(ctx context.Context, req *bookingv1.GetAppointmentRequest) (*httpbody.HttpBody, error) {
	return s.appointment.Serve(ctx, req)
}

func (s *CalendarServer) CalendarFeed(ctx context.Context, req *bookingv1.CalendarFeedRequest) (*httpbody.HttpBody, error) {
	return s.feed.Serve(ctx, req)
}

func (s *CalendarServer) GetCalendarFeed(ctx context.Context, req *bookingv1.GetCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.getFeed.Serve(ctx, req)
}

func (s *CalendarServer) ResetCalendarFeed(ctx context.Context, req *bookingv1.ResetCalendarFeedRequest) (*bookingv1.CalendarFeedResponse, error) {
	return s.resetFeed.Serve(ctx, req)
}
