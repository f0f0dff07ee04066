// Package retention deletes rows that can no longer matter (expired
// idempotency keys, inbox entries older than any redelivery), in small
// batches on a timer of its own: tables that grow by themselves stay
// bounded, and no request ever waits on a long delete.
package retention

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Rule keeps the rows of Table whose Column (a timestamptz) is at most
// Keep old. Table is in the pool's schema (search_path).
type Rule struct {
	Table  string
	Column string
	Keep   time.Duration
	// Now is the clock Column is written with (nil: time.Now).
	Now func() time.Time

	deleted     atomic.Int64
	vacuums     atomic.Int64
	sinceVacuum int64
}

// Deleted is how many rows the rule has deleted so far.
func (r *Rule) Deleted() int64 { return r.deleted.Load() }

// Vacuums is how many times the pruner has vacuumed the rule's table.
func (r *Rule) Vacuums() int64 { return r.vacuums.Load() }

// Pruner applies rules until its context ends.
type Pruner struct {
	Pool   *pgxpool.Pool
	Rules  []*Rule
	Logger *slog.Logger
	// Batch is how many rows one DELETE removes (default 1000): short
	// statements that hold few row locks and little WAL at a time.
	Batch int
	// VacuumEvery is how many rows of a table the pruner deletes before it
	// vacuums that table itself (default 10000; negative: never), so the
	// space of deleted rows is reused even where autovacuum is off or
	// behind (docs/operations.md).
	VacuumEvery int
}

// Every is how often rules run: a tenth of the shortest Keep, between a
// second and a minute, so a table holds at most about 10 % more than it
// must, and the idle cost is one index probe a minute.
func (p *Pruner) Every() time.Duration {
	every := time.Minute
	for _, r := range p.Rules {
		every = min(every, max(r.Keep/10, time.Second))
	}
	return every
}

// Run prunes every Every until ctx ends. A failure is logged and retried
// at the next tick: nothing depends on a row being gone on time.
func (p *Pruner) Run(ctx context.Context) error {
	t := time.NewTicker(p.Every())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		for _, r := range p.Rules {
			if err := p.Prune(ctx, r); err != nil && ctx.Err() == nil {
				p.Logger.Warn("retention: could not delete expired rows", "table", r.Table, "err", err)
			}
		}
	}
}

// Prune deletes r's expired rows, a batch at a time, until none is left.
// SKIP LOCKED: rows another instance's pruner is deleting are its own.
func (p *Pruner) Prune(ctx context.Context, r *Rule) error {
	batch := p.Batch
	if batch <= 0 {
		batch = 1000
	}
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	cutoff := now().Add(-r.Keep)
	table, column := pgx.Identifier{r.Table}.Sanitize(), pgx.Identifier{r.Column}.Sanitize()
	sql := fmt.Sprintf(`DELETE FROM %s WHERE ctid = ANY(ARRAY(SELECT ctid FROM %s WHERE %s < $1 LIMIT $2 FOR UPDATE SKIP LOCKED))`,
		table, table, column)
	for {
		tag, err := p.Pool.Exec(ctx, sql, cutoff, batch)
		if err != nil {
			return err
		}
		r.deleted.Add(tag.RowsAffected())
		r.sinceVacuum += tag.RowsAffected()
		if tag.RowsAffected() < int64(batch) {
			break
		}
	}
	return p.maybeVacuum(ctx, r, table)
}

// maybeVacuum vacuums r's table once VacuumEvery rows were deleted from it.
// SKIP_LOCKED: when autovacuum or another instance is at it, this one does
// not wait.
func (p *Pruner) maybeVacuum(ctx context.Context, r *Rule, table string) error {
	every := int64(p.VacuumEvery)
	if every == 0 {
		every = 10000
	}
	if every < 0 || r.sinceVacuum < every {
		return nil
	}
	if _, err := p.Pool.Exec(ctx, `VACUUM (SKIP_LOCKED) `+table); err != nil {
		return err
	}
	r.sinceVacuum = 0
	r.vacuums.Add(1)
	return nil
}
