package kafkax

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/segmentio/kafka-go"
	"go.opentelemetry.io/otel"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/slotwise/slotwise/platform/telemetry"
)

// Handler processes one message. It must be idempotent (the platform inbox
// makes that easy); a returned error means "try again", never "skip".
type Handler func(ctx context.Context, msg kafka.Message) error

// BatchHandler processes messages fetched together, all or nothing (one
// database transaction, say). Like Handler it must be idempotent per
// message; an error means the whole batch is tried again.
type BatchHandler func(ctx context.Context, msgs []kafka.Message) error

// Consumer reads one topic as a member of a consumer group and commits
// offsets only after the handler succeeded, so a crash redelivers rather
// than loses. It takes what has already arrived (up to MaxBatch) in one go
// and commits offsets once per batch: a synchronous offset commit per
// message capped a consumer at a few hundred events a second.
type Consumer struct {
	Brokers []string
	GroupID string
	Topic   string
	// Handle processes each message in turn; HandleBatch, when set, takes
	// the whole batch instead.
	Handle         Handler
	HandleBatch    BatchHandler
	MaxBatch       int // default 100
	Logger         *slog.Logger
	TracerProvider trace.TracerProvider
	// Committed, when set, learns of each batch once its offsets are
	// committed (metrics: which partitions this member consumes).
	Committed func(msgs []kafka.Message)

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
		Brokers:  c.Brokers,
		GroupID:  c.GroupID,
		Topic:    c.Topic,
		MinBytes: 1,
		// 1 MiB (about 2,500 events) is ten times what a batch handles
		// (MaxBatch); a larger fetch only makes the broker build, and the
		// reader hold, bigger buffers when a consumer is behind: 10 MiB
		// raised the embedded broker's heap (and so its GC target)
		// whenever one caught up.
		MaxBytes:       1 << 20,
		MaxWait:        250 * time.Millisecond,
		StartOffset:    kafka.FirstOffset,
		CommitInterval: 0, // synchronous commits
		// After a broker restart the group waits for the member it lost to
		// time out before the new one may join: at kafka-go's 30 s a
		// 3 s outage left projections stale for 27 s more. A live member
		// heartbeats every 3 s, well inside 10.
		SessionTimeout:   10 * time.Second,
		RebalanceTimeout: 10 * time.Second,
	})
	defer r.Close()
	c.reader.Store(r)
	tracer := c.tracerProvider().Tracer("github.com/slotwise/slotwise/platform/kafkax")
	for {
		batch, err := c.fetch(ctx, r)
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
		if !c.handle(ctx, tracer, batch) {
			return nil
		}
		for {
			err := r.CommitMessages(ctx, batch...)
			if err == nil && c.Committed != nil {
				c.Committed(batch)
			}
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

// buffered is how long fetch waits for one more message once it has one:
// long enough to take what the reader already holds, too short to add
// latency.
const buffered = time.Millisecond

// fetch waits for a message, then takes whatever else has already arrived,
// up to MaxBatch.
func (c *Consumer) fetch(ctx context.Context, r *kafka.Reader) ([]kafka.Message, error) {
	msg, err := r.FetchMessage(ctx)
	if err != nil {
		return nil, err
	}
	limit := c.MaxBatch
	if limit <= 0 {
		limit = 100
	}
	batch := []kafka.Message{msg}
	for len(batch) < limit {
		wctx, cancel := context.WithTimeout(ctx, buffered)
		msg, err := r.FetchMessage(wctx)
		cancel()
		if err != nil {
			break // nothing more right now (or ctx ended: the caller sees it)
		}
		batch = append(batch, msg)
	}
	return batch, nil
}

// handle runs the handler over batch until it succeeds, retrying with
// backoff; false when ctx ended first.
func (c *Consumer) handle(ctx context.Context, tracer trace.Tracer, batch []kafka.Message) bool {
	if c.HandleBatch == nil {
		for _, msg := range batch {
			if !c.retry(ctx, msg.Offset, func() error {
				return c.traced(ctx, tracer, []kafka.Message{msg}, func(ctx context.Context) error { return c.Handle(ctx, msg) })
			}) {
				return false
			}
		}
		return true
	}
	return c.retry(ctx, batch[0].Offset, func() error {
		return c.traced(ctx, tracer, batch, func(ctx context.Context) error { return c.HandleBatch(ctx, batch) })
	})
}

func (c *Consumer) retry(ctx context.Context, offset int64, fn func() error) bool {
	for attempt := 1; ; attempt++ {
		err := fn()
		if err == nil {
			return true
		}
		if ctx.Err() != nil {
			return false
		}
		c.Logger.Error("event handler failed, retrying", "topic", c.Topic, "offset", offset, "attempt", attempt, "err", err)
		if !sleep(ctx, backoff(attempt)) {
			return false
		}
	}
}

// traced gives each message a consumer span, child of the trace that
// produced it, and runs fn in the first message's span: the work of a batch
// shows in that trace, and every message's trace shows its consumption.
func (c *Consumer) traced(ctx context.Context, tracer trace.Tracer, msgs []kafka.Message, fn func(ctx context.Context) error) error {
	spans := make([]trace.Span, len(msgs))
	var first context.Context
	for i, msg := range msgs {
		parent := otel.GetTextMapPropagator().Extract(ctx, HeaderCarrier{Headers: &msg.Headers})
		sctx, span := tracer.Start(parent, c.Topic+" process",
			trace.WithSpanKind(trace.SpanKindConsumer),
			trace.WithAttributes(
				semconv.MessagingSystemKafka,
				semconv.MessagingOperationTypeProcess,
				semconv.MessagingDestinationName(c.Topic),
				semconv.MessagingConsumerGroupName(c.GroupID),
				semconv.MessagingDestinationPartitionID(strconv.Itoa(msg.Partition)),
				semconv.MessagingKafkaOffset(int(msg.Offset)),
				semconv.MessagingKafkaMessageKey(string(msg.Key)),
				semconv.MessagingBatchMessageCount(len(msgs)),
			))
		spans[i] = span
		if i == 0 {
			first = sctx
		}
	}
	err := fn(first)
	for _, span := range spans {
		telemetry.End(span, err)
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
