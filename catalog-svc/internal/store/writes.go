package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/copies"
)

// WriteMarks reads where the catalog's writes stand (docs/decisions.md
// "Catalog pages in memory"). Every catalog write puts its event in the
// outbox in the write's own transaction, so it takes a number from the
// outbox's sequence and holds a lock on the outbox until it commits; every
// replica reads the same database. This process's pages follow the mark
// (copies.WatchWrites), and so do booking-svc's copies, through
// GetWriteMark.
type WriteMarks struct{ Pool *pgxpool.Pool }

// WriteMark reads the sequence's last number and whether anyone holds a
// lock on the outbox, now.
func (w WriteMarks) WriteMark(ctx context.Context) (copies.WriteMark, error) {
	var m copies.WriteMark
	err := w.Pool.QueryRow(ctx, `SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM outbox_id_seq),
		EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'relation' AND relation = 'outbox'::regclass
			AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`).Scan(&m.Sequence, &m.Writing)
	return m, err
}
