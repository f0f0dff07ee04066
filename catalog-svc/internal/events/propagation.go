package events

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/outbox"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Propagation implements catalog.Propagation: a change is delivered once
// its event is published (the outbox relay took its row) and every live
// holder of copies (each booking-svc process, topics.ServiceCopiesGroupPrefix)
// has consumed it, or once CopyTTL has passed: a copy older than that is
// never trusted, so by then none that predates the change is. Either way,
// when Await returns no booking is decided on the service as it was.
type Propagation struct {
	Pool  *pgxpool.Pool
	Kafka *kafka.Client
	// CopyTTL is how long booking-svc trusts a copy (CATALOG_CACHE_TTL).
	CopyTTL time.Duration
	Logger  *slog.Logger
}

// Await waits for c's delivery, at most CopyTTL.
func (p Propagation) Await(ctx context.Context, c catalog.Change) {
	if p.CopyTTL <= 0 {
		return // no copies are kept
	}
	start := time.Now()
	wctx, cancel := context.WithTimeout(ctx, p.CopyTTL)
	defer cancel()
	err := outbox.WaitPublished(wctx, p.Pool, c.Event)
	if err == nil {
		err = kafkax.WaitConsumed(wctx, p.Kafka, topics.Services, c.ServiceID, topics.ServiceCopiesGroupPrefix)
	}
	if err == nil || ctx.Err() != nil {
		return
	}
	// Kafka down or slow: the copies' lifetime is what still bounds them.
	<-wctx.Done()
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) >= p.CopyTTL {
		p.Logger.WarnContext(ctx, "service change not confirmed by every copy holder; waited out the copies' lifetime",
			"service", c.ServiceID, "waited", time.Since(start).String(), "err", err)
	}
}
