package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/inbox"
	"github.com/slotwise/slotwise/platform/outbox"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Topic is where appointment events go.
const Topic = topics.Appointments

// Appointments implements booking.Repository on PostgreSQL. Kick, when set,
// is called after each commit that wrote an event (the outbox relay's Kick).
// Use NewAppointments: its bookings share commits (group_commit.go); the
// zero value books one transaction at a time.
type Appointments struct {
	Pool    *pgxpool.Pool
	Kick    func()
	creates *combiner[*createCall]
	tracer  trace.Tracer
}

// NewAppointments returns the repository with group commit of bookings;
// tp traces each booking's share of a batch.
func NewAppointments(pool *pgxpool.Pool, kick func(), tp trace.TracerProvider) Appointments {
	s := Appointments{Pool: pool, Kick: kick, tracer: tp.Tracer("github.com/slotwise/slotwise/booking-svc/internal/store")}
	s.creates = newCombiner(groupCommitRunners, groupCommitMax, s.createBatch)
	return s
}

const uniqueViolation = "23505"

func constraintViolated(err error, name string) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == uniqueViolation && pg.ConstraintName == name
}

const (
	slotIndex = "appointments_one_active_per_slot"
	idemKey   = "idempotency_keys_pkey"
)

func (s Appointments) Create(ctx context.Context, a booking.Appointment, idem *booking.IdempotencyRecord) error {
	if s.creates == nil {
		return s.createOne(ctx, a, idem)
	}
	return s.createGrouped(ctx, a, idem)
}

// createOne books a in a transaction of its own: one pipelined batch, run by
// PostgreSQL as one implicit transaction, so one round trip and one commit.
// Group commit falls back to it to settle each booking of a batch that
// PostgreSQL refused.
func (s Appointments) createOne(ctx context.Context, a booking.Appointment, idem *booking.IdempotencyRecord) error {
	b := &pgx.Batch{}
	if idem != nil {
		// The key goes in first: a concurrent request with the same key
		// waits on the key's unique index for this transaction and then
		// fails with a unique violation (ErrIdempotencyKeyUsed). An expired
		// record for the key is replaced.
		snapshot, err := json.Marshal(idem.Appointment)
		if err != nil {
			return err
		}
		b.Queue(deleteExpiredKey, idem.CustomerID, idem.Key, idem.ExpiredBefore)
		b.Queue(`INSERT INTO idempotency_keys (`+keyColumns+`) VALUES ($1, $2, $3, $4, $5)`,
			idem.CustomerID, idem.Key, idem.RequestHash, snapshot, idem.CreatedAt)
	}
	b.Queue(`INSERT INTO appointments (`+appointmentColumns+`) VALUES (`+appointmentParams+`)`, appointmentArgs(a)...)
	if err := outbox.Queue(ctx, b, Topic, a.ID, appointmentEvent(a, booking.Change{Type: booking.EventCreated})); err != nil {
		return err
	}
	err := s.Pool.SendBatch(ctx, b).Close()
	switch {
	case constraintViolated(err, slotIndex):
		return booking.ErrSlotTaken
	case constraintViolated(err, idemKey):
		return booking.ErrIdempotencyKeyUsed
	case err == nil:
		s.kick()
	}
	return err
}

func (s Appointments) kick() {
	if s.Kick != nil {
		s.Kick()
	}
}

func (s Appointments) Idempotent(ctx context.Context, customerID, key string, since time.Time) (booking.IdempotencyRecord, error) {
	rec := booking.IdempotencyRecord{CustomerID: customerID, Key: key}
	var snapshot []byte
	err := s.Pool.QueryRow(ctx, `SELECT request_hash, appointment, created_at FROM idempotency_keys
		WHERE customer_id = $1 AND idem_key = $2 AND created_at >= $3`, customerID, key, since).
		Scan(&rec.RequestHash, &snapshot, &rec.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, booking.ErrNotFound
	}
	if err != nil {
		return rec, err
	}
	return rec, json.Unmarshal(snapshot, &rec.Appointment)
}

const selectAppointment = `SELECT id::text, service_id, service_name, service_category, provider_id, provider, location,
	customer_id, customer_name, customer_email, customer_phone, customer_address, notes, starts_at, slot_label,
	status, has_reviewed, version, created_at, updated_at FROM appointments `

// listOrder is soonest first: the order a calendar and an "upcoming" list
// read in; ties (the same start) by booking time.
const listOrder = ` ORDER BY starts_at, created_at, id`

func scan(row pgx.Row) (booking.Appointment, error) {
	var a booking.Appointment
	err := row.Scan(&a.ID, &a.ServiceID, &a.ServiceName, &a.ServiceCategory, &a.ProviderID, &a.Provider, &a.Location,
		&a.CustomerID, &a.CustomerName, &a.CustomerEmail, &a.CustomerPhone, &a.CustomerAddress, &a.Notes, &a.StartsAt,
		&a.Time, &a.Status, &a.HasReviewed, &a.Version, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, booking.ErrNotFound
	}
	return a, err
}

func (s Appointments) ByID(ctx context.Context, id string) (booking.Appointment, error) {
	if uuid.Validate(id) != nil {
		return booking.Appointment{}, booking.ErrNotFound
	}
	return scan(s.Pool.QueryRow(ctx, selectAppointment+`WHERE id = $1`, id))
}

func (s Appointments) ByCustomer(ctx context.Context, customerID string) ([]booking.Appointment, error) {
	return s.list(ctx, selectAppointment+`WHERE customer_id = $1`+listOrder, customerID)
}

func (s Appointments) ByProvider(ctx context.Context, providerID string) ([]booking.Appointment, error) {
	return s.list(ctx, selectAppointment+`WHERE provider_id = $1`+listOrder, providerID)
}

func (s Appointments) list(ctx context.Context, q string, args ...any) ([]booking.Appointment, error) {
	rows, err := s.Pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []booking.Appointment{}
	for rows.Next() {
		a, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

func (s Appointments) Update(ctx context.Context, id string, mutate func(*booking.Appointment) (booking.Change, error)) (booking.Appointment, error) {
	if uuid.Validate(id) != nil {
		return booking.Appointment{}, booking.ErrNotFound
	}
	var out booking.Appointment
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		a, err := scan(tx.QueryRow(ctx, selectAppointment+`WHERE id = $1 FOR UPDATE`, id))
		if err != nil {
			return err
		}
		change, err := mutate(&a)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE appointments SET starts_at = $2, slot_label = $3, status = $4, version = $5,
			updated_at = $6 WHERE id = $1`, a.ID, a.StartsAt, a.Time, a.Status, a.Version, a.UpdatedAt)
		if err != nil {
			return err
		}
		out = a
		return writeEvent(ctx, tx, a, change)
	})
	if constraintViolated(err, slotIndex) {
		return booking.Appointment{}, booking.ErrSlotTaken
	}
	if err == nil {
		s.kick()
	}
	return out, err
}

func (s Appointments) Booked(ctx context.Context, serviceID string, from, to time.Time) ([]time.Time, error) {
	rows, err := s.Pool.Query(ctx, `SELECT starts_at FROM appointments WHERE service_id = $1
		AND starts_at >= $2 AND starts_at < $3 AND status NOT IN ('cancelled', 'rejected')`, serviceID, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[time.Time])
}

// Consumer is the inbox name of the hasReviewed projection.
const Consumer = "booking-svc/has-reviewed"

// MarkReviewed applies a review event once: the inbox row and the flag
// commit together, so a redelivered event changes nothing.
func (s Appointments) MarkReviewed(ctx context.Context, eventID, appointmentID string) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		first, err := inbox.FirstTime(ctx, tx, Consumer, eventID)
		if err != nil || !first {
			return err
		}
		if uuid.Validate(appointmentID) != nil {
			return nil // not one of ours: nothing to mark
		}
		_, err = tx.Exec(ctx, `UPDATE appointments SET has_reviewed = true WHERE id = $1`, appointmentID)
		return err
	})
}

// writeEvent puts the appointment's state after change into the outbox.
func writeEvent(ctx context.Context, tx pgx.Tx, a booking.Appointment, change booking.Change) error {
	return outbox.Write(ctx, tx, Topic, a.ID, appointmentEvent(a, change))
}

// appointmentEvent is the appointment's state after change.
func appointmentEvent(a booking.Appointment, change booking.Change) *eventsv1.AppointmentEvent {
	return &eventsv1.AppointmentEvent{
		EventId: uuid.NewString(), Type: change.Type, OccurredAt: timestamppb.New(a.UpdatedAt),
		AppointmentId: a.ID, ServiceId: a.ServiceID, ServiceName: a.ServiceName, CustomerId: a.CustomerID,
		CustomerEmail: a.CustomerEmail, ProviderId: a.ProviderID, Status: a.Status, PreviousStatus: change.PreviousStatus,
		StartsAt: timestamppb.New(a.StartsAt), Version: a.Version,
	}
}
