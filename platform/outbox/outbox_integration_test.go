package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/inbox"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/testkit"
)

const topic = "test.events.v1"

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestOutboxToConsumerExactlyOnce writes events through the outbox, relays
// them to a real Kafka-protocol broker, and consumes them with a consumer
// that is stopped mid-stream after handling a message it never committed.
// The restarted consumer gets that message again; the inbox makes its
// effect happen exactly once.
func TestOutboxToConsumerExactlyOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pool, brokers := setup(t, ctx, 3, fstest.MapFS{"001_effects.sql": {Data: []byte(`CREATE TABLE effects (event_id text NOT NULL, applied_at timestamptz DEFAULT now());`)}})

	const n = 120
	for i := range n {
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
			return outbox.Write(ctx, tx, topic, fmt.Sprintf("key-%d", i%7), &eventsv1.ReviewEvent{EventId: fmt.Sprintf("ev-%03d", i), Rating: int32(i%5 + 1)})
		})
		if err != nil {
			t.Fatal(err)
		}
	}

	writer := kafkax.NewWriter(brokers)
	defer writer.Close()
	relay := &outbox.Relay{Pool: pool, Publisher: writer, Logger: quiet}
	relayCtx, stopRelay := context.WithCancel(ctx)
	defer stopRelay()
	go relay.Run(relayCtx)

	var handled atomic.Int64
	handler := func(stopAfter int64, stop context.CancelFunc) kafkax.Handler {
		return func(ctx context.Context, msg kafka.Message) error {
			var ev eventsv1.ReviewEvent
			if err := proto.Unmarshal(msg.Value, &ev); err != nil {
				return err
			}
			err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
				first, err := inbox.FirstTime(ctx, tx, "demo-consumer", ev.GetEventId())
				if err != nil || !first {
					return err
				}
				_, err = tx.Exec(ctx, `INSERT INTO effects (event_id) VALUES ($1)`, ev.GetEventId())
				return err
			})
			if handled.Add(1) == stopAfter && stop != nil && err == nil {
				// "Crash" after the effect committed but before the offset
				// is: the consumer stops without acknowledging this message.
				stop()
				return errors.New("crashed before acknowledging")
			}
			return err
		}
	}

	first, stopFirst := context.WithCancel(ctx)
	c1 := &kafkax.Consumer{Brokers: brokers, GroupID: "demo", Topic: topic, Handle: handler(n/2, stopFirst), Logger: quiet}
	if err := c1.Run(first); err != nil {
		t.Fatal(err)
	}
	if got := testkit.Count(t, pool, `SELECT count(*) FROM effects`); got < n/2 {
		t.Fatalf("first consumer applied %d effects before stopping, want at least %d", got, n/2)
	}

	second, stopSecond := context.WithCancel(ctx)
	defer stopSecond()
	c2 := &kafkax.Consumer{Brokers: brokers, GroupID: "demo", Topic: topic, Handle: handler(-1, nil), Logger: quiet}
	done := make(chan error, 1)
	go func() { done <- c2.Run(second) }()

	deadline := time.Now().Add(30 * time.Second)
	for testkit.Count(t, pool, `SELECT count(DISTINCT event_id) FROM effects`) < n {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d events arrived", testkit.Count(t, pool, `SELECT count(DISTINCT event_id) FROM effects`), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // let any duplicate delivery land before counting
	stopSecond()
	<-done

	if total := testkit.Count(t, pool, `SELECT count(*) FROM effects`); total != n {
		t.Fatalf("%d effects applied for %d events: an event took effect more than once", total, n)
	}
	if h := handled.Load(); h <= n {
		t.Fatalf("handler ran %d times for %d events: the crash should have caused at least one redelivery", h, n)
	}
	if unsent := testkit.Count(t, pool, `SELECT count(*) FROM outbox`); unsent != 0 {
		t.Fatalf("%d outbox rows still unsent", unsent)
	}
	// outbox_published_total: what the stall alert compares each group's
	// handled count with.
	if got := relay.Published(topic); got != n {
		t.Fatalf("relay counted %d messages published to %s, want %d", got, topic, n)
	}
	if got := relay.Published("other.topic.v1"); got != 0 {
		t.Fatalf("relay counted %d messages published to a topic it never wrote", got)
	}
}

// setup gives a test a fresh "demo" schema with migrations and a broker
// holding topic with partitions partitions.
func setup(t *testing.T, ctx context.Context, partitions int, migrations fstest.MapFS) (*pgxpool.Pool, []string) {
	t.Helper()
	pool := testkit.NewPool(t, "demo", migrations, ".", 0)
	_, brokers := testkit.NewKafka(t)
	if err := kafkax.EnsureTopics(ctx, brokers, partitions, topic); err != nil {
		t.Fatal(err)
	}
	return pool, brokers
}

// TestRelayVacuumsWhatItDeleted relays more rows than VacuumEvery and checks
// that the outbox was vacuumed by the relay (PostgreSQL's own statistics
// count it), so deleted rows do not pile up for autovacuum's next visit.
func TestRelayVacuumsWhatItDeleted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pool, brokers := setup(t, ctx, 1, fstest.MapFS{})
	const n = 300
	for i := range n {
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
			return outbox.Write(ctx, tx, topic, "k", &eventsv1.ReviewEvent{EventId: fmt.Sprintf("ev-%03d", i)})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	writer := kafkax.NewWriter(brokers)
	defer writer.Close()
	relay := &outbox.Relay{Pool: pool, Publisher: writer, Logger: quiet, BatchSize: 50, VacuumEvery: 100}
	relayCtx, stopRelay := context.WithCancel(ctx)
	defer stopRelay()
	go relay.Run(relayCtx)

	deadline := time.Now().Add(30 * time.Second)
	for testkit.Count(t, pool, `SELECT count(*) FROM outbox`) > 0 || relay.Vacuums() < n/100 {
		if time.Now().After(deadline) {
			t.Fatalf("%d rows left, %d vacuums, want 0 rows and %d vacuums", testkit.Count(t, pool, `SELECT count(*) FROM outbox`), relay.Vacuums(), n/100)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if v := testkit.Count(t, pool, `SELECT vacuum_count FROM pg_stat_user_tables WHERE schemaname = 'demo' AND relname = 'outbox'`); v < 1 {
		t.Fatalf("PostgreSQL counts %d vacuums of the outbox", v)
	}
}
