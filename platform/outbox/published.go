package outbox

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/proto"

	"github.com/slotwise/slotwise/platform/app"
)

// Querier is what WaitPublished reads the outbox with (a pool or a tx).
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// WriteReturning stores msg like Write and returns the row's id, for a
// writer that waits on its event (WaitPublished).
func WriteReturning(ctx context.Context, tx pgx.Tx, topic, key string, msg proto.Message) (int64, error) {
	payload, headers, err := Encode(ctx, msg)
	if err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, insert+` RETURNING id`, topic, key, payload, headers).Scan(&id); err != nil {
		return 0, fmt.Errorf("outbox: insert: %w", err)
	}
	return id, nil
}

// WaitPublished waits until the relay has published outbox row id (it
// deletes what Kafka has acknowledged), whichever instance's relay takes
// it. It polls, starting at a millisecond: a kicked relay publishes within
// a few. It returns ctx's error if the row is still there when ctx ends.
func WaitPublished(ctx context.Context, db Querier, id int64) error {
	return app.Poll(ctx, time.Millisecond, 20*time.Millisecond, func() (bool, error) {
		var pending bool
		err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM outbox WHERE id = $1)`, id).Scan(&pending)
		return !pending, err
	})
}
