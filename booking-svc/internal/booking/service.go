package booking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// Service is the booking domain.
type Service interface {
	// Book creates a pending appointment for the calling customer. A non-empty
	// idempotencyKey makes retries return the first result.
	Book(ctx context.Context, c Caller, b NewBooking, idempotencyKey string) (Appointment, error)
	Get(ctx context.Context, c Caller, id string) (Appointment, error)
	ListMine(ctx context.Context, c Caller) ([]Appointment, error)
	ListForProvider(ctx context.Context, c Caller) ([]Appointment, error)
	// SetProviderStatus and SetCustomerStatus move the appointment to
	// status; reason (optional) goes with declining or cancelling.
	SetProviderStatus(ctx context.Context, c Caller, id, status, reason string) (Appointment, error)
	SetCustomerStatus(ctx context.Context, c Caller, id, status, reason string) (Appointment, error)
	Reschedule(ctx context.Context, c Caller, id, date, clock string) (Appointment, error)
	Availability(ctx context.Context, serviceID, from string, days int) ([]DaySlots, error)
	// NextAvailable is each listed service's first free slot (next.go).
	NextAvailable(ctx context.Context, listed []Listed) (NextSlots, error)
	// MarkReviewed records, once per event, that the appointment's customer
	// reviewed it, with the review's rating (1–5; anything else is kept as
	// no rating).
	MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error
	// CompleteOverdue completes the appointments left open OverdueAfter
	// past their end, and says how many (overdue.go).
	CompleteOverdue(ctx context.Context) (int, error)
}

// Catalog looks services up in catalog-svc.
type Catalog interface {
	// Service returns the service as catalog-svc's database has it now;
	// ErrServiceNotFound when there is none.
	Service(ctx context.Context, id string) (ServiceInfo, error)
}

// Repository stores appointments. Every mutation writes its event in the
// same transaction.
type Repository interface {
	// Create stores a; with idem set it also stores the idempotency record
	// in the same transaction. ErrSlotTaken when an active appointment holds
	// the slot; ErrIdempotencyKeyUsed when a live record for the key exists.
	Create(ctx context.Context, a Appointment, idem *IdempotencyRecord) error
	// Idempotent returns the live record of (customerID, key) written at or
	// after since; ErrNotFound when there is none.
	Idempotent(ctx context.Context, customerID, key string, since time.Time) (IdempotencyRecord, error)
	ByID(ctx context.Context, id string) (Appointment, error)
	ByCustomer(ctx context.Context, customerID string) ([]Appointment, error)
	ByProvider(ctx context.Context, providerID string) ([]Appointment, error)
	// Update locks the appointment, lets mutate change it, and stores the
	// result with its event; mutate returning an error changes nothing.
	// ErrNotFound, ErrSlotTaken (a reschedule onto a held slot).
	Update(ctx context.Context, id string, mutate func(*Appointment) (Change, error)) (Appointment, error)
	// Booked returns the starts of active appointments of a service in [from, to).
	Booked(ctx context.Context, serviceID string, from, to time.Time) ([]time.Time, error)
	// BookedMany is Booked for many services in one query, by service id.
	BookedMany(ctx context.Context, serviceIDs []string, from, to time.Time) (map[string][]time.Time, error)
	// MarkReviewed sets hasReviewed and the rating unless eventID was
	// applied before.
	MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error
	// Open returns up to limit appointments still scheduled, confirmed or
	// in progress that started before before, earliest first.
	Open(ctx context.Context, before time.Time, limit int) ([]Appointment, error)
}

// IdempotencyRecord is the first result of a keyed booking request.
type IdempotencyRecord struct {
	CustomerID  string
	Key         string
	RequestHash string
	Appointment Appointment
	CreatedAt   time.Time
	// ExpiredBefore: a record of the same key written before this instant
	// has outlived its lifetime, and storing this one replaces it.
	ExpiredBefore time.Time
}

// Errors of the collaborators.
var (
	ErrNotFound           = errors.New("not found")
	ErrSlotTaken          = errors.New("slot taken")
	ErrIdempotencyKeyUsed = errors.New("idempotency key used")
	ErrServiceNotFound    = errors.New("service not found")
)

// DefaultIdempotencyTTL is how long a key's first result is replayed
// unless configured otherwise (IDEMPOTENCY_TTL).
const DefaultIdempotencyTTL = 24 * time.Hour

type service struct {
	repo    Repository
	catalog Catalog
	loc     *time.Location
	now     func() time.Time
	newID   func() string
	idemTTL time.Duration
}

// NewService returns the booking domain reading slots in loc and replaying
// a keyed booking's first result for idemTTL.
func NewService(repo Repository, catalog Catalog, loc *time.Location, now func() time.Time, newID func() string, idemTTL time.Duration) Service {
	return &service{repo: repo, catalog: catalog, loc: loc, now: now, newID: newID, idemTTL: idemTTL}
}

func (s *service) Book(ctx context.Context, c Caller, b NewBooking, key string) (Appointment, error) {
	if c.Role != identity.RoleCustomer {
		return Appointment{}, apperr.Forbidden(MsgCustomersOnly)
	}
	var idem *IdempotencyRecord
	if key != "" {
		if err := CheckIdempotencyKey(key); err != nil {
			return Appointment{}, err
		}
		hash := RequestHash(b)
		rec, err := s.repo.Idempotent(ctx, c.UserID, key, s.now().Add(-s.idemTTL))
		switch {
		case err == nil:
			return replay(rec, hash)
		case !errors.Is(err, ErrNotFound):
			return Appointment{}, err
		}
		idem = &IdempotencyRecord{CustomerID: c.UserID, Key: key, RequestHash: hash}
	}
	a, err := s.book(ctx, c, b, idem)
	if errors.Is(err, ErrIdempotencyKeyUsed) {
		// A concurrent request with the same key won; answer as it did.
		rec, err := s.repo.Idempotent(ctx, c.UserID, key, s.now().Add(-s.idemTTL))
		if err != nil {
			return Appointment{}, err
		}
		return replay(rec, idem.RequestHash)
	}
	return a, err
}

func replay(rec IdempotencyRecord, hash string) (Appointment, error) {
	if rec.RequestHash != hash {
		return Appointment{}, apperr.New(apperr.KindUnprocessable, MsgIdempotencyKeyReused)
	}
	return rec.Appointment, nil
}

// RequestHash identifies a booking request's body, for idempotency keys.
func RequestHash(b NewBooking) string {
	raw, _ := json.Marshal(b)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

func (s *service) book(ctx context.Context, c Caller, b NewBooking, idem *IdempotencyRecord) (Appointment, error) {
	if err := ValidateNewBooking(&b); err != nil {
		return Appointment{}, err
	}
	m, err := ParseMoment(b.Date, b.Time, s.loc)
	if err != nil {
		return Appointment{}, err
	}
	now := s.now()
	svc, slot, err := s.bookable(ctx, b.ServiceID, m, now)
	if err != nil {
		return Appointment{}, err
	}
	email := b.CustomerEmail
	if email == "" {
		email = c.Email
	}
	now = now.UTC()
	a := Appointment{
		ID: s.newID(), ServiceID: svc.ID, ServiceName: svc.Name, ServiceCategory: svc.Category,
		ProviderID: svc.ProviderID, Provider: svc.Provider, Location: svc.Location,
		CustomerID: c.UserID, CustomerName: b.CustomerName, CustomerEmail: email,
		CustomerPhone: b.CustomerPhone, CustomerAddress: b.CustomerAddress, Notes: b.Notes,
		StartsAt: m.Start(), Date: m.Day.Format(DateLayout), Time: slot.Label,
		Status: StatusPending, AwaitingProvider: true, Version: 1, CreatedAt: now, UpdatedAt: now,
		// The price as booked: revenue (analytics.go) stays what the
		// customer was shown when the provider later changes it.
		Price: svc.Price, Duration: svc.Duration, Spacing: Spacing(svc),
	}
	if idem != nil {
		idem.Appointment, idem.CreatedAt, idem.ExpiredBefore = a, now, now.Add(-s.idemTTL)
	}
	if err := s.repo.Create(ctx, a, idem); err != nil {
		if errors.Is(err, ErrSlotTaken) {
			return Appointment{}, apperr.Conflict(MsgSlotTaken)
		}
		if errors.Is(err, ErrTooClose) {
			return Appointment{}, apperr.Conflict(BufferMessage(svc.Provider, svc.Buffer))
		}
		return Appointment{}, err
	}
	return a, nil
}

// bookable checks moment m against the service as catalog-svc has it now
// (docs/product.md "Fresh and kept"): a service deactivated, deleted or
// closed a moment ago refuses the next booking.
func (s *service) bookable(ctx context.Context, id string, m Moment, now time.Time) (ServiceInfo, Slot, error) {
	svc, err := s.service(ctx, id)
	if err != nil {
		return ServiceInfo{}, Slot{}, err
	}
	slot, err := checkService(svc, m, now)
	return svc, slot, err
}

func checkService(svc ServiceInfo, m Moment, now time.Time) (Slot, error) {
	if !svc.IsActive {
		return Slot{}, apperr.Conflict(MsgServiceInactive)
	}
	slot, err := CheckBookable(svc, m, now)
	if err == nil {
		err = checkOpen(svc, m.Day)
	}
	return slot, err
}

func (s *service) service(ctx context.Context, id string) (ServiceInfo, error) {
	return found(s.catalog.Service(ctx, id))
}

// found turns the catalogue's "no such service" into the user's 404.
func found(svc ServiceInfo, err error) (ServiceInfo, error) {
	if errors.Is(err, ErrServiceNotFound) {
		return ServiceInfo{}, apperr.NotFound(MsgServiceNotFound)
	}
	return svc, err
}

func (s *service) Get(ctx context.Context, c Caller, id string) (Appointment, error) {
	a, err := s.load(ctx, id)
	if err != nil {
		return Appointment{}, err
	}
	if !canSee(c, a) {
		return Appointment{}, apperr.NotFound(MsgAppointmentNotFound)
	}
	return s.present(a), nil
}

// canSee is the ownership rule: a customer sees their own appointments, a
// provider those of their services. Anyone else is told it does not exist.
func canSee(c Caller, a Appointment) bool {
	switch c.Role {
	case identity.RoleCustomer:
		return a.CustomerID == c.UserID
	case identity.RoleProvider:
		return a.ProviderID == c.UserID
	}
	return false
}

func (s *service) load(ctx context.Context, id string) (Appointment, error) {
	a, err := s.repo.ByID(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Appointment{}, apperr.NotFound(MsgAppointmentNotFound)
	}
	return a, err
}

func (s *service) ListMine(ctx context.Context, c Caller) ([]Appointment, error) {
	list, err := s.repo.ByCustomer(ctx, c.UserID)
	return s.presentAll(list), err
}

func (s *service) ListForProvider(ctx context.Context, c Caller) ([]Appointment, error) {
	if c.Role != identity.RoleProvider {
		return nil, apperr.Forbidden(MsgProvidersOnly)
	}
	list, err := s.repo.ByProvider(ctx, c.UserID)
	return s.presentAll(list), err
}

func (s *service) SetProviderStatus(ctx context.Context, c Caller, id, status, reason string) (Appointment, error) {
	if c.Role != identity.RoleProvider {
		return Appointment{}, apperr.Forbidden(MsgProvidersOnly)
	}
	reason, err := CheckReason(status, reason)
	if err != nil {
		return Appointment{}, err
	}
	if status == StatusScheduled || status == StatusConfirmed {
		if err := s.checkAcceptable(ctx, c, id); err != nil {
			return Appointment{}, err
		}
	}
	return s.update(ctx, c, id, func(a *Appointment) (Change, error) {
		if err := ProviderTransition(*a, status, s.now()); err != nil {
			return Change{}, err
		}
		return settle(a, status, c.Role, reason), nil
	})
}

// settle moves a to status on role's word: whatever it was, it no longer
// awaits the provider (answered, cancelled or finished); declining or
// cancelling keeps the reason and who gave it.
func settle(a *Appointment, status, role, reason string) Change {
	prev, awaited := a.Status, a.AwaitingProvider || a.Status == StatusPending
	a.Status, a.AwaitingProvider = status, false
	if !Holds(status) {
		a.Reason, a.CancelledBy = reason, role
	}
	return Change{Type: EventStatusChanged, PreviousStatus: prev, Reason: reason,
		Declined: awaited && status == StatusCancelled && role == identity.RoleProvider}
}

// checkAcceptable refuses accepting or confirming the provider's own
// appointment id on one of their days off, decided on the catalogue's
// current row. Anything else (no such appointment, someone else's, a
// service gone) is left to update and ProviderTransition to answer.
func (s *service) checkAcceptable(ctx context.Context, c Caller, id string) error {
	a, err := s.repo.ByID(ctx, id)
	if err != nil || a.ProviderID != c.UserID {
		return nil
	}
	svc, err := s.catalog.Service(ctx, a.ServiceID)
	if errors.Is(err, ErrServiceNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	day := midnight(a.StartsAt.In(s.loc))
	if cl, closed := svc.ClosedOn(day); closed {
		return apperr.Conflict(AcceptOnClosedDayMessage(day, cl.Note))
	}
	return nil
}

func (s *service) SetCustomerStatus(ctx context.Context, c Caller, id, status, reason string) (Appointment, error) {
	if c.Role != identity.RoleCustomer {
		return Appointment{}, apperr.Forbidden(MsgOwnCustomerOnly)
	}
	reason, err := CheckReason(status, reason)
	if err != nil {
		return Appointment{}, err
	}
	return s.update(ctx, c, id, func(a *Appointment) (Change, error) {
		if err := CustomerTransition(*a, status, s.now()); err != nil {
			return Change{}, err
		}
		return settle(a, status, c.Role, reason), nil
	})
}

func (s *service) Reschedule(ctx context.Context, c Caller, id, date, clock string) (Appointment, error) {
	if c.Role != identity.RoleCustomer {
		return Appointment{}, apperr.Forbidden(MsgOwnCustomerOnly)
	}
	// Ownership first, so that someone else's appointment is "not found"
	// whatever the body says.
	cur, err := s.load(ctx, id)
	if err != nil {
		return Appointment{}, err
	}
	if !canSee(c, cur) {
		return Appointment{}, apperr.NotFound(MsgAppointmentNotFound)
	}
	date, clock = strings.TrimSpace(date), strings.TrimSpace(clock)
	if date == "" || clock == "" {
		return Appointment{}, apperr.Invalid(MsgRescheduleRequired)
	}
	m, err := ParseMoment(date, clock, s.loc)
	if err != nil {
		return Appointment{}, err
	}
	svc, err := s.service(ctx, cur.ServiceID)
	if err != nil {
		return Appointment{}, err
	}
	a, err := s.update(ctx, c, id, func(a *Appointment) (Change, error) {
		slot, err := CheckReschedule(*a, svc, m, s.now())
		if err == nil {
			err = checkOpen(svc, m.Day)
		}
		if err != nil {
			return Change{}, err
		}
		// The contract's answer is scheduled; one the provider had not
		// answered yet still awaits them (AwaitingProvider is kept), now
		// at the new time.
		prev := a.Status
		a.StartsAt, a.Date, a.Time, a.Status = m.Start(), m.Day.Format(DateLayout), slot.Label, StatusScheduled
		a.Duration, a.Spacing = svc.Duration, Spacing(svc)
		return Change{Type: EventRescheduled, PreviousStatus: prev}, nil
	})
	if errors.Is(err, ErrSlotTaken) {
		return Appointment{}, apperr.Conflict(MsgSlotTaken)
	}
	if errors.Is(err, ErrTooClose) {
		return Appointment{}, apperr.Conflict(BufferMessage(svc.Provider, svc.Buffer))
	}
	return a, err
}

func (s *service) update(ctx context.Context, c Caller, id string, mutate func(*Appointment) (Change, error)) (Appointment, error) {
	a, err := s.repo.Update(ctx, id, func(a *Appointment) (Change, error) {
		if !canSee(c, *a) {
			return Change{}, apperr.NotFound(MsgAppointmentNotFound)
		}
		ch, err := mutate(a)
		ch.ActorRole = c.Role
		if err == nil {
			a.Version++
			a.UpdatedAt = s.now().UTC()
		}
		return ch, err
	})
	if errors.Is(err, ErrNotFound) {
		return Appointment{}, apperr.NotFound(MsgAppointmentNotFound)
	}
	if err != nil {
		return Appointment{}, err
	}
	return s.present(a), nil
}

func (s *service) Availability(ctx context.Context, serviceID, from string, days int) ([]DaySlots, error) {
	now := s.now().In(s.loc)
	start := midnight(now)
	if from = strings.TrimSpace(from); from != "" {
		d, err := time.ParseInLocation(DateLayout, from, s.loc)
		if err != nil {
			return nil, apperr.Invalid(MsgInvalidFrom)
		}
		if err := CheckAvailabilityFrom(d, start); err != nil {
			return nil, err
		}
		start = d
	}
	if days == 0 {
		days = WindowDays
	}
	if days < 1 || days > MaxAvailabilityDays {
		return nil, apperr.Invalid(MsgInvalidDays)
	}
	// An inactive service or a closed queue has no free slots: it is not
	// bookable.
	svc, err := s.service(ctx, serviceID)
	if err != nil {
		return nil, err
	}
	if !svc.IsActive {
		return nil, apperr.Conflict(MsgServiceInactive)
	}
	if svc.QueueClosed {
		return nil, apperr.Conflict(QueueClosedMessage(svc.Provider))
	}
	end := start.AddDate(0, 0, days)
	// A booking just outside the days shown still keeps its neighbours
	// inside them apart.
	spacing := Spacing(svc)
	booked, err := s.repo.Booked(ctx, svc.ID, start.Add(-spacing), end.Add(spacing))
	if err != nil {
		return nil, err
	}
	return Availability(svc, start, days, booked, now), nil
}

// Availability lays out days of the service's slots from start: a slot is
// available unless an active appointment holds it or is closer to it than
// the service's spacing (buffer.go), it has passed, or it is within the
// service's minimum notice.
func Availability(svc ServiceInfo, start time.Time, days int, booked []time.Time, now time.Time) []DaySlots {
	now = earliest(now, svc.MinNotice)
	taken := map[int64]bool{}
	for _, b := range booked {
		taken[b.Unix()] = true
	}
	slots := SlotsOf(svc.TimeSlots)
	spacing := Spacing(svc)
	out := make([]DaySlots, 0, days)
	for i := range days {
		day := start.AddDate(0, 0, i)
		ds := DaySlots{Date: day.Format(DateLayout), Slots: make([]SlotState, 0, len(slots))}
		closure, closed := svc.ClosedOn(day)
		ds.Closed, ds.ClosedNote = closed, closure.Note
		for _, sl := range slots {
			at := At(day, sl.Minutes)
			ds.Slots = append(ds.Slots, SlotState{Time: sl.Label, StartsAt: at, Available: !closed && at.After(now) && !taken[at.Unix()] && !TooClose(at, booked, spacing)})
		}
		out = append(out, ds)
	}
	return out
}

func (s *service) MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error {
	return s.repo.MarkReviewed(ctx, eventID, appointmentID, rating)
}

// present fills the derived fields of a stored appointment.
func (s *service) present(a Appointment) Appointment {
	a.Date = a.StartsAt.In(s.loc).Format(DateLayout)
	return a
}

func (s *service) presentAll(list []Appointment) []Appointment {
	for i := range list {
		list[i] = s.present(list[i])
	}
	if list == nil {
		list = []Appointment{}
	}
	return list
}
