// Package copies is what every process that keeps copies of services, or
// answers built from them, shares: it consumes catalog.services.v1 in a
// consumer group of its own under topics.ServiceCopiesGroupPrefix, and
// catalog-svc acknowledges an edit only once every such live group has
// consumed its event (docs/architecture.md#events). booking-svc and
// catalog-svc run it through platform/svc, the gateway directly.
package copies

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// DefaultTTL is CATALOG_CACHE_TTL's default for every copy holder: how long
// catalog-svc waits for a holder to drop an edit, and so how old a copy may
// be. One value, because the waiting side and the holders must agree.
const DefaultTTL = 2 * time.Second

// Consumer is the consumer of topics.Services for one process of program:
// a group of its own, so it sees every event. The caller sets its brokers,
// logger and tracer.
func Consumer(program string, handler kafkax.Handler) *kafkax.Consumer {
	return &kafkax.Consumer{Topic: topics.Services, GroupID: topics.ServiceCopiesGroup(program, uuid.NewString()), Handle: handler}
}

// Run consumes with c until ctx ends (once its topic exists) and calls
// live once c's group has joined: from then on catalog-svc waits for it, so
// copies may be used.
func Run(ctx context.Context, c *kafkax.Consumer, live func()) error {
	if err := kafkax.AwaitTopics(ctx, c.Logger, c.Brokers, c.Topic); err != nil {
		return nil // ctx ended
	}
	go AwaitJoined(ctx, c.Brokers, c.GroupID, live)
	return c.Run(ctx)
}

// AwaitJoined calls live once group has joined (not at all if ctx ends first).
func AwaitJoined(ctx context.Context, brokers []string, group string, live func()) {
	client := &kafka.Client{Addr: kafka.TCP(brokers...), Timeout: 5 * time.Second}
	if kafkax.WaitJoined(ctx, client, group) == nil {
		live()
	}
}

// Invalidating is the handler for a holder of answers that any change may
// alter (listing pages): it drops them all.
func Invalidating(p interface{ Invalidate() }, log *slog.Logger) kafkax.Handler {
	return kafkax.Decoded(log, func(context.Context, kafka.Message, *eventsv1.ServiceEvent) error {
		p.Invalidate()
		return nil
	})
}
