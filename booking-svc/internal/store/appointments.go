package store

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/inbox"
	"github.com/slotwise/slotwise/platform/outbox"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

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

const (
	uniqueViolation    = "23505"
	exclusionViolation = "23P01"
)

func constraintViolated(err error, name string) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == uniqueViolation || pg.Code == exclusionViolation) && pg.ConstraintName == name
}

const (
	// legacySlotIndex is the one-booking-per-slot-of-a-service index of
	// releases before teams, until migration 011 drops it.
	legacySlotIndex = "appointments_one_active_per_slot"
	memberSlotIndex = "appointments_one_per_member_slot"
	// staffOverlap is the exclusion constraint: a member in two
	// overlapping appointments (migration 009).
	staffOverlap = "appointments_staff_no_overlap"
	idemKey      = "idempotency_keys_pkey"
)

// taken maps PostgreSQL's refusals of a booking or a move to the domain's:
// the member busy at an overlapping time (the exclusion constraint, or
// the same slot of the same service), or the slot held under the rule of
// releases before teams.
func taken(err error) error {
	switch {
	case constraintViolated(err, staffOverlap), constraintViolated(err, memberSlotIndex):
		return booking.ErrStaffBusy
	case constraintViolated(err, legacySlotIndex):
		return booking.ErrSlotTaken
	}
	return err
}

// Create books a, with its event and, when idem is set, its idempotency
// record: all or nothing. With group commit (NewAppointments) it shares a
// transaction with the bookings that arrive with it (group_commit.go); the
// statements are the same either way (createCall.queue).
func (s Appointments) Create(ctx context.Context, a booking.Appointment, idem *booking.IdempotencyRecord) error {
	call, err := newCreateCall(ctx, a, idem)
	if err != nil {
		return err
	}
	if a.Spacing > 0 {
		return s.createSpaced(call) // checked and booked under the service's lock (spacing.go)
	}
	if s.creates == nil {
		return s.createOne(call)
	}
	return s.createGrouped(call)
}

// createOne books call in a transaction of its own: one pipelined batch,
// run by PostgreSQL as one implicit transaction, so one round trip and one
// commit. Group commit falls back to it to settle each booking of a batch
// that PostgreSQL refused.
func (s Appointments) createOne(call *createCall) error {
	b := &pgx.Batch{}
	call.queue(b)
	booked, err := readBooked(s.Pool.SendBatch(call.ctx, b), []*createCall{call})
	return s.settleOne(booked, err)
}

// settleOne turns one booking's outcome into its answer, and wakes the
// relay for its event when it was booked.
func (s Appointments) settleOne(booked []bool, err error) error {
	switch {
	case constraintViolated(err, idemKey):
		return booking.ErrIdempotencyKeyUsed
	case err != nil:
		return taken(err)
	case !booked[0]:
		return booking.ErrSlotTaken
	}
	s.kick()
	return nil
}

// The statements that book. A booking inserts its appointment and its
// event in one statement, and, when keyed, its idempotency record first.
const (
	appointmentColumns = `id, service_id, service_name, service_category, provider_id, provider, location,
		customer_id, customer_name, customer_email, customer_phone, customer_address, notes,
		starts_at, slot_label, status, has_reviewed, version, created_at, updated_at, price, staff_id, staff_name, ends_at, staff_email`
	appointmentParams = `$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25`
	keyColumns        = `customer_id, idem_key, request_hash, appointment, created_at`

	// deleteExpiredKey replaces an expired record of the key (the pruner
	// may not have reached it yet).
	deleteExpiredKey = `DELETE FROM idempotency_keys WHERE customer_id = $1 AND idem_key = $2 AND created_at < $3`

	// ifSlotFree names the one-member-per-slot index (appointments_one_per_member_slot)
	// as the only conflict to skip: the member already booked in this slot
	// of this service. Any other violation fails the transaction: the
	// member busy at an overlapping time (the exclusion constraint), a key
	// used concurrently.
	ifSlotFree = `ON CONFLICT (service_id, staff_id, starts_at) WHERE status NOT IN ('cancelled', 'rejected') DO NOTHING`

	// unlessClosing books nothing for a provider ($5) or customer ($8)
	// whose account is closing (recorded in erased_users: closing.go); the
	// booking's QueueGuard, queued first, makes the check wait for a
	// closing being recorded, whose cancellations then see this booking.
	unlessClosing = `WHERE NOT ` + erasedProvider + ` AND NOT ` + erasedCustomer

	// bookSQL inserts the appointment unless its slot is held or an
	// account closing, and its event only if it did: "INSERT 0 1" booked,
	// "INSERT 0 0" not (closingRefusal tells which).
	bookSQL = `WITH a AS (INSERT INTO appointments (` + appointmentColumns + `) SELECT ` + appointmentParams + ` ` + unlessClosing + `
		` + ifSlotFree + ` RETURNING id)
	INSERT INTO outbox (` + outbox.Columns + `) SELECT $26, $27, $28, $29 FROM a`
	// bookKeyedSQL stores the idempotency record first: a concurrent
	// request with the same key waits on the key's unique index for this
	// transaction and then fails with a unique violation
	// (ErrIdempotencyKeyUsed; in a group commit the batch fails and each
	// booking is settled alone).
	bookKeyedSQL = `WITH k AS (INSERT INTO idempotency_keys (` + keyColumns + `) VALUES ($26, $27, $28, $29, $30) RETURNING 1),
	a AS (INSERT INTO appointments (` + appointmentColumns + `) SELECT ` + appointmentParams + ` FROM k ` + unlessClosing + `
		` + ifSlotFree + ` RETURNING id)
	INSERT INTO outbox (` + outbox.Columns + `) SELECT $31, $32, $33, $34 FROM a`
	// dropUnusedKey removes the record bookKeyedSQL stored when the slot
	// was taken (the record's appointment does not exist), so a retry is
	// decided afresh. The key's row is this transaction's own: its insert
	// just succeeded.
	dropUnusedKey = `DELETE FROM idempotency_keys WHERE customer_id = $1 AND idem_key = $2
		AND NOT EXISTS (SELECT 1 FROM appointments WHERE id = $3)`
)

func appointmentArgs(a booking.Appointment) []any {
	return []any{a.ID, a.ServiceID, a.ServiceName, a.ServiceCategory, a.ProviderID, a.Provider, a.Location, a.CustomerID,
		a.CustomerName, a.CustomerEmail, a.CustomerPhone, a.CustomerAddress, a.Notes, a.StartsAt, a.Time,
		a.Status, a.HasReviewed, a.Version, a.CreatedAt, a.UpdatedAt, a.Price, nullUUID(a.StaffID), a.StaffName, nullTime(a.EndsAt), a.StaffEmail}
}

// nullUUID and nullTime store "" and the zero time as NULL (an appointment
// from before teams).
func nullUUID(id string) *string {
	if id == "" {
		return nil
	}
	return &id
}

func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// createCall is one booking to write, alone or in a group commit's batch.
type createCall struct {
	ctx              context.Context
	a                booking.Appointment
	idem             *booking.IdempotencyRecord
	snapshot         []byte // the idempotency record's appointment, JSON
	payload, headers []byte // the event's outbox columns
	done             chan error
}

// newCreateCall encodes the booking's event and idempotency snapshot, on
// the request's own goroutine and with its trace context (the event
// carries it to the consumers).
func newCreateCall(ctx context.Context, a booking.Appointment, idem *booking.IdempotencyRecord) (*createCall, error) {
	call := &createCall{ctx: ctx, a: a, idem: idem, done: make(chan error, 1)}
	var err error
	if call.payload, call.headers, err = outbox.Encode(ctx, appointmentEvent(a, booking.Change{Type: booking.EventCreated, ActorRole: identity.RoleCustomer})); err != nil {
		return nil, err
	}
	if idem != nil {
		if call.snapshot, err = json.Marshal(idem.Appointment); err != nil {
			return nil, err
		}
	}
	return call, nil
}

func (c *createCall) finish(err error) { c.done <- err }

// queue adds the booking's statements to b.
func (c *createCall) queue(b *pgx.Batch) {
	a := c.a
	args := appointmentArgs(a)
	erasure.QueueGuard(b, a.CustomerID, a.ProviderID)
	if c.idem == nil {
		b.Queue(bookSQL, append(args, topics.Appointments, a.ID, c.payload, c.headers)...)
		return
	}
	k := c.idem
	b.Queue(deleteExpiredKey, k.CustomerID, k.Key, k.ExpiredBefore)
	b.Queue(bookKeyedSQL, append(args, k.CustomerID, k.Key, k.RequestHash, c.snapshot, k.CreatedAt,
		topics.Appointments, a.ID, c.payload, c.headers)...)
	b.Queue(dropUnusedKey, k.CustomerID, k.Key, a.ID)
}

// readBooked reads the results of calls' statements in queue order: whether
// each booked its slot. The first error is the transaction's.
func readBooked(br pgx.BatchResults, calls []*createCall) ([]bool, error) {
	defer br.Close()
	booked := make([]bool, len(calls))
	for i, c := range calls {
		if guarded(c.a) {
			if _, err := br.Exec(); err != nil { // erasure.QueueGuard
				return nil, err
			}
		}
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

// selectAppointment reads a pending appointment as awaiting the provider
// whatever awaiting_provider says: a booking is pending and awaits them,
// and bookSQL need not write the column (migration 008).
const selectAppointment = `SELECT id::text, service_id, service_name, service_category, provider_id, provider, location,
	customer_id, customer_name, customer_email, customer_phone, customer_address, notes, starts_at, slot_label,
	status, has_reviewed, version, created_at, updated_at, price::float8,
	(awaiting_provider OR status = 'pending'), reason, cancelled_by, coalesce(staff_id::text, ''), staff_name, ends_at, staff_email FROM appointments `

// listOrder is soonest first: the order a calendar and an "upcoming" list
// read in; ties (the same start) by booking time.
const listOrder = ` ORDER BY starts_at, created_at, id`

func scan(row pgx.Row) (booking.Appointment, error) {
	var a booking.Appointment
	var ends *time.Time
	err := row.Scan(&a.ID, &a.ServiceID, &a.ServiceName, &a.ServiceCategory, &a.ProviderID, &a.Provider, &a.Location,
		&a.CustomerID, &a.CustomerName, &a.CustomerEmail, &a.CustomerPhone, &a.CustomerAddress, &a.Notes, &a.StartsAt,
		&a.Time, &a.Status, &a.HasReviewed, &a.Version, &a.CreatedAt, &a.UpdatedAt, &a.Price,
		&a.AwaitingProvider, &a.Reason, &a.CancelledBy, &a.StaffID, &a.StaffName, &ends, &a.StaffEmail)
	if ends != nil {
		a.EndsAt = *ends
	}
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

// ByCustomer reads q's page off appointments_by_customer.
func (s Appointments) ByCustomer(ctx context.Context, customerID string, q booking.PageQuery) ([]booking.Appointment, error) {
	where, order := pageClause(q, 2)
	return s.list(ctx, selectAppointment+`WHERE customer_id = $1 AND `+where+order, customerID, q.From.StartsAt, q.From.ID, q.Limit)
}

// ByProvider reads q's page off appointments_by_provider, or one
// member's off appointments_page_by_member.
func (s Appointments) ByProvider(ctx context.Context, providerID, staffID string, q booking.PageQuery) ([]booking.Appointment, error) {
	if staffID == "" {
		where, order := pageClause(q, 2)
		return s.list(ctx, selectAppointment+`WHERE provider_id = $1 AND `+where+order, providerID, q.From.StartsAt, q.From.ID, q.Limit)
	}
	if uuid.Validate(staffID) != nil {
		return []booking.Appointment{}, nil
	}
	where, order := pageClause(q, 3)
	return s.list(ctx, selectAppointment+`WHERE provider_id = $1 AND `+staffIs+` = $2::uuid AND `+where+order,
		providerID, staffID, q.From.StartsAt, q.From.ID, q.Limit)
}

// pageClause is the keyset condition and order of q, its parameters
// numbered from n: the start, the id and the limit. PostgreSQL bounds an
// index scan on (…, starts_at) with the row comparison's first column,
// so a page is one short range scan, however long the history
// (store/page_test.go reads the plans).
func pageClause(q booking.PageQuery, n int) (where, order string) {
	p := func(i int) string { return "$" + strconv.Itoa(n+i) }
	if q.Backward {
		return `(starts_at, id) < (` + p(0) + `, ` + p(1) + `::uuid)`, ` ORDER BY starts_at DESC, id DESC LIMIT ` + p(2)
	}
	return `(starts_at, id) > (` + p(0) + `, ` + p(1) + `::uuid)`, ` ORDER BY starts_at, id LIMIT ` + p(2)
}

// staffIs is an appointment's member: its own, or the owner for one from
// before teams (identity.OwnerMemberID, as catalog-svc's migration 008).
const staffIs = `coalesce(staff_id, md5('owner:' || provider_id)::uuid)`

// Open returns up to limit appointments still scheduled, confirmed or in
// progress, and answered by the provider, that started before before,
// earliest first (off appointments_open_by_start).
func (s Appointments) Open(ctx context.Context, before time.Time, limit int) ([]booking.Appointment, error) {
	return s.list(ctx, selectAppointment+`WHERE status IN ('scheduled', 'confirmed', 'in-progress') AND NOT awaiting_provider
		AND starts_at < $1 ORDER BY starts_at LIMIT $2`, before, limit)
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
		// A hand-back to the owner (booking/handback.go) is the server's, not
		// the provider's: it spends no reassignment budget, and each
		// appointment is handed back at most once.
		if change.Type == booking.EventReassigned && change.ActorRole != booking.ActorSystem {
			if err := spendReassign(ctx, tx, a.ID, a.UpdatedAt); err != nil {
				return err
			}
		}
		if change.Type == booking.EventRescheduled {
			if err := spendReschedule(ctx, tx, a.CustomerID, a.UpdatedAt); err != nil {
				return err
			}
			if err := checkSpacing(ctx, tx, a); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `UPDATE appointments SET starts_at = $2, slot_label = $3, status = $4, version = $5,
			updated_at = $6, awaiting_provider = $7, reason = $8, cancelled_by = $9, staff_id = $10, staff_name = $11,
			ends_at = $12, staff_email = $13 WHERE id = $1`,
			a.ID, a.StartsAt, a.Time, a.Status, a.Version, a.UpdatedAt, a.AwaitingProvider, a.Reason, a.CancelledBy,
			nullUUID(a.StaffID), a.StaffName, nullTime(a.EndsAt), a.StaffEmail)
		if err != nil {
			return err
		}
		out = a
		return writeEvent(ctx, tx, a, change)
	})
	if err == nil {
		s.kick()
	}
	return out, taken(err)
}

// spendReschedule counts a reschedule of customerID at now against its
// budget (booking.CheckRescheduleBudget), refusing it when spent. A
// transaction-scoped advisory lock per customer makes concurrent
// reschedules on any replica count one after another.
func spendReschedule(ctx context.Context, tx pgx.Tx, customerID string, now time.Time) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('reschedule ' || $1, 0))`, customerID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM reschedules WHERE customer_id = $1 AND rescheduled_at <= $2`,
		customerID, now.Add(-booking.RescheduleWindow)); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT rescheduled_at FROM reschedules WHERE customer_id = $1 ORDER BY rescheduled_at`, customerID)
	if err != nil {
		return err
	}
	earlier, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	if err != nil {
		return err
	}
	if err := booking.CheckRescheduleBudget(earlier, now); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO reschedules (customer_id, rescheduled_at) VALUES ($1, $2)`, customerID, now)
	return err
}

// Busy reads the provider's active appointments with staffIDs starting in
// [from, to), across services, off appointments_live_by_provider (migration
// 013), whose predicate busyQuery repeats: the cancelled rows of the window
// are never visited (TestBusyVisitsOnlyLiveRows). One from before teams is
// the owner's, and lasts fallback until adopted.
func (s Appointments) Busy(ctx context.Context, providerID string, staffIDs []string, from, to time.Time, fallback time.Duration) ([]booking.Busy, error) {
	rows, err := s.Pool.Query(ctx, busyQuery, providerID, from, to, staffIDs, fallback)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (booking.Busy, error) {
		var b booking.Busy
		err := row.Scan(&b.AppointmentID, &b.StaffID, &b.ServiceID, &b.Start, &b.End)
		return b, err
	})
}

const busyQuery = `SELECT id::text, ` + staffIs + `::text, service_id, starts_at,
		coalesce(ends_at, starts_at + $5::interval) FROM appointments
		WHERE provider_id = $1 AND starts_at >= $2 AND starts_at < $3 AND status NOT IN ('cancelled', 'rejected')
		AND ` + staffIs + ` = ANY($4::uuid[])`

// Consumer is the inbox name of the hasReviewed projection.
const Consumer = "booking-svc/has-reviewed"

// MarkReviewed applies a review event once: the inbox row, the flag and
// the rating commit together, so a redelivered event changes nothing. A
// rating outside 1–5 (none on the event) is stored as none rather than
// failing the consumer on the column's check.
func (s Appointments) MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		first, err := inbox.FirstTime(ctx, tx, Consumer, eventID)
		if err != nil || !first {
			return err
		}
		if uuid.Validate(appointmentID) != nil {
			return nil // not one of ours: nothing to mark
		}
		_, err = tx.Exec(ctx, `UPDATE appointments SET has_reviewed = true,
			rating = CASE WHEN $2::int BETWEEN 1 AND 5 THEN $2::int END WHERE id = $1`, appointmentID, rating)
		return err
	})
}

// writeEvent puts the appointment's state after change into the outbox.
func writeEvent(ctx context.Context, tx pgx.Tx, a booking.Appointment, change booking.Change) error {
	return outbox.Write(ctx, tx, topics.Appointments, a.ID, appointmentEvent(a, change))
}

// appointmentEvent is the appointment's state after change.
func appointmentEvent(a booking.Appointment, change booking.Change) *eventsv1.AppointmentEvent {
	return &eventsv1.AppointmentEvent{
		EventId: uuid.NewString(), Type: change.Type, OccurredAt: timestamppb.New(a.UpdatedAt),
		AppointmentId: a.ID, ServiceId: a.ServiceID, ServiceName: a.ServiceName, CustomerId: a.CustomerID,
		CustomerEmail: a.CustomerEmail, ProviderId: a.ProviderID, Status: a.Status, PreviousStatus: change.PreviousStatus,
		StartsAt: timestamppb.New(a.StartsAt), Version: a.Version, ActorRole: change.ActorRole, CustomerName: a.CustomerName,
		Provider: a.Provider, ClosureNote: change.ClosureNote, Price: a.Price, Location: a.Location, DurationMinutes: int32(a.Duration),
		Reason: change.Reason, AwaitingProvider: a.AwaitingProvider, Declined: change.Declined,
		StaffId: a.StaffID, StaffName: a.StaffName, StaffEmail: a.StaffEmail, ClosedBy: change.ClosedBy,
		PreviousStaffId: change.PreviousStaffID, PreviousStaffName: change.PreviousStaffName, PreviousStaffEmail: change.PreviousStaffEmail,
		AccountClosed: change.AccountClosed,
	}
}
