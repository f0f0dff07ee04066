package copies

import (
	"context"
	"log/slog"
	"time"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
)

// ConfirmedMaxAge bounds how long a holder keeps a copy while the write
// mark confirms it (WatchWrites): a change made behind catalog-svc's back
// (SQL by hand, a day off that ended yesterday) shows within it.
const ConfirmedMaxAge = time.Minute

// WriteMark is where the catalog's writes stand, as its database has them
// when asked: every write takes a number from the catalog outbox's sequence
// and holds a lock on the outbox until it commits (catalog-svc/internal/
// store/writes.go reads both).
type WriteMark struct {
	// Sequence is the last number handed out (0: none yet).
	Sequence int64
	// Writing is true while a write that may have taken a number has not
	// committed.
	Writing bool
}

// ReadWriteMark asks catalog-svc for its write mark (GetWriteMark), for
// WatchWrites.
func ReadWriteMark(api catalogv1.CatalogServiceClient) func(context.Context) (WriteMark, error) {
	return func(ctx context.Context) (WriteMark, error) {
		m, err := api.GetWriteMark(ctx, &catalogv1.GetWriteMarkRequest{})
		if err != nil {
			return WriteMark{}, err
		}
		return WriteMark{Sequence: m.GetSequence(), Writing: m.GetWriting()}, nil
	}
}

// Confirmable is a holder of copies that may keep them past
// CATALOG_CACHE_TTL while it confirms that it saw every write
// (pagecache.Cache; booking-svc's catalog client).
type Confirmable interface {
	// Invalidate forgets every copy: a write may have changed any.
	Invalidate()
	// Confirm records that every write committed before at has emptied
	// the holder.
	Confirm(at time.Time)
}

// WatchWrites reads the write mark every `every` until ctx ends. A new
// number empties the holder, and so does every read after it until one
// finds no write under way (a copy read before a write commits is stale
// once it does). Each read that got an answer confirms the holder as of
// when it began. So a write shows within `every` of its commit even with
// Kafka down; when the mark cannot be read the holder's own lifetime
// (CATALOG_CACHE_TTL) bounds every copy, as without a watcher.
func WatchWrites(ctx context.Context, every time.Duration, read func(context.Context) (WriteMark, error), holder Confirmable, log *slog.Logger) {
	last, pending, failing := int64(-1), false, false
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		began := time.Now()
		m, err := read(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			// Once per outage, not twice a second: a holder that starts
			// before catalog-svc would flood its log.
			if !failing {
				log.WarnContext(ctx, "reading the catalog's write mark failed: copies live only CATALOG_CACHE_TTL until it answers again", "err", err)
			}
			failing = true
		default:
			if failing {
				log.InfoContext(ctx, "reading the catalog's write mark again: copies kept until a catalog write")
			}
			failing = false
			switch {
			case m.Sequence != last: // the first read too: a copy kept before it may predate a write it counts
				holder.Invalidate()
				last, pending = m.Sequence, true
			case pending:
				holder.Invalidate()
				pending = m.Writing
			}
			holder.Confirm(began)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
