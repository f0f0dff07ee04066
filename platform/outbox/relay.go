package outbox

import (
	"cmp"
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/telemetry"
)

// Publisher is the part of kafka.Writer the relay needs.
type Publisher interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Relay moves committed outbox rows to Kafka. Several relays (one per
// service instance) can run at once: FOR UPDATE SKIP LOCKED hands each row
// to one of them.
type Relay struct {
	Pool           *pgxpool.Pool
	Publisher      Publisher
	Logger         *slog.Logger
	TracerProvider trace.TracerProvider
	BatchSize      int           // default 100
	Interval       time.Duration // idle poll interval, default 50ms
	// VacuumEvery is how many rows the relay deletes before it vacuums the
	// outbox itself (default 20000; negative: never). A queue table churns
	// faster than autovacuum looks at it (once a minute per database by
	// default): every take walks the primary key over the entries of
	// deleted rows left of the oldest live one, so its cost grows with each
	// row sent until a vacuum clears them.
	VacuumEvery int

	kick        chan struct{}
	backlog     atomic.Int64
	sinceVacuum int
	vacuums     atomic.Int64
	published   sync.Map // topic → *atomic.Int64
}

// Kick wakes the relay at once instead of at its next poll.
func (r *Relay) Kick() {
	if r.kick == nil {
		return
	}
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// Backlog is the number of unsent rows seen at the last poll.
func (r *Relay) Backlog() int64 { return r.backlog.Load() }

// Published is how many messages of topic the relay has written to Kafka
// (a row whose COMMIT then failed is written again and counted twice).
// Exported per topic as outbox_published_total (platform/svc): Prometheus
// compares it with each consumer group's kafka_consumer_handled_total to
// see a stalled group from outside the group's own process.
func (r *Relay) Published(topic string) int64 {
	if n, ok := r.published.Load(topic); ok {
		return n.(*atomic.Int64).Load()
	}
	return 0
}

func (r *Relay) countPublished(msgs []kafka.Message) {
	for _, m := range msgs {
		n, ok := r.published.Load(m.Topic)
		if !ok {
			n, _ = r.published.LoadOrStore(m.Topic, new(atomic.Int64))
		}
		n.(*atomic.Int64).Add(1)
	}
}

// Init prepares the relay for Kick before Run starts.
func (r *Relay) Init() {
	if r.kick == nil {
		r.kick = make(chan struct{}, 1)
	}
}

// Run relays until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	r.Init()
	interval := r.Interval
	if interval <= 0 {
		interval = 50 * time.Millisecond
	}
	failures := 0
	for {
		n, err := r.relayBatch(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			failures++
			if failures == 1 || failures%20 == 0 {
				r.Logger.Warn("outbox relay cannot publish yet; events stay queued", "err", err, "failures", failures)
			}
			wait(ctx, r.kick, min(time.Duration(failures)*200*time.Millisecond, 3*time.Second))
		case n > 0:
			if failures > 0 {
				r.Logger.Info("outbox relay publishing again", "after_failures", failures)
			}
			failures = 0
			r.maybeVacuum(ctx, n)
			// more may be waiting: go again at once
		default:
			failures = 0
			wait(ctx, r.kick, interval)
		}
	}
}

// Vacuums is how many times the relay has vacuumed the outbox.
func (r *Relay) Vacuums() int64 { return r.vacuums.Load() }

// maybeVacuum counts sent rows and vacuums the outbox every VacuumEvery.
// SKIP_LOCKED: when another instance's relay or autovacuum is already at
// it, this one does not wait. A failure only delays the next try.
func (r *Relay) maybeVacuum(ctx context.Context, sent int) {
	every := r.VacuumEvery
	if every == 0 {
		every = 20000
	}
	if every < 0 {
		return
	}
	if r.sinceVacuum += sent; r.sinceVacuum < every {
		return
	}
	r.sinceVacuum = 0
	if _, err := r.Pool.Exec(ctx, `VACUUM (SKIP_LOCKED) outbox`); err != nil {
		r.Logger.Warn("outbox relay could not vacuum the outbox", "err", err)
		return
	}
	r.vacuums.Add(1)
}

type row struct {
	id      int64
	topic   string
	key     string
	payload []byte
	headers map[string]string
}

// takeBatch opens the relay's transaction and, in the same round trip,
// deletes the oldest unclaimed rows and returns them. The row locks hold
// them for this relay until the transaction ends: COMMIT once Kafka has
// them, ROLLBACK (they are back, for the next try) if not. Committing may
// skip the WAL flush: if a server crash lost it, the rows would only be
// published again, and consumers make redelivery harmless.
func takeBatch(size int) *pgx.Batch {
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`SET LOCAL synchronous_commit = off`)
	// = ANY(ARRAY(…)) rather than IN (…): with IN the planner may hash-join
	// the subquery against a sequential scan of outbox, which reads every
	// deleted-but-not-yet-vacuumed row each time; the array is an initplan
	// that the primary key's index looks up.
	b.Queue(`DELETE FROM outbox WHERE id = ANY(ARRAY(SELECT id FROM outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED))
		RETURNING id, topic, key, payload, headers`, size)
	return b
}

// relayBatch publishes up to BatchSize rows in two round trips: take (above),
// then COMMIT or ROLLBACK. A sent row is deleted rather than marked: no dead
// versions or second index for the next take to step over, and Kafka is the
// record of what was published.
func (r *Relay) relayBatch(ctx context.Context) (int, error) {
	size := r.BatchSize
	if size <= 0 {
		size = 100
	}
	conn, err := r.Pool.Acquire(ctx)
	if err != nil {
		return 0, err
	}
	// pgxpool closes, rather than reuses, a connection released inside a
	// transaction, so an early return below cannot leak the row locks.
	defer conn.Release()
	pending, err := readTaken(conn.SendBatch(ctx, takeBatch(size)))
	if err != nil {
		return 0, err
	}
	r.backlog.Store(int64(len(pending)))
	if len(pending) == 0 {
		_, err := conn.Exec(ctx, `ROLLBACK`)
		return 0, err
	}
	msgs, end := r.messages(pending)
	err = r.Publisher.WriteMessages(ctx, msgs...)
	end(err)
	if err != nil {
		// A failed ROLLBACK leaves the connection broken or in the
		// transaction: Release then closes it, which ends the transaction.
		_, _ = conn.Exec(context.WithoutCancel(ctx), `ROLLBACK`)
		return 0, err
	}
	r.countPublished(msgs)
	if _, err := conn.Exec(ctx, `COMMIT`); err != nil {
		return 0, err
	}
	return len(pending), nil
}

// readTaken reads takeBatch's results: the deleted rows, in id order.
func readTaken(br pgx.BatchResults) ([]row, error) {
	defer br.Close()
	for range 2 { // BEGIN, SET LOCAL
		if _, err := br.Exec(); err != nil {
			return nil, err
		}
	}
	rows, err := br.Query()
	if err != nil {
		return nil, err
	}
	var pending []row
	for rows.Next() {
		var rw row
		var hdr []byte
		if err := rows.Scan(&rw.id, &rw.topic, &rw.key, &rw.payload, &hdr); err != nil {
			rows.Close()
			return nil, err
		}
		_ = json.Unmarshal(hdr, &rw.headers)
		pending = append(pending, rw)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// RETURNING has no ORDER BY: publish oldest first, so events of one key
	// keep their order.
	slices.SortFunc(pending, func(a, b row) int { return cmp.Compare(a.id, b.id) })
	return pending, br.Close()
}

// messages builds Kafka messages with one producer span each, parented by the
// trace that wrote the row; end closes the spans with the publish result.
func (r *Relay) messages(pending []row) ([]kafka.Message, func(error)) {
	tp := r.TracerProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	tracer := tp.Tracer("github.com/slotwise/slotwise/platform/outbox")
	prop := otel.GetTextMapPropagator()
	msgs := make([]kafka.Message, 0, len(pending))
	spans := make([]trace.Span, 0, len(pending))
	for _, p := range pending {
		parent := prop.Extract(context.Background(), propagation.MapCarrier(p.headers))
		ctx, span := tracer.Start(parent, p.topic+" publish",
			trace.WithSpanKind(trace.SpanKindProducer),
			trace.WithAttributes(
				semconv.MessagingSystemKafka,
				semconv.MessagingOperationTypeSend,
				semconv.MessagingDestinationName(p.topic),
				semconv.MessagingKafkaMessageKey(p.key),
				telemetry.OutboxID.Int64(p.id),
			))
		msg := kafka.Message{Topic: p.topic, Key: []byte(p.key), Value: p.payload}
		prop.Inject(ctx, kafkax.HeaderCarrier{Headers: &msg.Headers})
		msgs = append(msgs, msg)
		spans = append(spans, span)
	}
	return msgs, func(err error) {
		for _, s := range spans {
			if err != nil {
				s.RecordError(err)
			}
			s.End()
		}
	}
}

func wait(ctx context.Context, kick <-chan struct{}, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-kick:
	case <-t.C:
	}
}
