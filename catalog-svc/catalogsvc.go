// Package catalogsvc runs the catalog service: the services providers publish.
package catalogsvc

import (
	"context"
	"io/fs"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/catalog-svc/internal/store"
)

// Config is the catalog service's environment.
type Config struct {
	svc.Config
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{Config: svc.LoadConfig(r, "catalog-svc", ":7002", true, true)}
}

// Program is what cmd/catalog-svc runs.
func Program(r *config.Reader) (svc.Config, svc.Spec, error) {
	cfg := LoadConfig(r)
	return cfg.Config, Spec(cfg), nil
}

// Run serves until ctx ends (the devstack runs it in-process).
func Run(ctx context.Context, cfg Config) error { return svc.Run(ctx, cfg.Config, Spec(cfg)) }

// Spec wires the service into the shared runtime.
func Spec(cfg Config) svc.Spec {
	migrations, _ := fs.Sub(store.Migrations, "migrations")
	return svc.Spec{
		Schema:     "catalog",
		Migrations: migrations,
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			catalogv1.RegisterCatalogServiceServer(rt.Server, catalogv1.UnimplementedCatalogServiceServer{})
			return nil
		},
	}
}
