package retention_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"testing/fstest"
	"time"

	"github.com/slotwise/slotwise/platform/retention"
	"github.com/slotwise/slotwise/platform/testkit"
)

// TestPruneDeletesOnlyExpiredRows keeps rows up to Keep old by the rule's
// own clock, deletes the rest over several batches, and counts them.
func TestPruneDeletesOnlyExpiredRows(t *testing.T) {
	pool := testkit.NewPool(t, "svc", fstest.MapFS{}, ".", 0)
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	// 2,500 expired entries (older than a day by the service's clock, which
	// is years from the wall clock's), 300 live ones, one just inside.
	if _, err := pool.Exec(ctx, `INSERT INTO inbox (consumer, event_id, processed_at)
		SELECT 'c', 'old-' || i, $1::timestamptz - interval '1 day' - i * interval '1 second' FROM generate_series(1, 2500) i
		UNION ALL SELECT 'c', 'new-' || i, $1::timestamptz - i * interval '1 minute' FROM generate_series(1, 300) i
		UNION ALL SELECT 'c', 'edge', $1::timestamptz - interval '1 day' + interval '1 second'`, now); err != nil {
		t.Fatal(err)
	}
	rule := &retention.Rule{Table: "inbox", Column: "processed_at", Keep: 24 * time.Hour, Now: func() time.Time { return now }}
	p := &retention.Pruner{Pool: pool, Rules: []*retention.Rule{rule}, Batch: 1000, VacuumEvery: 2000,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := p.Prune(ctx, rule); err != nil {
		t.Fatal(err)
	}
	if got := rule.Deleted(); got != 2500 {
		t.Fatalf("deleted %d rows, want 2500", got)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM inbox WHERE event_id LIKE 'old-%'`); n != 0 {
		t.Fatalf("%d expired rows left", n)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM inbox`); n != 301 {
		t.Fatalf("%d rows kept, want the 301 live ones", n)
	}
	// 2,500 deleted rows are more than VacuumEvery: the pruner vacuumed.
	if rule.Vacuums() != 1 {
		t.Fatalf("vacuumed %d times, want once", rule.Vacuums())
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'inbox' AND last_vacuum IS NOT NULL`); n != 1 {
		t.Fatal("PostgreSQL has no vacuum of the inbox on record")
	}
}

// TestRunPrunesOnItsOwn runs the pruner as a service does and waits for it
// to delete what expires while it runs.
func TestRunPrunesOnItsOwn(t *testing.T) {
	pool := testkit.NewPool(t, "svc", fstest.MapFS{}, ".", 0)
	ctx, cancel := context.WithCancel(context.Background())
	rule := &retention.Rule{Table: "inbox", Column: "processed_at", Keep: 2 * time.Second}
	p := &retention.Pruner{Pool: pool, Rules: []*retention.Rule{rule}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if every := p.Every(); every != time.Second {
		t.Fatalf("a 2 s lifetime is checked every %v, want every second", every)
	}
	done := make(chan struct{})
	go func() { p.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	if _, err := pool.Exec(ctx, `INSERT INTO inbox (consumer, event_id) SELECT 'c', 'e-' || i FROM generate_series(1, 50) i`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for testkit.Count(t, pool, `SELECT count(*) FROM inbox`) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("rows 2 s old still there after 15 s; deleted %d", rule.Deleted())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if rule.Deleted() != 50 {
		t.Fatalf("deleted %d, want 50", rule.Deleted())
	}
}
