package kafkax

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"
)

// Decoded returns a handler that unmarshals each message into a new M and
// passes it to fn. A message that cannot be decoded can never succeed, so it
// is logged and skipped rather than retried: retrying would stall its
// partition for ever.
func Decoded[T any, M interface {
	*T
	proto.Message
}](log *slog.Logger, fn func(ctx context.Context, msg kafka.Message, ev M) error) Handler {
	return func(ctx context.Context, msg kafka.Message) error {
		ev := M(new(T))
		if err := proto.Unmarshal(msg.Value, ev); err != nil {
			log.ErrorContext(ctx, "skipping undecodable event", "topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset, "err", err)
			return nil
		}
		return fn(ctx, msg, ev)
	}
}
