package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// NewStatsEndpoint is the internal BookingStats call (no route: the
// gateway's GET /stats asks it).
func NewStatsEndpoint(r booking.StatsReader, mw kit.Middlewares) endpoint.Endpoint {
	return mw.Wrap("BookingStats", kit.Endpoint(func(ctx context.Context, _ struct{}) (booking.Stats, error) {
		return r.Stats(ctx)
	}))
}

// StatsServer is the booking gRPC server with BookingStats.
type StatsServer struct {
	*AnalyticsServer
	stats kit.Handler[*bookingv1.BookingStatsRequest, *bookingv1.BookingStatsResponse]
}

// WithStats adds the stats endpoint ep to s.
func WithStats(s *AnalyticsServer, ep endpoint.Endpoint) *StatsServer {
	return &StatsServer{AnalyticsServer: s, stats: kit.NewHandler(ep, kit.NoRequest[*bookingv1.BookingStatsRequest], encodeStats)}
}

func (s *StatsServer) BookingStats(ctx context.Context, req *bookingv1.BookingStatsRequest) (*bookingv1.BookingStatsResponse, error) {
	return s.stats.Serve(ctx, req)
}

func encodeStats(_ context.Context, st booking.Stats) *bookingv1.BookingStatsResponse {
	return &bookingv1.BookingStatsResponse{Bookings: st.Bookings, Completed: st.Completed, Ended: st.Ended}
}
