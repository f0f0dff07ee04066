package store

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Group commit: bookings that arrive together share one transaction, so one
// round trip, one commit and one WAL flush serve many of them (the booking
// benchmark spends most of its database time on those, not on the rows).
// Each booking stays all-or-nothing with its event and idempotency record,
// and the partial unique index still decides every race:
//
//   - a booking whose slot is held inserts nothing (ON CONFLICT DO NOTHING)
//     and gets ErrSlotTaken, without failing the others;
//   - anything PostgreSQL refuses (a key used concurrently, a deadlock, a bad
//     value) rolls the whole batch back, and each of its bookings is then
//     settled in a transaction of its own (createOne), as without grouping;
//   - a lost connection leaves the outcome unknown, so every booking of the
//     batch gets the error, as a lone booking would.
const (
	// groupCommitRunners is how many batches may be in the database at
	// once: two, so one slow batch (waiting on another instance's lock)
	// does not hold every booking up.
	groupCommitRunners = 2
	groupCommitMax     = 64
	// groupCommitTimeout bounds a batch, which no single request owns.
	groupCommitTimeout = 30 * time.Second
)

// createGrouped queues a booking for the next batch and waits for its
// outcome.
func (s Appointments) createGrouped(call *createCall) error {
	s.creates.add(call)
	select {
	case err := <-call.done:
		return err
	case <-call.ctx.Done():
		// The caller is gone; its booking may still commit with the batch,
		// as a lone booking may commit while its caller hangs up.
		return call.ctx.Err()
	}
}

// createBatch runs calls as one transaction (see the top of this file).
func (s Appointments) createBatch(calls []*createCall) {
	live := make([]*createCall, 0, len(calls))
	for _, c := range calls {
		if err := c.ctx.Err(); err != nil {
			c.finish(err)
			continue
		}
		live = append(live, c)
	}
	if len(live) == 0 {
		return
	}
	// Batches take member and slot locks in one order, so two of them
	// rarely wait on each other in a cycle (one that does is a deadlock
	// PostgreSQL breaks: the batch is refused and settled booking by
	// booking, below).
	slices.SortStableFunc(live, func(x, y *createCall) int {
		return cmp.Or(cmp.Compare(x.a.StaffID, y.a.StaffID), x.a.StartsAt.Compare(y.a.StartsAt), cmp.Compare(x.a.ServiceID, y.a.ServiceID))
	})
	spans := s.startSpans(live)
	ctx, cancel := context.WithTimeout(context.Background(), groupCommitTimeout)
	defer cancel()
	b := &pgx.Batch{}
	for _, c := range live {
		c.queue(b)
	}
	booked, err := readBooked(s.Pool.SendBatch(ctx, b), live)
	var refused *pgconn.PgError
	switch {
	case err == nil:
		anyBooked := false
		for i, c := range live {
			if booked[i] {
				anyBooked = true
				c.finish(nil)
			} else {
				c.finish(booking.ErrSlotTaken)
			}
		}
		if anyBooked {
			s.kick()
		}
	case errors.As(err, &refused):
		// Rolled back as a whole: settle each booking on its own, in
		// order, so of two for one slot the earlier still wins.
		for _, c := range live {
			c.finish(s.createOne(c))
		}
	default:
		for _, c := range live {
			c.finish(err)
		}
	}
	for _, sp := range spans {
		telemetry.End(sp, err)
	}
}

// startSpans gives each traced booking a span for its share of the batch,
// in its own trace (the batch runs on no request's context), named and
// described as otelpgx names a statement's span, with how many bookings
// shared the commit.
func (s Appointments) startSpans(calls []*createCall) []trace.Span {
	var spans []trace.Span
	for _, c := range calls {
		if !trace.SpanFromContext(c.ctx).IsRecording() {
			continue
		}
		sql := bookSQL
		if c.idem != nil {
			sql = bookKeyedSQL
		}
		_, span := s.tracer.Start(c.ctx, "INSERT", trace.WithSpanKind(trace.SpanKindClient),
			trace.WithAttributes(
				semconv.DBSystemNamePostgreSQL,
				semconv.DBOperationName("INSERT"),
				semconv.DBQueryText(sql),
				telemetry.AppointmentID.String(c.a.ID),
				telemetry.BookingBatchSize.Int(len(calls)),
			))
		spans = append(spans, span)
	}
	return spans
}
