package postgres

import (
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// platformTables are the outbox, inbox and erased users every service gets in its schema.
const platformTables = `
CREATE TABLE IF NOT EXISTS outbox (
  id          bigserial PRIMARY KEY,
  topic       text NOT NULL,
  key         text NOT NULL,
  payload     bytea NOT NULL,
  headers     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- The relay deletes what it has published (it used to mark rows sent_at):
-- drop what that kept.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'outbox' AND column_name = 'sent_at') THEN
    DELETE FROM outbox WHERE sent_at IS NOT NULL;
    ALTER TABLE outbox DROP COLUMN sent_at;
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS inbox (
  consumer     text NOT NULL,
  event_id     text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
-- The retention pruner (platform/retention) finds expired entries by age.
CREATE INDEX IF NOT EXISTS inbox_processed_at ON inbox (processed_at);
-- Queue tables: every row is deleted soon after it is written, so dead rows
-- pile up far faster than the default trigger (20 % of a table that is
-- nearly empty) notices. Vacuum after a fixed number of dead rows instead
-- (docs/operations.md).
ALTER TABLE outbox SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
ALTER TABLE inbox SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
-- The users whose accounts were deleted (platform/erasure): the service
-- refuses their tokens and copies nothing personal of theirs again. Only
-- ids, kept for good: an id is never reused.
CREATE TABLE IF NOT EXISTS erased_users (
  user_id   text PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS schema_migrations (
  name       text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);`

// Migrate creates schema if needed and applies, in name order, every *.sql
// file of migrations that has not been applied yet, each in its own
// transaction, or outside one when it starts with "-- migrate:no-transaction"
// (migrateOutsideTransaction). An advisory lock keeps two instances from
// migrating at once.
func Migrate(ctx context.Context, pool *pgxpool.Pool, schema string, migrations fs.FS) error {
	if !schemaName.MatchString(schema) {
		return fmt.Errorf("postgres: invalid schema name %q", schema)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	h := fnv.New64a()
	h.Write([]byte("migrate:" + schema))
	lock := int64(h.Sum64())
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, lock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, lock)

	if _, err := conn.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+schema); err != nil {
		return fmt.Errorf("migrate %s: create schema: %w", schema, err)
	}
	if _, err := conn.Exec(ctx, `SET search_path TO `+schema); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, platformTables); err != nil {
		return fmt.Errorf("migrate %s: platform tables: %w", schema, err)
	}
	names, err := fs.Glob(migrations, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := fs.ReadFile(migrations, name)
		if err != nil {
			return err
		}
		if strings.HasPrefix(strings.TrimSpace(string(body)), noTransaction) {
			err = migrateOutsideTransaction(ctx, conn.Conn(), name, string(body))
		} else {
			err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
				tag, err := tx.Exec(ctx, `INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT DO NOTHING`, name)
				if err != nil || tag.RowsAffected() == 0 {
					return err // already applied
				}
				_, err = tx.Exec(ctx, string(body))
				return err
			})
		}
		if err != nil {
			return fmt.Errorf("migrate %s: %s: %w", schema, strings.TrimSuffix(name, ".sql"), err)
		}
	}
	return nil
}

// noTransaction marks a migration that cannot run in a transaction block,
// such as CREATE INDEX CONCURRENTLY (platform/postgres/migrationlint holds
// it to one statement, which is also what the simple protocol needs: several
// statements in one query share an implicit transaction).
const noTransaction = "-- migrate:no-transaction"

// migrateOutsideTransaction runs one such migration and then records it. A
// failed CREATE INDEX CONCURRENTLY leaves an invalid index behind, and its
// IF NOT EXISTS would then skip over it; so before recording, any invalid
// index in the schema fails the migration, naming it, for an operator to
// drop before the next start retries.
func migrateOutsideTransaction(ctx context.Context, conn *pgx.Conn, name, body string) error {
	var done bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1)`, name).Scan(&done); err != nil || done {
		return err
	}
	if _, err := conn.Exec(ctx, body, pgx.QueryExecModeSimpleProtocol); err != nil {
		return err
	}
	var invalid []string
	rows, err := conn.Query(ctx, `SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND NOT i.indisvalid`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		invalid = append(invalid, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(invalid) > 0 {
		return fmt.Errorf("invalid indexes %v (a concurrent build failed): drop them, then start again", invalid)
	}
	_, err = conn.Exec(ctx, `INSERT INTO schema_migrations (name) VALUES ($1)`, name)
	return err
}
