// Package postgres opens a pgx pool confined to one service's schema and
// applies that service's embedded migrations.
package postgres

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/exaring/otelpgx"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/trace"

	"github.com/slotwise/slotwise/platform/telemetry"
)

var schemaName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// DefaultMaxConns is a service's pool size unless DATABASE_URL sets
// pool_max_conns.
const DefaultMaxConns = 10

// Options tune a pool; the zero value is fine.
type Options struct {
	MaxConns       int32
	TracerProvider trace.TracerProvider
}

// Open connects to url with search_path set to schema, so every unqualified
// table name a service uses resolves inside its own schema.
func Open(ctx context.Context, url, schema string, opts Options) (*pgxpool.Pool, error) {
	if !schemaName.MatchString(schema) {
		return nil, fmt.Errorf("postgres: invalid schema name %q", schema)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: DATABASE_URL is not a valid connection string: %w", err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	if _, set := cfg.ConnConfig.RuntimeParams["application_name"]; !set {
		// pg_stat_activity and pg_stat_statements then tell which service
		// a backend serves (docs/operations.md).
		cfg.ConnConfig.RuntimeParams["application_name"] = schema
	}
	switch {
	case opts.MaxConns > 0:
		cfg.MaxConns = opts.MaxConns
	case !strings.Contains(url, "pool_max_conns"):
		// pgxpool's default, max(4, cores), starves a service whose requests
		// mostly wait on the database (measured: 262 → 750 bookings/s going
		// from 4 to 12 on 2 cores). Connections open lazily, so idle
		// services hold few.
		cfg.MaxConns = DefaultMaxConns
	}
	if opts.TracerProvider != nil && telemetry.Recording(opts.TracerProvider) {
		// Every statement of a traced request gets a client span named by
		// its operation (SELECT, INSERT, …) with the semantic conventions'
		// db.* attributes; a pipelined batch gets a "batch start" span with
		// one child per statement. Work outside a trace (relay polling, the
		// pruner) makes none. Connection acquisition is not traced: it is
		// a span per statement that says little.
		cfg.ConnConfig.Tracer = otelpgx.NewTracer(otelpgx.WithTracerProvider(opts.TracerProvider), otelpgx.WithDisableAcquireTracer())
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: cannot reach the database at %s: %w", redact(cfg.ConnConfig), err)
	}
	return pool, nil
}

func redact(c *pgx.ConnConfig) string {
	return fmt.Sprintf("%s@%s:%d/%s", c.User, c.Host, c.Port, c.Database)
}

// InTx runs fn in a transaction, committing when it returns nil.
func InTx(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, fn)
}
