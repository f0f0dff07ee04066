package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// analyticsSQL sums a provider's appointments starting in [$2, $3) per
// hour of the business zone ($4) and status, of one member's when $5 is
// not empty (those from before teams are the owner's), in one pass over
// appointments_by_provider: at most 24 × days × 8 rows, whatever the
// number of appointments. The hour is the zone's wall clock (timestamp
// without zone), read back as such.
const analyticsSQL = `SELECT date_trunc('hour', starts_at AT TIME ZONE $4) AS hour, status, count(*),
	coalesce(sum(price), 0)::float8, coalesce(sum(rating), 0), count(rating)
	FROM appointments WHERE provider_id = $1 AND starts_at >= $2 AND starts_at < $3
	AND ($5 = '' OR ` + staffIs + `::text = $5)
	GROUP BY 1, 2`

// AnalyticsBuckets implements booking.AnalyticsStore.
func (s Appointments) AnalyticsBuckets(ctx context.Context, providerID string, w booking.AnalyticsWindow) ([]booking.AnalyticsBucket, error) {
	rows, err := s.Pool.Query(ctx, analyticsSQL, providerID, w.Start, w.End, w.Zone.String(), w.StaffID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (booking.AnalyticsBucket, error) {
		var b booking.AnalyticsBucket
		err := row.Scan(&b.Hour, &b.Status, &b.Count, &b.Revenue, &b.RatingSum, &b.RatingCount)
		return b, err
	})
}
