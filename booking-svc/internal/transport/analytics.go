package transport

import (
	"context"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// The codecs of a provider's analytics (docs/product.md#analytics).

func decodeAnalytics(_ context.Context, r *bookingv1.GetProviderAnalyticsRequest) booking.AnalyticsQuery {
	return booking.AnalyticsQuery{Days: int(r.GetDays()), StaffID: r.GetStaffId()}
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
