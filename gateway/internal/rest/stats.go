package rest

import (
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"time"

	"golang.org/x/sync/errgroup"
	"google.golang.org/grpc/status"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
)

// cacheStats is the promise of the home page's testimonials
// (docs/product.md "Fresh and kept"): up to 5 minutes old, so a browser or
// CDN answers most visits.
const cacheStats = "public, max-age=300"

// cacheFigures is GET /stats's share of the same 5 minutes: booking-svc
// keeps its counts for a minute (booking.StatsKeep), a browser or CDN the
// other four.
const cacheFigures = "public, max-age=240"

// statsTimeout bounds the three calls together.
const statsTimeout = 5 * time.Second

// Stats is the answer's data: each figure from the service that owns it
// (docs/adr/0066-operators-and-the-stats-read.md).
type Stats struct {
	// Bookings is every appointment ever made (booking-svc).
	Bookings int64 `json:"bookings"`
	// Businesses publish at least one active service (catalog-svc).
	Businesses int64 `json:"businesses"`
	// AverageRating (one decimal) over RatingCount reviews not hidden (review-svc).
	AverageRating float64 `json:"averageRating"`
	RatingCount   int64   `json:"ratingCount"`
	// CompletedShare is the whole percentage of the appointments that took
	// place or were missed that were completed; 0 when none did yet.
	CompletedShare int64 `json:"completedShare"`
}

type statsAnswer struct {
	Success bool  `json:"success"`
	Data    Stats `json:"data"`
}

// statsHandler composes GET /stats from one call to each service's
// internal service, concurrently; none of them keeps another's data.
func statsHandler(b Backends, log *slog.Logger) http.Handler {
	booking := bookingv1.NewBookingInternalClient(b.Booking)
	catalog := catalogv1.NewCatalogInternalClient(b.Catalog)
	review := reviewv1.NewReviewInternalClient(b.Review)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		metrics.SetRoute(r.Context(), "/stats")
		ctx, cancel := context.WithTimeout(r.Context(), statsTimeout)
		defer cancel()
		st, err := gatherStats(ctx, booking, catalog, review)
		if err != nil {
			if grpcx.ServerFault(status.Code(err)) && !grpcx.Logged(err) {
				log.ErrorContext(ctx, "request failed", "method", "GET /stats", "err", err.Error())
			}
			handleError(ctx, w, err)
			return
		}
		body, err := json.Marshal(statsAnswer{Success: true, Data: st})
		if err != nil {
			handleError(ctx, w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get("Authorization") != "" {
			// noStore already said no-store: an answer to a signed-in
			// request is kept by no shared cache.
			_, _ = w.Write(body)
			return
		}
		sendTagged(w, r, cacheFigures, strongETag(body), body)
	})
}

func gatherStats(ctx context.Context, booking bookingv1.BookingInternalClient, catalog catalogv1.CatalogInternalClient,
	review reviewv1.ReviewInternalClient) (Stats, error) {
	var bs *bookingv1.BookingStatsResponse
	var cs *catalogv1.CatalogStatsResponse
	var rs *reviewv1.ReviewStatsResponse
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { bs, err = booking.BookingStats(ctx, &bookingv1.BookingStatsRequest{}); return err })
	g.Go(func() (err error) { cs, err = catalog.CatalogStats(ctx, &catalogv1.CatalogStatsRequest{}); return err })
	g.Go(func() (err error) { rs, err = review.ReviewStats(ctx, &reviewv1.ReviewStatsRequest{}); return err })
	if err := g.Wait(); err != nil {
		return Stats{}, err
	}
	return composeStats(bs.GetBookings(), bs.GetCompleted(), bs.GetEnded(), cs.GetBusinesses(), rs.GetRatingCount(), rs.GetAverageRating()), nil
}

// composeStats rounds the figures as the home page shows them.
func composeStats(bookings, completed, ended, businesses, ratings int64, average float64) Stats {
	st := Stats{Bookings: bookings, Businesses: businesses, RatingCount: ratings, AverageRating: math.Round(average*10) / 10}
	if ended > 0 {
		st.CompletedShare = int64(math.Round(float64(completed) * 100 / float64(ended)))
	}
	return st
}
