// Package inbox makes event consumers idempotent: a consumer records each
// event id in the same transaction as the event's effect, and skips events
// it has already recorded.
package inbox

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// FirstTime records eventID for consumer and reports whether this is the
// first time it is seen. Call it inside the transaction that applies the
// event; when it returns false, apply nothing.
func FirstTime(ctx context.Context, tx pgx.Tx, consumer, eventID string) (bool, error) {
	first, err := FirstTimes(ctx, tx, consumer, []string{eventID})
	return first[eventID], err
}

// FirstTimes is FirstTime for a batch, in one statement: it records every
// id of eventIDs for consumer and returns those seen for the first time (an
// id repeated within the batch is returned once: apply it once).
func FirstTimes(ctx context.Context, tx pgx.Tx, consumer string, eventIDs []string) (map[string]bool, error) {
	for _, id := range eventIDs {
		if id == "" {
			return nil, fmt.Errorf("inbox: event without id for consumer %s", consumer)
		}
	}
	rows, err := tx.Query(ctx, `INSERT INTO inbox (consumer, event_id) SELECT $1, unnest($2::text[])
		ON CONFLICT DO NOTHING RETURNING event_id`, consumer, eventIDs)
	if err != nil {
		return nil, fmt.Errorf("inbox: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("inbox: %w", err)
	}
	first := make(map[string]bool, len(ids))
	for _, id := range ids {
		first[id] = true
	}
	return first, nil
}
