package booking

import (
	"context"
	"math"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// A provider's analytics (docs/product.md#analytics): its appointments over
// the last 7, 30 or 90 calendar days of the business zone, counted on the
// day and hour they start in that zone. The store sums them per hour and
// status (AnalyticsBucket); ShapeAnalytics turns those sums into the
// figures, so the rules are tested without a database.

// AnalyticsStore sums a provider's appointments of a window per hour and
// status.
type AnalyticsStore interface {
	AnalyticsBuckets(ctx context.Context, providerID string, w AnalyticsWindow) ([]AnalyticsBucket, error)
}

// Analyses answers providers' analytics.
type Analyses struct {
	Store AnalyticsStore
	Zone  *time.Location
	Now   func() time.Time
}

// AnalyticsQuery is GET /providers/me/analytics: the last Days (7, 30 or
// 90; 0 means DefaultAnalyticsDays), of one member's appointments when
// StaffID is set.
type AnalyticsQuery struct {
	Days    int
	StaffID string
}

// For is the calling provider's analytics over the last q.Days ending
// today.
func (a Analyses) For(ctx context.Context, c Caller, q AnalyticsQuery) (Analytics, error) {
	if c.Role != identity.RoleProvider {
		return Analytics{}, apperr.Forbidden(MsgProvidersOnly)
	}
	w, err := NewAnalyticsWindow(q.Days, a.Now(), a.Zone)
	if err != nil {
		return Analytics{}, err
	}
	w.StaffID = strings.TrimSpace(q.StaffID)
	buckets, err := a.Store.AnalyticsBuckets(ctx, c.UserID, w)
	if err != nil {
		return Analytics{}, err
	}
	return ShapeAnalytics(w, buckets), nil
}

// MsgAnalyticsDays answers a window other than 7, 30 or 90 days.
const MsgAnalyticsDays = "days must be 7, 30 or 90"

// DefaultAnalyticsDays is the window when none is asked for.
const DefaultAnalyticsDays = 30

// AnalyticsWindow is the calendar days [From, To] of the business zone,
// today the last, and the instants [Start, End) they cover.
type AnalyticsWindow struct {
	Days       int
	From, To   string // YYYY-MM-DD
	Start, End time.Time
	Zone       *time.Location
	// StaffID counts one member's appointments only ("" all).
	StaffID string
}

// NewAnalyticsWindow is the window of days (0: DefaultAnalyticsDays) ending
// on now's date in loc.
func NewAnalyticsWindow(days int, now time.Time, loc *time.Location) (AnalyticsWindow, error) {
	if days == 0 {
		days = DefaultAnalyticsDays
	}
	if days != 7 && days != 30 && days != 90 {
		return AnalyticsWindow{}, apperr.Invalid(MsgAnalyticsDays)
	}
	y, m, d := now.In(loc).Date()
	// time.Date normalises the day numbers, and midnight is taken in loc
	// each time, so a window across a daylight-saving change stays whole.
	start := time.Date(y, m, d-days+1, 0, 0, 0, 0, loc)
	end := time.Date(y, m, d+1, 0, 0, 0, 0, loc)
	return AnalyticsWindow{Days: days, From: start.Format(time.DateOnly), To: now.In(loc).Format(time.DateOnly),
		Start: start, End: end, Zone: loc}, nil
}

// AnalyticsBucket is what the store sums: the appointments of one status
// starting in one hour of the business zone.
type AnalyticsBucket struct {
	// Hour is the wall clock (business zone) of the hour's start; its
	// Location is not looked at.
	Hour   time.Time
	Status string
	Count  int
	// Revenue is the sum of the appointments' prices (rupees), whatever
	// their status: ShapeAnalytics keeps completed ones only.
	Revenue float64
	// RatingSum and RatingCount are over the appointments with a rating.
	RatingSum, RatingCount int
}

// AnalyticsCounts counts appointments by status; Bookings is all of them,
// Other the scheduled and in-progress ones, Revenue the completed ones'
// prices.
type AnalyticsCounts struct {
	Bookings, Pending, Confirmed, Completed, Cancelled, Rejected, NoShow, Other int
	Revenue                                                                     float64
}

// Ratings is a mean rating and how many ratings it is of (0 and 0 when none).
type Ratings struct {
	Average float64
	Count   int
	sum     int
}

// AnalyticsDay is one day of the window.
type AnalyticsDay struct {
	Date string
	AnalyticsCounts
	Ratings
}

// Analytics is a provider's figures over a window.
type Analytics struct {
	Window AnalyticsWindow
	Totals AnalyticsCounts
	// Rates are fractions of Totals.Bookings, 0 when there are none.
	CancellationRate, RejectionRate, NoShowRate float64
	Ratings
	// Daily has one entry per day of the window, oldest first.
	Daily []AnalyticsDay
	// Hours counts the appointments (every status) by starting hour.
	Hours [24]int
}

// ShapeAnalytics folds the window's buckets into its figures. A bucket
// outside the window (it cannot come from the store's query) is left out.
func ShapeAnalytics(w AnalyticsWindow, buckets []AnalyticsBucket) Analytics {
	out := Analytics{Window: w, Daily: make([]AnalyticsDay, w.Days)}
	index := make(map[string]int, w.Days)
	first := time.Date(w.Start.Year(), w.Start.Month(), w.Start.Day(), 0, 0, 0, 0, time.UTC)
	for i := range out.Daily {
		out.Daily[i].Date = first.AddDate(0, 0, i).Format(time.DateOnly)
		index[out.Daily[i].Date] = i
	}
	for _, b := range buckets {
		i, ok := index[b.Hour.Format(time.DateOnly)]
		if !ok {
			continue
		}
		day := &out.Daily[i]
		day.AnalyticsCounts.add(b)
		day.Ratings.include(b.RatingSum, b.RatingCount)
		out.Totals.add(b)
		out.Ratings.include(b.RatingSum, b.RatingCount)
		out.Hours[b.Hour.Hour()] += b.Count
	}
	for i := range out.Daily {
		out.Daily[i].Revenue = rupees(out.Daily[i].Revenue)
	}
	out.Totals.Revenue = rupees(out.Totals.Revenue)
	out.CancellationRate = fraction(out.Totals.Cancelled, out.Totals.Bookings)
	out.RejectionRate = fraction(out.Totals.Rejected, out.Totals.Bookings)
	out.NoShowRate = fraction(out.Totals.NoShow, out.Totals.Bookings)
	return out
}

func (c *AnalyticsCounts) add(b AnalyticsBucket) {
	c.Bookings += b.Count
	switch b.Status {
	case StatusPending:
		c.Pending += b.Count
	case StatusConfirmed:
		c.Confirmed += b.Count
	case StatusCompleted:
		c.Completed += b.Count
		c.Revenue += b.Revenue
	case StatusCancelled:
		c.Cancelled += b.Count
	case StatusRejected:
		c.Rejected += b.Count
	case StatusNoShow:
		c.NoShow += b.Count
	default: // scheduled, in-progress
		c.Other += b.Count
	}
}

func (r *Ratings) include(sum, count int) {
	if count == 0 {
		return
	}
	r.sum += sum
	r.Count += count
	r.Average = float64(r.sum) / float64(r.Count)
}

func fraction(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// rupees rounds a sum of prices to the paisa: prices have two decimals,
// their float sum may be a hair off.
func rupees(v float64) float64 { return math.Round(v*100) / 100 }
