package postgres_test

import (
	"context"
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
