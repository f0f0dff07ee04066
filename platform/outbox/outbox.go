// Package outbox makes event publication part of a database transaction: a
// service writes its event into the outbox table in the same transaction as
// the change, and the Relay publishes committed rows to Kafka and marks them
// sent. With Kafka down, writes still succeed and nothing is lost.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"google.golang.org/protobuf/proto"
)

// Write stores msg for publication to topic under key, together with the
// caller's trace context so the publish and every consumer join its trace.
func Write(ctx context.Context, tx pgx.Tx, topic, key string, msg proto.Message) error {
	payload, err := proto.Marshal(msg)
	if err != nil {
		return fmt.Errorf("outbox: marshal %T: %w", msg, err)
	}
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	headers, err := json.Marshal(carrier)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO outbox (topic, key, payload, headers) VALUES ($1, $2, $3, $4)`,
		topic, key, payload, headers)
	if err != nil {
		return fmt.Errorf("outbox: insert: %w", err)
	}
	return nil
}
