package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// NewAnalyticsEndpoint wraps a's For in mw: on behalf of a logged-in user
// (no token: 401); For refuses anyone but a provider (403).
func NewAnalyticsEndpoint(a booking.Analyses, mw kit.Middlewares) endpoint.Endpoint {
	return mw.Wrap("GetProviderAnalytics", kit.CallerEndpoint(a.For), mw.Authenticated)
}

// AnalyticsServer is the booking gRPC server with GetProviderAnalytics.
type AnalyticsServer struct {
	*CalendarServer
	analytics kit.Handler[*bookingv1.GetProviderAnalyticsRequest, *bookingv1.ProviderAnalyticsResponse]
}

// WithAnalytics adds the analytics endpoint ep to s.
func WithAnalytics(s *CalendarServer, ep endpoint.Endpoint) *AnalyticsServer {
	return &AnalyticsServer{CalendarServer: s, analytics: kit.NewHandler(ep,
		func(_ context.Context, r *bookingv1.GetProviderAnalyticsRequest) booking.AnalyticsQuery {
			return booking.AnalyticsQuery{Days: int(r.GetDays()), StaffID: r.GetStaffId()}
		}, encodeAnalytics)}
}

func (s *AnalyticsServer) GetProviderAnalytics(ctx context.Context, req *bookingv1.GetProviderAnalyticsRequest) (*bookingv1.ProviderAnalyticsResponse, error) {
	return s.analytics.Serve(ctx, req)
}

func encodeAnalytics(_ context.Context, a booking.Analytics) *bookingv1.ProviderAnalyticsResponse {
	out := &bookingv1.ProviderAnalyticsResponse{
		Days: int32(a.Window.Days), From: a.Window.From, To: a.Window.To, TimeZone: a.Window.Zone.String(),
		Totals: countsProto(a.Totals),
		Rates: &bookingv1.AnalyticsRates{Cancellation: a.CancellationRate, Rejection: a.RejectionRate,
			NoShow: a.NoShowRate},
		AverageRating: a.Ratings.Average, RatingCount: int32(a.Ratings.Count),
		Daily: make([]*bookingv1.AnalyticsDay, len(a.Daily)),
		Hours: make([]*bookingv1.AnalyticsHour, len(a.Hours)),
	}
	for i, d := range a.Daily {
		c := countsProto(d.AnalyticsCounts)
		out.Daily[i] = &bookingv1.AnalyticsDay{Date: d.Date, Bookings: c.Bookings, Pending: c.Pending,
			Confirmed: c.Confirmed, Completed: c.Completed, Cancelled: c.Cancelled, Rejected: c.Rejected,
			NoShow: c.NoShow, Other: c.Other, Revenue: c.Revenue,
			AverageRating: d.Ratings.Average, RatingCount: int32(d.Ratings.Count)}
	}
	for h, n := range a.Hours {
		out.Hours[h] = &bookingv1.AnalyticsHour{Hour: int32(h), Bookings: int32(n)}
	}
	return out
}

func countsProto(c booking.AnalyticsCounts) *bookingv1.AnalyticsCounts {
	return &bookingv1.AnalyticsCounts{Bookings: int32(c.Bookings), Pending: int32(c.Pending),
		Confirmed: int32(c.Confirmed), Completed: int32(c.Completed), Cancelled: int32(c.Cancelled),
		Rejected: int32(c.Rejected), NoShow: int32(c.NoShow), Other: int32(c.Other), Revenue: c.Revenue}
}
