// Package catalogsvc runs the catalog service: the services providers publish.
package catalogsvc

import (
	"context"
	"time"

	"github.com/google/uuid"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
	"github.com/slotwise/slotwise/catalog-svc/internal/events"
	"github.com/slotwise/slotwise/catalog-svc/internal/store"
	"github.com/slotwise/slotwise/catalog-svc/internal/transport"
)

// Config is the catalog service's environment.
type Config struct {
	svc.Config
	// Clock stamps createdAt/updatedAt (nil: time.Now).
	Clock func() time.Time
	// Location is the business time zone (APP_TIMEZONE) days off are dates
	// in (nil: Asia/Kolkata).
	Location *time.Location
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{
		Config:   svc.LoadConfig(r, "catalog-svc", ":7002", true, true),
		Location: r.Location("APP_TIMEZONE", "Asia/Kolkata"),
	}
}

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
		Erasure:    &svc.Erasure{Group: topics.CatalogErasureGroup, Erase: erasure.Statements(store.EraseStatements...)},
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			repo := store.Services{Pool: rt.Pool, Kick: rt.Relay.Kick}
			domain := catalog.NewService(repo, loc, now, func() string { return uuid.NewString() })
			rt.Serve(transport.NewGRPCServer(transport.NewSet(domain, repo, rt.Middlewares)),
				&catalogv1.CatalogService_ServiceDesc, &catalogv1.CatalogInternal_ServiceDesc)
			rt.Consume(topics.Reviews, topics.CatalogReviewsGroup, events.ReviewRatings(domain, rt.Logger))
			return nil
		},
	}
}
