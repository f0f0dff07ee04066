// Package outbox makes event publication part of a database transaction: a
// service writes its event into the outbox table in the same transaction as
// the change, and the Relay publishes committed rows to Kafka and deletes
// them. With Kafka down, writes still succeed and nothing is lost.
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

// Columns are the outbox row's columns, in the order they are bound: topic,
// key, then Encode's payload and headers.
const Columns = `topic, key, payload, headers`

const insert = `INSERT INTO outbox (` + Columns + `) VALUES ($1, $2, $3, $4)`

// Write stores msg for publication to topic under key, together with the
// caller's trace context so the publish and every consumer join its trace.
func Write(ctx context.Context, tx pgx.Tx, topic, key string, msg proto.Message) error {
	payload, headers, err := Encode(ctx, msg)
	if err != nil {
		return err
	}
	if _, err = tx.Exec(ctx, insert, topic, key, payload, headers); err != nil {
		return fmt.Errorf("outbox: insert: %w", err)
	}
	return nil
}

// Encode returns the payload and headers columns of msg's outbox row (for
// a caller that writes the row with a statement of its own, too).
func Encode(ctx context.Context, msg proto.Message) (payload, headers []byte, err error) {
	if payload, err = proto.Marshal(msg); err != nil {
		return nil, nil, fmt.Errorf("outbox: marshal %T: %w", msg, err)
	}
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	headers, err = json.Marshal(carrier)
	return payload, headers, err
}
