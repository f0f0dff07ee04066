package postgres_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/testkit"
)

func TestMigrateAppliesOnceInOrderInsideTheSchema(t *testing.T) {
	ctx := context.Background()
	db := testkit.NewDatabase(t)
	pool, err := postgres.Open(ctx, db, "alpha", postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	fs := fstest.MapFS{
		"002_rows.sql":  {Data: []byte(`INSERT INTO things (name) VALUES ('one');`)},
		"001_table.sql": {Data: []byte(`CREATE TABLE things (name text);`)},
	}
	for range 2 { // the second run must apply nothing
		if err := postgres.Migrate(ctx, pool, "alpha", fs); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM alpha.things`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("things rows = %d (%v), want 1", n, err)
	}
	// Another service's schema does not see alpha's tables.
	other, err := postgres.Open(ctx, db, "beta", postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := postgres.Migrate(ctx, other, "beta", fstest.MapFS{}); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec(ctx, `SELECT * FROM things`); err == nil {
		t.Fatal("beta resolved alpha's table through its search_path")
	}
	bad := fstest.MapFS{"003_broken.sql": {Data: []byte(`CREATE TABLE nope (`)}}
	if err := postgres.Migrate(ctx, pool, "alpha", bad); err == nil {
		t.Fatal("a broken migration must fail")
	}
	if _, err := postgres.Open(ctx, db, "bad-name; DROP", postgres.Options{}); err == nil {
		t.Fatal("invalid schema name accepted")
	}
}

// A "-- migrate:no-transaction" migration runs outside a transaction (what
// CREATE INDEX CONCURRENTLY needs), once; a concurrent build that failed
// leaves an invalid index, which stops the migration until it is dropped.
func TestMigrateRunsAConcurrentIndexOutsideATransaction(t *testing.T) {
	ctx := context.Background()
	pool, err := postgres.Open(ctx, testkit.NewDatabase(t), "gamma", postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	fs := fstest.MapFS{
		"001_table.sql": {Data: []byte(`CREATE TABLE things (name text); INSERT INTO things VALUES ('a'), ('a');`)},
		"002_index.sql": {Data: []byte("-- migrate:no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS things_name ON things (name);")},
	}
	for range 2 {
		if err := postgres.Migrate(ctx, pool, "gamma", fs); err != nil {
			t.Fatal(err)
		}
	}
	var valid bool
	if err := pool.QueryRow(ctx, `SELECT i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'things_name'`).Scan(&valid); err != nil || !valid {
		t.Fatalf("things_name valid = %v (%v)", valid, err)
	}
	// A unique index over duplicate names fails half-way and stays invalid.
	unique := fstest.MapFS{"003_unique.sql": {Data: []byte("-- migrate:no-transaction\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS things_unique ON things (name);")}}
	if err := postgres.Migrate(ctx, pool, "gamma", unique); err == nil {
		t.Fatal("a failed concurrent build must fail the migration")
	}
	if err := postgres.Migrate(ctx, pool, "gamma", unique); err == nil || !strings.Contains(err.Error(), "things_unique") {
		t.Fatalf("the retry skipped over the invalid index: %v", err)
	}
}
