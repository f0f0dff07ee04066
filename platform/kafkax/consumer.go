package kafkax

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/segmentio/kafka-go"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Handler processes one message. It must be idempotent (the platform inbox
// makes that easy); a returned error means "try again", never "skip".
type Handler func(ctx context.Context, msg kafka.Message) error

// Consumer reads one topic as a member of a consumer group and commits each
// message only after its handler succeeded, so a crash redelivers rather
// than loses.
type Consumer struct {
	Brokers        []string
	GroupID        string
	Topic          string
	Handle         Handler
	Logger         *slog.Logger
	TracerProvider trace.TracerProvider

	reader atomic.Pointer[kafka.Reader]
}

// Lag is how many messages the group is behind the partition end (-1 before
// the first fetch).
func (c *Consumer) Lag() int64 {
	if r := c.reader.Load(); r != nil {
		return r.Stats().Lag
	}
	return -1
}

// Run consumes until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        c.Brokers,
		GroupID:        c.GroupID,
		Topic:          c.Topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        250 * time.Millisecond,
		StartOffset:    kafka.FirstOffset,
		CommitInterval: 0, // synchronous commits
	})
	defer r.Close()
	c.reader.Store(r)
	tracer := c.tracerProvider().Tracer("github.com/slotwise/slotwise/platform/kafkax")
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.Logger.Warn("kafka fetch failed", "topic", c.Topic, "err", err)
			if !sleep(ctx, time.Second) {
				return nil
			}
			continue
		}
		for attempt := 1; ; attempt++ {
			err := c.handleOne(ctx, tracer, msg)
			if err == nil {
				break
			}
			if ctx.Err() != nil {
				return nil
			}
			c.Logger.Error("event handler failed, retrying", "topic", c.Topic, "offset", msg.Offset, "attempt", attempt, "err", err)
			if !sleep(ctx, backoff(attempt)) {
				return nil
			}
		}
		for {
			err := r.CommitMessages(ctx, msg)
			if err == nil || errors.Is(err, context.Canceled) {
				break
			}
			c.Logger.Warn("kafka commit failed, retrying", "topic", c.Topic, "err", err)
			if !sleep(ctx, time.Second) {
				return nil
			}
		}
	}
}

func (c *Consumer) handleOne(ctx context.Context, tracer trace.Tracer, msg kafka.Message) error {
	parent := otel.GetTextMapPropagator().Extract(ctx, HeaderCarrier{Headers: &msg.Headers})
	ctx, span := tracer.Start(parent, c.Topic+" process",
		trace.WithSpanKind(trace.SpanKindConsumer),
		trace.WithAttributes(
			attribute.String("messaging.system", "kafka"),
			attribute.String("messaging.destination.name", c.Topic),
			attribute.String("messaging.kafka.consumer.group", c.GroupID),
			attribute.Int64("messaging.kafka.message.offset", msg.Offset),
			attribute.Int("messaging.kafka.destination.partition", msg.Partition),
		))
	defer span.End()
	err := c.Handle(ctx, msg)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	return err
}

func (c *Consumer) tracerProvider() trace.TracerProvider {
	if c.TracerProvider != nil {
		return c.TracerProvider
	}
	return otel.GetTracerProvider()
}

func backoff(attempt int) time.Duration {
	d := time.Duration(attempt) * 200 * time.Millisecond
	if d > 5*time.Second {
		d = 5 * time.Second
	}
	return d
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
