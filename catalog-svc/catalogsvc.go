// Package catalogsvc runs the catalog service: the services providers publish.
package catalogsvc

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/pagecache"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
	"github.com/slotwise/slotwise/catalog-svc/internal/events"
	"github.com/slotwise/slotwise/catalog-svc/internal/pages"
	"github.com/slotwise/slotwise/catalog-svc/internal/store"
	"github.com/slotwise/slotwise/catalog-svc/internal/transport"
)

// Config is the catalog service's environment.
type Config struct {
	svc.Config
	// CopyTTL is how long booking-svc trusts its copies of services
	// (CATALOG_CACHE_TTL, the same variable booking-svc reads): an edit is
	// acknowledged once every copy dropped it, or after at most this long.
	CopyTTL time.Duration
	// PagesBytes bounds the public answers kept in memory (CATALOG_PAGES_BYTES).
	PagesBytes int
	// Clock stamps createdAt/updatedAt (nil: time.Now).
	Clock func() time.Time
	// Location is the business time zone (APP_TIMEZONE) days off are dates
	// in (nil: Asia/Kolkata).
	Location *time.Location
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{
		Config:     svc.LoadConfig(r, "catalog-svc", ":7002", true, true),
		CopyTTL:    r.Duration("CATALOG_CACHE_TTL", copies.DefaultTTL),
		PagesBytes: r.Int("CATALOG_PAGES_BYTES", DefaultPagesBytes),
		Location:   r.Location("APP_TIMEZONE", "Asia/Kolkata"),
	}
}

// DefaultPagesBytes is CATALOG_PAGES_BYTES's default: some thousand
// 24-service pages (docs/operations.md).
const DefaultPagesBytes = 32 << 20

// Program is what cmd/catalog-svc runs.
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
	return svc.Spec{
		Schema:     "catalog",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		Produces:   []string{topics.Services},
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			propagation := events.Propagation{Pool: rt.Pool, CopyTTL: cfg.CopyTTL, Logger: rt.Logger,
				Kafka: &kafka.Client{Addr: kafka.TCP(rt.Config.KafkaBrokers...), Timeout: cfg.CopyTTL}}
			if cfg.PagesBytes <= 0 {
				cfg.PagesBytes = DefaultPagesBytes
			}
			cache := pagecache.New(cfg.CopyTTL, cfg.PagesBytes, nil) // wall time: it bounds staleness
			// Pages live past CopyTTL while the writes watcher (below) sees
			// every write as it commits (store/writes.go).
			cache.KeepConfirmed(copies.ConfirmedMaxAge)
			repo := pages.Invalidating(store.Services{Pool: rt.Pool, Kick: rt.Relay.Kick, Totals: cache}, cache)
			domain := catalog.NewService(repo, propagation, loc, now, func() string { return uuid.NewString() })
			marks := store.WriteMarks{Pool: rt.Pool}
			set := transport.NewSet(domain, marks.WriteMark, rt.Middlewares(catalogv1.CatalogService_ServiceDesc.ServiceName))
			catalogv1.RegisterCatalogServiceServer(rt.Server, transport.NewGRPCServer(set, cache))
			rt.Consume(topics.Reviews, topics.CatalogReviewsGroup, events.ReviewRatings(domain, rt.Logger))
			if cfg.CopyTTL <= 0 {
				return nil // edits wait for no copy holder: keep no pages
			}
			// Pages are served once edits elsewhere wait for this process.
			rt.ConsumeServiceChanges(copies.Invalidating(cache, rt.Logger), cache.Live)
			rt.Go("writes watcher", func(ctx context.Context) error {
				copies.WatchWrites(ctx, cfg.CopyTTL/4, marks.WriteMark, cache, rt.Logger)
				return nil
			})
			return nil
		},
	}
}
