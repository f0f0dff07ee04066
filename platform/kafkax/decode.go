package kafkax

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"
)

// Decoded returns a handler that unmarshals each message into a new M and
// passes it to fn; undecodable messages are skipped (see Decode).
func Decoded[T any, M interface {
	*T
	proto.Message
}](log *slog.Logger, fn func(ctx context.Context, msg kafka.Message, ev M) error) Handler {
	return func(ctx context.Context, msg kafka.Message) error {
		ev, ok := Decode[T, M](ctx, log, msg)
		if !ok {
			return nil
		}
		return fn(ctx, msg, ev)
	}
}

// Decode unmarshals msg into a new M. A message that cannot be decoded can
// never succeed, so it is logged and reported false, for the caller to skip
// rather than retry: retrying would stall its partition for ever.
func Decode[T any, M interface {
	*T
	proto.Message
}](ctx context.Context, log *slog.Logger, msg kafka.Message) (M, bool) {
	ev := M(new(T))
	if err := proto.Unmarshal(msg.Value, ev); err != nil {
		log.ErrorContext(ctx, "skipping undecodable event", "topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset, "err", err)
		return nil, false
	}
	return ev, true
}
