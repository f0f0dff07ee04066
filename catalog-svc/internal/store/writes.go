package store

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/pagecache"
)

// WatchWrites lets this process keep its pages past CATALOG_CACHE_TTL
// (docs/decisions.md "Catalog pages in memory"). Every catalog write puts
// its event in the outbox in the write's own transaction, so it takes a
// number from the outbox's sequence and holds a lock on the outbox until
// it commits; every replica reads the same database. Every `every`, the
// watcher reads the sequence and whether anyone holds that lock: a new
// number empties the cache, and so does every check after it until one
// finds the lock free (a page read before a write commits is stale once it
// does). Each check that got an answer confirms the cache as of when it
// began. A write is so seen here within `every` of its commit even with
// Kafka down, while the cache's lifetime still bounds everything when the
// database cannot be read.
func WatchWrites(ctx context.Context, pool *pgxpool.Pool, every time.Duration, cache *pagecache.Cache, log *slog.Logger) error {
	last, pending := int64(-1), false
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		began := time.Now()
		var n int64
		var writing bool
		err := pool.QueryRow(ctx, `SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM outbox_id_seq),
			EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'relation' AND relation = 'outbox'::regclass
				AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`).Scan(&n, &writing)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			log.WarnContext(ctx, "reading the outbox sequence failed: pages live only CATALOG_CACHE_TTL", "err", err)
		default:
			switch {
			case n != last: // the first check too: a page kept before it may predate a write it counts
				cache.Invalidate()
				last, pending = n, true
			case pending:
				cache.Invalidate()
				pending = writing
			}
			cache.Confirm(began)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}
