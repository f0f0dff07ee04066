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
	// PageMine is one page of the caller's appointments (page.go).
	PageMine(ctx context.Context, c Caller, r PageRequest) (Page, error)
	// PageForProvider is one page of the provider's appointments; staffID
	// keeps one member's ("" all).
	PageForProvider(ctx context.Context, c Caller, staffID string, r PageRequest) (Page, error)
	// ListMine and ListForProvider are what a calendar feed holds: the
	// window's (the last 30 days and upcoming) first MaxFeedEvents.
	ListMine(ctx context.Context, c Caller) ([]Appointment, error)
	ListForProvider(ctx context.Context, c Caller, staffID string) ([]Appointment, error)
	// SetProviderStatus and SetCustomerStatus move the appointment to
	// status; reason (optional) goes with declining or cancelling.
	SetProviderStatus(ctx context.Context, c Caller, id, status, reason string) (Appointment, error)
	SetCustomerStatus(ctx context.Context, c Caller, id, status, reason string) (Appointment, error)
	// Reschedule moves the customer's appointment; staffID "" keeps the
	// member, StaffAny takes anyone free, an id asks for that member.
	Reschedule(ctx context.Context, c Caller, id, date, clock, staffID string) (Appointment, error)
	// Reassign gives the provider's appointment to another free member.
	Reassign(ctx context.Context, c Caller, id, staffID string) (Appointment, error)
	// Availability is the service's slots free with at least one member,
	// or with staffID only when given.
	Availability(ctx context.Context, serviceID, from string, days int, staffID string) ([]DaySlots, error)
	// NextAvailable is each listed service's first slot its Availability
	// would offer (next.go).
	NextAvailable(ctx context.Context, listed []ServiceInfo) (NextSlots, error)
	// MarkReviewed records, once per event, that the appointment's customer
	// reviewed it, with the review's rating (1–5; anything else is kept as
	// no rating: 0 for a review an operator hid, which analytics leave out).
	MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error
	// CompleteOverdue completes the appointments left open OverdueAfter
	// past their end, and says how many (overdue.go).
	CompleteOverdue(ctx context.Context) (int, error)
	// CloseAccount refuses and cancels a closing account's bookings, then
	// lets auth-svc erase it; it says how many it cancelled (closing.go).
	CloseAccount(ctx context.Context, userID string) (int, error)
}

// Catalog looks services up in catalog-svc.
type Catalog interface {
	// Service returns the service as catalog-svc's database has it now;
	// ErrServiceNotFound when there is none.
	Service(ctx context.Context, id string) (ServiceInfo, error)
	// Staff is the members performing each of services (by service id),
	// as Service gives them in Staff, for a listing page in one call.
	Staff(ctx context.Context, services []ServiceInfo) (map[string][]Member, error)
}

// Accounts reads a customer's contact from auth-svc, which owns it.
type Accounts interface {
	// Contact is the account's name and email now; a deleted account is
	// a 401 (erasure.ErrAccountDeleted).
	Contact(ctx context.Context, userID string) (Contact, error)
	// FinishClosing tells auth-svc that a closing account has no upcoming
	// appointment left (closing.go).
	FinishClosing(ctx context.Context, userID string) error
}

// Contact is how a customer is reached.
type Contact struct{ Name, Email string }

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
	// ByCustomer reads q's page of the customer's appointments (latest
	// first when q.Backward).
	ByCustomer(ctx context.Context, customerID string, q PageQuery) ([]Appointment, error)
	// ByProvider reads q's page of the provider's appointments; staffID ""
	// all, else one member's (those booked before teams are the owner's).
	ByProvider(ctx context.Context, providerID, staffID string, q PageQuery) ([]Appointment, error)
	// Update locks the appointment, lets mutate change it, and stores the
	// result with its event; mutate returning an error changes nothing.
	// ErrNotFound, ErrSlotTaken (a reschedule onto a held slot).
	Update(ctx context.Context, id string, mutate func(*Appointment) (Change, error)) (Appointment, error)
	// Busy returns the times the provider's active appointments hold the
	// members staffIDs, starting in [from, to), across services; one booked
	// before teams is the owner's, lasting fallback when its end is not
	// known yet.
	Busy(ctx context.Context, providerID string, staffIDs []string, from, to time.Time, fallback time.Duration) ([]Busy, error)
	// BusyMany is Busy for a listing page in one query, by provider: the
	// times the active appointments of each provider of staffIDs hold the
	// members staffIDs[provider], starting in [from, to). End is zero for
	// one whose end is not known yet: the caller gives it its service's
	// length, as Busy's fallback does.
	BusyMany(ctx context.Context, staffIDs map[string][]string, from, to time.Time) (map[string][]Busy, error)
	// MarkReviewed sets hasReviewed and the rating unless eventID was
	// applied before.
	MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error
	// Open returns up to limit appointments still scheduled, confirmed or
	// in progress that started before before, earliest first.
	Open(ctx context.Context, before time.Time, limit int) ([]Appointment, error)
	// MarkClosing records userID's account as closing: from then on Create
	// books nothing with it as customer or provider (closing.go).
	MarkClosing(ctx context.Context, userID string) error
	// Closing tells whether userID's account is closing (or erased).
	Closing(ctx context.Context, userID string) (bool, error)
	// UpcomingOf returns up to limit pending, scheduled or confirmed
	// appointments starting after after, of userID as customer and up to
	// limit as provider, earliest first.
	UpcomingOf(ctx context.Context, userID string, after time.Time, limit int) ([]Appointment, error)
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

// ErrNoStaffService: the catalogue has no team calls yet (an older
// catalog-svc during a rollout); the owner performs everything.
var ErrNoStaffService = errors.New("catalogue without teams")

// DefaultIdempotencyTTL is how long a key's first result is replayed
// unless configured otherwise (IDEMPOTENCY_TTL).
const DefaultIdempotencyTTL = 24 * time.Hour

type service struct {
	repo     Repository
	catalog  Catalog
	accounts Accounts
	loc      *time.Location
	now      func() time.Time
	newID    func() string
	idemTTL  time.Duration
}

// NewService returns the booking domain reading slots in loc and replaying
// a keyed booking's first result for idemTTL.
func NewService(repo Repository, catalog Catalog, accounts Accounts, loc *time.Location, now func() time.Time, newID func() string, idemTTL time.Duration) Service {
	return &service{repo: repo, catalog: catalog, accounts: accounts, loc: loc, now: now, newID: newID, idemTTL: idemTTL}
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
	switch {
	case errors.Is(err, ErrIdempotencyKeyUsed):
		// A concurrent request with the same key won; answer as it did.
		rec, err := s.repo.Idempotent(ctx, c.UserID, key, s.now().Add(-s.idemTTL))
		if err != nil {
			return Appointment{}, err
		}
		return replay(rec, idem.RequestHash)
	case idem != nil && apperr.KindOf(err) == apperr.KindConflict:
		// The member taken may be this key's own booking, committed by a
		// concurrent retry since the record was looked up: answer as it
		// did.
		if rec, lookErr := s.repo.Idempotent(ctx, c.UserID, key, s.now().Add(-s.idemTTL)); lookErr == nil {
			return replay(rec, idem.RequestHash)
		}
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
	contact, err := s.contact(ctx, c, b)
	if err != nil {
		return Appointment{}, err
	}
	want, err := pickStaff(svc, b.StaffID)
	if err != nil {
		return Appointment{}, err
	}
	candidates, err := s.candidates(ctx, svc, m, want, "")
	if err != nil {
		return Appointment{}, err
	}
	now = now.UTC()
	a := Appointment{
		ID: s.newID(), ServiceID: svc.ID, ServiceName: svc.Name, ServiceCategory: svc.Category,
		ProviderID: svc.ProviderID, Provider: svc.Provider, Location: svc.Location,
		CustomerID: c.UserID, CustomerName: contact.Name, CustomerEmail: contact.Email,
		CustomerPhone: b.CustomerPhone, CustomerAddress: b.CustomerAddress, Notes: b.Notes,
		StartsAt: m.Start(), Date: m.Day.Format(DateLayout), Time: slot.Label,
		Status: StatusPending, AwaitingProvider: true, Version: 1, CreatedAt: now, UpdatedAt: now,
		// The price as booked: revenue (analytics.go) stays what the
		// customer was shown when the provider later changes it.
		Price: svc.Price, Duration: svc.Duration, Spacing: Spacing(svc), EndsAt: m.Start().Add(Length(svc)),
	}
	// The first free member that PostgreSQL takes: a member another booking
	// took a moment ago (ErrStaffBusy, ErrSlotTaken) leaves the next one.
	for _, member := range candidates {
		a.StaffID, a.StaffName, a.StaffEmail = member.ID, member.Name, member.Email
		if idem != nil {
			idem.Appointment, idem.CreatedAt, idem.ExpiredBefore = a, now, now.Add(-s.idemTTL)
		}
		err = s.repo.Create(ctx, a, idem)
		if err == nil {
			return a, nil
		}
		if !errors.Is(err, ErrSlotTaken) && !errors.Is(err, ErrStaffBusy) && !errors.Is(err, ErrTooClose) {
			return Appointment{}, err
		}
	}
	if errors.Is(err, ErrSlotTaken) {
		if err := s.closingRefusal(ctx, svc.ProviderID, c.UserID); err != nil {
			return Appointment{}, err
		}
	}
	switch {
	case want != nil:
		return Appointment{}, apperr.Conflict(NotFreeMessage(want.Name))
	case errors.Is(err, ErrTooClose):
		return Appointment{}, apperr.Conflict(BufferMessage(svc.Provider, svc.Buffer))
	}
	return Appointment{}, apperr.Conflict(MsgSlotTaken)
}

// contact is the email the booking records: what the customer typed,
// else the account's as auth-svc has it now. Not the token's email claim:
// a token issued before an email change still carries the old address.
// The name is what the customer typed (a token carries none).
func (s *service) contact(ctx context.Context, c Caller, b NewBooking) (Contact, error) {
	want := Contact{Name: b.CustomerName, Email: b.CustomerEmail}
	if want.Email != "" {
		return want, nil
	}
	acc, err := s.accounts.Contact(ctx, c.UserID)
	if err != nil {
		return Contact{}, err
	}
	want.Email = acc.Email
	return want, nil
}

// candidates are the members who may take moment m of svc, in the order
// to try them: want alone when asked for (409 unless free), else every
// free member, fewest appointments that day first. except is the
// appointment being moved (it does not hold its own member).
func (s *service) candidates(ctx context.Context, svc ServiceInfo, m Moment, want *Member, except string) ([]Member, error) {
	start := m.Start()
	length := Length(svc)
	ids := make([]string, len(svc.Staff))
	for i, member := range svc.Staff {
		ids[i] = member.ID
	}
	// The whole day, widened by the longest appointment and the spacing:
	// counts for "fewest that day" and every overlap of this one.
	reach := length + Spacing(svc) + 24*time.Hour
	busy, err := s.repo.Busy(ctx, svc.ProviderID, ids, m.Day.Add(-reach), m.Day.Add(reach+24*time.Hour), length)
	if err != nil {
		return nil, err
	}
	free := FreeMembers(svc, m.Day, start, busy, except)
	if want != nil {
		for _, f := range free {
			if f.ID == want.ID {
				return []Member{f}, nil
			}
		}
		if spacedOut(svc, []Member{*want}, m, busy, except) {
			return nil, apperr.Conflict(BufferMessage(svc.Provider, svc.Buffer))
		}
		return nil, apperr.Conflict(NotFreeMessage(want.Name))
	}
	if len(free) == 0 {
		if spacedOut(svc, svc.Staff, m, busy, except) {
			return nil, apperr.Conflict(BufferMessage(svc.Provider, svc.Buffer))
		}
		return nil, apperr.Conflict(MsgSlotTaken)
	}
	dayEnd := m.Day.AddDate(0, 0, 1)
	counts := map[string]int{}
	for _, b := range busy {
		if !b.Start.Before(m.Day) && b.Start.Before(dayEnd) && b.AppointmentID != except {
			counts[b.StaffID]++
		}
	}
	return ByFewest(free, counts), nil
}

// spacedOut tells "only the service's buffer is in the way" (its
// message) from "everyone is taken" (the slot's): one of members would be
// free but for their other appointments of this service at other times.
func spacedOut(svc ServiceInfo, members []Member, m Moment, busy []Busy, except string) bool {
	if Spacing(svc) <= 0 {
		return false
	}
	start := m.Start()
	var others []Busy
	for _, b := range busy {
		if b.ServiceID != svc.ID || b.Start.Equal(start) {
			others = append(others, b)
		}
	}
	for _, member := range members {
		if member.FreeAt(m.Day, start, Length(svc), others, except) {
			return true
		}
	}
	return false
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

func (s *service) PageMine(ctx context.Context, c Caller, r PageRequest) (Page, error) {
	return s.page(r, func(q PageQuery) ([]Appointment, error) { return s.repo.ByCustomer(ctx, c.UserID, q) })
}

func (s *service) PageForProvider(ctx context.Context, c Caller, staffID string, r PageRequest) (Page, error) {
	if c.Role != identity.RoleProvider {
		return Page{}, apperr.Forbidden(MsgProvidersOnly)
	}
	staffID = strings.TrimSpace(staffID)
	return s.page(r, func(q PageQuery) ([]Appointment, error) { return s.repo.ByProvider(ctx, c.UserID, staffID, q) })
}

// page reads r's page with read; a first page also looks for one
// appointment before the window, to offer the older ones.
func (s *service) page(r PageRequest, read func(PageQuery) ([]Appointment, error)) (Page, error) {
	plan, err := PlanPage(r, s.now())
	if err != nil {
		return Page{}, err
	}
	rows, err := read(plan.ReadPlan())
	if err != nil {
		return Page{}, err
	}
	older := false
	if plan.First {
		before, err := read(PageQuery{From: plan.Query.From, Backward: true, Limit: 1})
		if err != nil {
			return Page{}, err
		}
		older = len(before) > 0
	}
	p := plan.BuildPage(rows, older)
	p.Appointments = s.presentAll(p.Appointments)
	return p, nil
}

// feedQuery is a calendar feed's read: the window's first MaxFeedEvents.
func (s *service) feedQuery() PageQuery {
	return PageQuery{From: PageKey{StartsAt: s.now().Add(-RecentWindow).UTC(), ID: zeroID}, Limit: MaxFeedEvents}
}

func (s *service) ListMine(ctx context.Context, c Caller) ([]Appointment, error) {
	list, err := s.repo.ByCustomer(ctx, c.UserID, s.feedQuery())
	return s.presentAll(list), err
}

func (s *service) ListForProvider(ctx context.Context, c Caller, staffID string) ([]Appointment, error) {
	if c.Role != identity.RoleProvider {
		return nil, apperr.Forbidden(MsgProvidersOnly)
	}
	list, err := s.repo.ByProvider(ctx, c.UserID, strings.TrimSpace(staffID), s.feedQuery())
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

func (s *service) Reschedule(ctx context.Context, c Caller, id, date, clock, staffID string) (Appointment, error) {
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
	// The rules that do not depend on who performs it answer first (a
	// past slot is a 400 whoever is free).
	if _, err := CheckReschedule(cur, svc, m, s.now()); err != nil {
		return Appointment{}, err
	}
	if err := checkOpen(svc, m.Day); err != nil {
		return Appointment{}, err
	}
	staffID = strings.TrimSpace(staffID)
	keep := staffID == ""
	var want *Member
	switch {
	case keep:
		member, ok := svc.Member(staffOf(cur))
		if !ok {
			return Appointment{}, apperr.Conflict(KeepNotFreeMessage(s.staffName(cur)))
		}
		want = &member
	default:
		if want, err = pickStaff(svc, staffID); err != nil {
			return Appointment{}, err
		}
	}
	candidates, err := s.candidates(ctx, svc, m, want, cur.ID)
	if keep && err != nil && err.Error() == NotFreeMessage(want.Name) {
		err = apperr.Conflict(KeepNotFreeMessage(want.Name))
	}
	if err != nil {
		return Appointment{}, err
	}
	for _, member := range candidates {
		var a Appointment
		a, err = s.update(ctx, c, id, func(a *Appointment) (Change, error) {
			slot, err := CheckReschedule(*a, svc, m, s.now())
			if err != nil {
				return Change{}, err
			}
			// The contract's answer is scheduled; one the provider had not
			// answered yet still awaits them (AwaitingProvider is kept), now
			// at the new time.
			prev := a.Status
			a.StartsAt, a.Date, a.Time, a.Status = m.Start(), m.Day.Format(DateLayout), slot.Label, StatusScheduled
			a.Duration, a.Spacing, a.EndsAt = svc.Duration, Spacing(svc), m.Start().Add(Length(svc))
			return assign(a, member, Change{Type: EventRescheduled, PreviousStatus: prev}), nil
		})
		if !errors.Is(err, ErrSlotTaken) && !errors.Is(err, ErrStaffBusy) && !errors.Is(err, ErrTooClose) {
			return a, err
		}
	}
	switch {
	case want != nil && keep:
		return Appointment{}, apperr.Conflict(KeepNotFreeMessage(want.Name))
	case want != nil:
		return Appointment{}, apperr.Conflict(NotFreeMessage(want.Name))
	case errors.Is(err, ErrTooClose):
		return Appointment{}, apperr.Conflict(BufferMessage(svc.Provider, svc.Buffer))
	}
	return Appointment{}, apperr.Conflict(MsgSlotTaken)
}

// Reassign gives the provider's appointment id to member staffID, who must
// perform its service and be free at its time.
func (s *service) Reassign(ctx context.Context, c Caller, id, staffID string) (Appointment, error) {
	if c.Role != identity.RoleProvider {
		return Appointment{}, apperr.Forbidden(MsgProvidersOnly)
	}
	cur, err := s.load(ctx, id)
	if err != nil {
		return Appointment{}, err
	}
	if !canSee(c, cur) {
		return Appointment{}, apperr.NotFound(MsgAppointmentNotFound)
	}
	if strings.TrimSpace(staffID) == "" || staffID == StaffAny {
		return Appointment{}, apperr.Invalid(MsgStaffIDRequired)
	}
	if !cur.Active() || cur.Started(s.now()) {
		return Appointment{}, apperr.Conflict(MsgReassignPast)
	}
	svc, err := s.service(ctx, cur.ServiceID)
	if err != nil {
		return Appointment{}, err
	}
	want, err := pickStaff(svc, staffID)
	if err != nil {
		return Appointment{}, err
	}
	day := midnight(cur.StartsAt.In(s.loc))
	m := Moment{Day: day, Minutes: int(cur.StartsAt.In(s.loc).Sub(day) / time.Minute)}
	if _, err := s.candidates(ctx, svc, m, want, cur.ID); err != nil {
		return Appointment{}, err
	}
	a, err := s.update(ctx, c, id, func(a *Appointment) (Change, error) {
		if !a.Active() || a.Started(s.now()) {
			return Change{}, apperr.Conflict(MsgReassignPast)
		}
		a.Duration, a.EndsAt = svc.Duration, a.StartsAt.Add(Length(svc))
		return assign(a, *want, Change{Type: EventReassigned, PreviousStatus: a.Status}), nil
	})
	if errors.Is(err, ErrStaffBusy) || errors.Is(err, ErrSlotTaken) {
		return Appointment{}, apperr.Conflict(NotFreeMessage(want.Name))
	}
	return a, err
}

// staffName is who an appointment is with, as stored (the business for
// one booked before teams).
func (s *service) staffName(a Appointment) string {
	if a.StaffName != "" {
		return a.StaffName
	}
	return orBusiness(a.Provider)
}

func orBusiness(name string) string {
	if strings.TrimSpace(name) == "" {
		return "Owner"
	}
	return name
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

func (s *service) Availability(ctx context.Context, serviceID, from string, days int, staffID string) ([]DaySlots, error) {
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
	want, err := pickStaff(svc, staffID)
	if err != nil {
		return nil, err
	}
	if want != nil {
		svc.Staff = []Member{*want}
	}
	end := start.AddDate(0, 0, days)
	ids := make([]string, len(svc.Staff))
	for i, m := range svc.Staff {
		ids[i] = m.ID
	}
	// A booking just outside the days shown still holds its member, and
	// keeps its neighbours inside them apart: widen by a day.
	reach := 24*time.Hour + Length(svc) + Spacing(svc)
	busy, err := s.repo.Busy(ctx, svc.ProviderID, ids, start.Add(-reach), end.Add(reach), Length(svc))
	if err != nil {
		return nil, err
	}
	return Availability(svc, start, days, busy, now, want != nil), nil
}

func (s *service) MarkReviewed(ctx context.Context, eventID, appointmentID string, rating int) error {
	return s.repo.MarkReviewed(ctx, eventID, appointmentID, rating)
}

// present fills the derived fields of a stored appointment: its date, and
// the owner as the member of one booked before teams.
func (s *service) present(a Appointment) Appointment {
	a.Date = a.StartsAt.In(s.loc).Format(DateLayout)
	if a.StaffID == "" {
		a.StaffID, a.StaffName = staffOf(a), orBusiness(a.Provider)
	}
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
