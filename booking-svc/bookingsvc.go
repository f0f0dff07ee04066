// Package bookingsvc runs the booking service: appointments and availability.
package bookingsvc

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"log/slog"
	"time"

	"github.com/google/uuid"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/ratelimit"
	"github.com/slotwise/slotwise/platform/retention"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/booking-svc/internal/accounts"
	"github.com/slotwise/slotwise/booking-svc/internal/booking"
	"github.com/slotwise/slotwise/booking-svc/internal/catalog"
	"github.com/slotwise/slotwise/booking-svc/internal/events"
	"github.com/slotwise/slotwise/booking-svc/internal/store"
	"github.com/slotwise/slotwise/booking-svc/internal/transport"
)

// Config is the booking service's environment.
type Config struct {
	svc.Config
	CatalogAddr string
	// IdempotencyTTL is how long a keyed booking's first result is
	// replayed (IDEMPOTENCY_TTL); the record is deleted after it.
	IdempotencyTTL time.Duration
	// BookingsPerMinute limits each user's bookings
	// (BOOKING_RATE_LIMIT_PER_MINUTE; 0: no limit).
	BookingsPerMinute int
	// Location is the business time zone (APP_TIMEZONE) slots are read in.
	Location *time.Location
	// Clock is the time source; nil means time.Now (tests inject one).
	Clock func() time.Time
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{
		Config:            svc.LoadConfig(r, "booking-svc", ":7003", true, true),
		CatalogAddr:       r.Required("CATALOG_GRPC_ADDR"),
		IdempotencyTTL:    r.Duration("IDEMPOTENCY_TTL", booking.DefaultIdempotencyTTL),
		BookingsPerMinute: r.Int("BOOKING_RATE_LIMIT_PER_MINUTE", DefaultBookingsPerMinute),
		Location:          r.Location("APP_TIMEZONE", "Asia/Kolkata"),
	}
}

// DefaultBookingsPerMinute is BOOKING_RATE_LIMIT_PER_MINUTE's default: far
// above what a person books, low enough that one account cannot fill every
// slot of a provider in a burst.
const DefaultBookingsPerMinute = 20

// closedDayNoticesKept is how long a closed-day notice is remembered: far
// beyond the booking window, the furthest an appointment lies ahead.
const closedDayNoticesKept = 90 * 24 * time.Hour

// Program is what cmd/booking-svc runs.
var Program = svc.ProgramFor(LoadConfig)

// Run serves until ctx ends (the devstack runs it in-process).
func Run(ctx context.Context, cfg Config) error { return svc.RunService(ctx, cfg) }

// Spec wires the service into the shared runtime.
func (cfg Config) Spec() svc.Spec {
	now := svc.Clock(cfg.Clock)
	loc := cfg.Location
	if loc == nil {
		loc = svc.BusinessZone()
	}
	idemTTL := cfg.IdempotencyTTL
	if idemTTL <= 0 {
		idemTTL = booking.DefaultIdempotencyTTL
	}
	return svc.Spec{
		Schema:     "booking",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		Produces:   []string{topics.Appointments},
		Retention: []*retention.Rule{{Table: "idempotency_keys", Column: "created_at", Keep: idemTTL, Now: now},
			// A notice matters only until its day passes: appointments lie at most the booking window ahead.
			{Table: "closed_day_notices", Column: "noticed_at", Keep: closedDayNoticesKept, Now: now},
			// A reschedule counts against its customer's budget only inside the window.
			{Table: "reschedules", Column: "rescheduled_at", Keep: booking.RescheduleWindow, Now: now},
			// A reassignment counts against its appointment's budget only inside the window.
			{Table: "reassigns", Column: "reassigned_at", Keep: booking.ReassignWindow, Now: now}},
		Erasure: &svc.Erasure{Group: topics.BookingErasureGroup, Erase: erasure.Statements(store.EraseStatements...)},
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			conn, err := rt.Dial(cfg.CatalogAddr)
			if err != nil {
				return err
			}
			authConn, err := rt.Dial(cfg.AuthGRPCAddr)
			if err != nil {
				return err
			}
			repo := store.NewAppointments(rt.Pool, rt.Relay.Kick, rt.TracerProvider)
			services := catalog.New(conn)
			domain := booking.NewService(repo, services, accounts.New(authConn), loc, now, uuid.NewString, idemTTL)
			feeds := store.Feeds{Pool: rt.Pool}
			set := transport.NewSet(transport.Domain{
				Bookings: domain,
				Calendars: booking.Calendars{Appointments: domain, Feeds: feeds, Members: services, Revoker: feeds, Catalog: services,
					NewToken: newFeedToken, Now: now},
				Analyses: booking.Analyses{Store: repo, Zone: loc, Now: now},
				Stats:    &booking.KeptStats{Reader: repo, Keep: booking.StatsKeep, Now: now},
				PerUser:  ratelimit.New(cfg.BookingsPerMinute),
			}, rt.Middlewares)
			rt.Serve(transport.NewGRPCServer(set, loc, now), &bookingv1.BookingService_ServiceDesc, &bookingv1.BookingInternal_ServiceDesc)
			rt.Consume(topics.Reviews, topics.BookingReviewsGroup, events.Reviews(domain, rt.Logger))
			rt.Consume(topics.Accounts, topics.BookingClosingGroup, events.Closing(domain, rt.Logger))
			rt.Consume(topics.Accounts, topics.BookingFeedsGroup, events.RevokedAccess(feeds, rt.Logger))
			notices := booking.ClosedDayNotices{Catalog: services, Store: repo, Location: loc, Now: now}
			rt.Consume(topics.Services, topics.BookingClosedDaysGroup, events.ClosedDays(notices, rt.Logger))
			handBack := booking.HandBack{Catalog: services, Store: repo, Now: now}
			rt.Consume(topics.Services, topics.BookingMembersGroup, events.MembersRemoved(handBack, rt.Logger))
			rt.Go("overdue appointments", func(ctx context.Context) error {
				completeOverdue(ctx, domain, rt.Logger)
				return nil
			})
			rt.Go("appointments from before teams", func(ctx context.Context) error {
				adoptLegacy(ctx, booking.LegacyAdoption{Catalog: services, Store: repo, Now: now}, rt.Logger)
				return nil
			})
			return nil
		},
	}
}

// newFeedToken is 32 random bytes, URL-safe: a calendar feed's address
// (booking.FeedTokenLen characters).
func newFeedToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// overdueEvery is how often booking-svc completes the appointments left
// open booking.OverdueAfter past their end: docs/product.md promises it
// within this much of that moment. Every replica runs it; each appointment
// is completed once (booking.CompleteOverdue re-checks it under its lock).
const overdueEvery = 5 * time.Minute

// completeOverdue runs domain.CompleteOverdue every overdueEvery until ctx
// ends. A failed pass is logged and retried at the next.
func completeOverdue(ctx context.Context, domain booking.Service, log *slog.Logger) {
	t := time.NewTicker(overdueEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n, err := domain.CompleteOverdue(ctx)
		if err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "completing overdue appointments failed; retried at the next pass", "err", err, "completed", n)
		} else if n > 0 {
			log.InfoContext(ctx, "completed overdue appointments", "count", n)
		}
	}
}

// adoptLegacy gives appointments from before teams their member and end
// (booking/legacy.go): at start-up, then every overdueEvery until a pass
// finds none (new bookings always have both; the previous release writes
// a few more only while a rollout lasts). Every replica may run it; each
// row is adopted once (the update checks it still has no member).
func adoptLegacy(ctx context.Context, adoption booking.LegacyAdoption, log *slog.Logger) {
	t := time.NewTicker(overdueEvery)
	defer t.Stop()
	for {
		adopted, unassigned, err := adoption.Run(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			log.WarnContext(ctx, "adopting appointments from before teams failed; retried at the next pass", "err", err)
		case err == nil && adopted+unassigned == 0:
			return
		case err == nil:
			log.InfoContext(ctx, "appointments from before teams adopted", "owner", adopted, "overlapping_left_unassigned", unassigned)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
