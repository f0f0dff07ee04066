package store

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/slotwise/slotwise/platform/outbox"
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

const (
	appointmentColumns = `id, service_id, service_name, service_category, provider_id, provider, location,
		customer_id, customer_name, customer_email, customer_phone, customer_address, notes,
		starts_at, slot_label, status, has_reviewed, version, created_at, updated_at`
	appointmentParams = `$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20`
	keyColumns        = `customer_id, idem_key, request_hash, appointment, created_at`
	deleteExpiredKey  = `DELETE FROM idempotency_keys WHERE customer_id = $1 AND idem_key = $2 AND created_at < $3`

	// ifSlotFree names the one-active-per-slot index (appointments_one_active_per_slot)
	// as the only conflict to skip: any other unique violation fails the
	// batch, and PostgreSQL checks only this index before inserting.
	ifSlotFree = `ON CONFLICT (service_id, starts_at) WHERE status NOT IN ('cancelled', 'rejected') DO NOTHING`

	// bookSQL inserts the appointment unless its slot is held, and its
	// event only if it did: "INSERT 0 1" booked, "INSERT 0 0" slot taken.
	bookSQL = `WITH a AS (INSERT INTO appointments (` + appointmentColumns + `) VALUES (` + appointmentParams + `)
		` + ifSlotFree + ` RETURNING id)
	INSERT INTO outbox (` + outbox.Columns + `) SELECT $21, $22, $23, $24 FROM a`
	// bookKeyedSQL stores the idempotency record first, as createOne does:
	// a concurrent request with the same key waits on the key's index and
	// then fails the batch with a unique violation, and is settled alone.
	bookKeyedSQL = `WITH k AS (INSERT INTO idempotency_keys (` + keyColumns + `) VALUES ($21, $22, $23, $24, $25) RETURNING 1),
	a AS (INSERT INTO appointments (` + appointmentColumns + `) SELECT ` + appointmentParams + ` FROM k
		` + ifSlotFree + ` RETURNING id)
	INSERT INTO outbox (` + outbox.Columns + `) SELECT $26, $27, $28, $29 FROM a`
	// dropUnusedKey removes the record bookKeyedSQL stored when the slot
	// was taken (the record's appointment does not exist). The key's row is
	// this transaction's own: its insert just succeeded.
	dropUnusedKey = `DELETE FROM idempotency_keys WHERE customer_id = $1 AND idem_key = $2
		AND NOT EXISTS (SELECT 1 FROM appointments WHERE id = $3)`
)

func appointmentArgs(a booking.Appointment) []any {
	return []any{a.ID, a.ServiceID, a.ServiceName, a.ServiceCategory, a.ProviderID, a.Provider, a.Location, a.CustomerID,
		a.CustomerName, a.CustomerEmail, a.CustomerPhone, a.CustomerAddress, a.Notes, a.StartsAt, a.Time,
		a.Status, a.HasReviewed, a.Version, a.CreatedAt, a.UpdatedAt}
}

// createCall is one booking waiting for its batch.
type createCall struct {
	ctx              context.Context
	a                booking.Appointment
	idem             *booking.IdempotencyRecord
	snapshot         []byte // the idempotency record's appointment, JSON
	payload, headers []byte // the event's outbox columns
	done             chan error
}

func (c *createCall) finish(err error) { c.done <- err }

// createGrouped queues a booking for the next batch and waits for its
// outcome. The event and snapshot are encoded here, on the request's own
// goroutine and with its trace context.
func (s Appointments) createGrouped(ctx context.Context, a booking.Appointment, idem *booking.IdempotencyRecord) error {
	call := &createCall{ctx: ctx, a: a, idem: idem, done: make(chan error, 1)}
	var err error
	if call.payload, call.headers, err = outbox.Encode(ctx, appointmentEvent(a, booking.Change{Type: booking.EventCreated})); err != nil {
		return err
	}
	if idem != nil {
		if call.snapshot, err = json.Marshal(idem.Appointment); err != nil {
			return err
		}
	}
	s.creates.add(call)
	select {
	case err := <-call.done:
		return err
	case <-ctx.Done():
		// The caller is gone; its booking may still commit with the batch,
		// as a lone booking may commit while its caller hangs up.
		return ctx.Err()
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
	// Batches take slot locks in one order, so two of them never wait on
	// each other in a cycle.
	slices.SortStableFunc(live, func(x, y *createCall) int {
		return cmp.Or(cmp.Compare(x.a.ServiceID, y.a.ServiceID), x.a.StartsAt.Compare(y.a.StartsAt))
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
		kicked := false
		for i, c := range live {
			if booked[i] {
				kicked = true
				c.finish(nil)
			} else {
				c.finish(booking.ErrSlotTaken)
			}
		}
		if kicked {
			s.kick()
		}
	case errors.As(err, &refused):
		// Rolled back as a whole: settle each booking on its own, in
		// order, so of two for one slot the earlier still wins.
		for _, c := range live {
			c.finish(s.createOne(c.ctx, c.a, c.idem))
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

// queue adds the call's statements to b.
func (c *createCall) queue(b *pgx.Batch) {
	a := c.a
	args := appointmentArgs(a)
	if c.idem == nil {
		b.Queue(bookSQL, append(args, Topic, a.ID, c.payload, c.headers)...)
		return
	}
	k := c.idem
	b.Queue(deleteExpiredKey, k.CustomerID, k.Key, k.ExpiredBefore)
	b.Queue(bookKeyedSQL, append(args, k.CustomerID, k.Key, k.RequestHash, c.snapshot, k.CreatedAt,
		Topic, a.ID, c.payload, c.headers)...)
	b.Queue(dropUnusedKey, k.CustomerID, k.Key, a.ID)
}

// readBooked reads the batch's results in queue order: whether each call
// booked its slot. The first error is the batch's.
func readBooked(br pgx.BatchResults, calls []*createCall) ([]bool, error) {
	defer br.Close()
	booked := make([]bool, len(calls))
	for i, c := range calls {
		if c.idem != nil {
			if _, err := br.Exec(); err != nil { // deleteExpiredKey
				return nil, err
			}
		}
		tag, err := br.Exec()
		if err != nil {
			return nil, err
		}
		booked[i] = tag.RowsAffected() == 1
		if c.idem != nil {
			if _, err := br.Exec(); err != nil { // dropUnusedKey
				return nil, err
			}
		}
	}
	return booked, br.Close()
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
