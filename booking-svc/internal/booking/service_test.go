package booking

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// memRepo is an in-memory Repository with the same rules as the
// database's: one member per slot of a service (the unique index) and no
// member in two overlapping appointments (the exclusion constraint).
type memRepo struct {
	appts  map[string]Appointment
	idem   map[string]IdempotencyRecord
	events []string
	// busyManyCalls counts BusyMany's queries.
	busyManyCalls int
	// closing are the accounts recorded as closing.
	closing map[string]bool
}

func newMemRepo() *memRepo {
	return &memRepo{appts: map[string]Appointment{}, idem: map[string]IdempotencyRecord{}}
}

func (r *memRepo) held(a Appointment) bool {
	for _, o := range r.appts {
		if o.ID != a.ID && o.ServiceID == a.ServiceID && o.StartsAt.Equal(a.StartsAt) && staffOf(o) == staffOf(a) && o.Active() {
			return true
		}
	}
	return false
}

// overlaps is the exclusion constraint: a's member in another active
// appointment overlapping it.
func (r *memRepo) overlaps(a Appointment) bool {
	for _, o := range r.appts {
		if o.ID != a.ID && o.Active() && staffOf(o) == staffOf(a) && o.StartsAt.Before(endOf(a)) && a.StartsAt.Before(endOf(o)) {
			return true
		}
	}
	return false
}

func endOf(a Appointment) time.Time {
	if a.EndsAt.IsZero() {
		return a.StartsAt.Add(time.Minute)
	}
	return a.EndsAt
}

func (r *memRepo) Busy(_ context.Context, providerID string, ids []string, from, to time.Time, fallback time.Duration) ([]Busy, error) {
	var out []Busy
	for _, a := range r.filter(func(a Appointment) bool { return a.ProviderID == providerID && a.Active() }) {
		end := a.EndsAt
		if end.IsZero() {
			end = a.StartsAt.Add(fallback)
		}
		if !a.StartsAt.Before(from) && a.StartsAt.Before(to) && slices.Contains(ids, staffOf(a)) {
			out = append(out, Busy{AppointmentID: a.ID, StaffID: staffOf(a), ServiceID: a.ServiceID, Start: a.StartsAt, End: end})
		}
	}
	return out, nil
}

// tooClose is the store's spacing check (store/spacing.go).
func (r *memRepo) tooClose(a Appointment) bool {
	var starts []time.Time
	for _, o := range r.appts {
		if o.ID != a.ID && o.ServiceID == a.ServiceID && staffOf(o) == staffOf(a) && o.Active() {
			starts = append(starts, o.StartsAt)
		}
	}
	return TooClose(a.StartsAt, starts, a.Spacing)
}

func (r *memRepo) Create(_ context.Context, a Appointment, idem *IdempotencyRecord) error {
	if idem != nil {
		if old, ok := r.idem[idem.CustomerID+"|"+idem.Key]; ok && !old.CreatedAt.Before(idem.ExpiredBefore) {
			return ErrIdempotencyKeyUsed
		}
	}
	if r.held(a) || r.closing[a.CustomerID] || r.closing[a.ProviderID] {
		return ErrSlotTaken
	}
	if r.overlaps(a) {
		return ErrStaffBusy
	}
	if r.tooClose(a) {
		return ErrTooClose
	}
	if idem != nil {
		r.idem[idem.CustomerID+"|"+idem.Key] = *idem
	}
	r.appts[a.ID] = a
	r.events = append(r.events, fmt.Sprintf("%s %s v%d", EventCreated, a.Status, a.Version))
	return nil
}

func (r *memRepo) Idempotent(_ context.Context, customerID, key string, since time.Time) (IdempotencyRecord, error) {
	rec, ok := r.idem[customerID+"|"+key]
	if !ok || rec.CreatedAt.Before(since) {
		return IdempotencyRecord{}, ErrNotFound
	}
	return rec, nil
}

func (r *memRepo) ByID(_ context.Context, id string) (Appointment, error) {
	a, ok := r.appts[id]
	if !ok {
		return a, ErrNotFound
	}
	return a, nil
}

func (r *memRepo) Open(_ context.Context, before time.Time, limit int) ([]Appointment, error) {
	// Unlike the store, it also returns the unanswered ones: the domain
	// must leave them alone itself.
	out := r.filter(func(a Appointment) bool { return slices.Contains(openStatuses, a.Status) && a.StartsAt.Before(before) })
	return out[:min(limit, len(out))], nil
}

func (r *memRepo) MarkClosing(_ context.Context, userID string) error {
	if r.closing == nil {
		r.closing = map[string]bool{}
	}
	r.closing[userID] = true
	return nil
}

func (r *memRepo) Closing(_ context.Context, userID string) (bool, error) {
	return r.closing[userID], nil
}

func (r *memRepo) UpcomingOf(_ context.Context, userID string, after time.Time, limit int) ([]Appointment, error) {
	list := r.filter(func(a Appointment) bool {
		return (a.CustomerID == userID || a.ProviderID == userID) && a.StartsAt.After(after) &&
			(a.Status == StatusPending || a.Status == StatusScheduled || a.Status == StatusConfirmed)
	})
	return list[:min(len(list), limit)], nil
}

func (r *memRepo) filter(keep func(Appointment) bool) []Appointment {
	var out []Appointment
	for _, a := range r.appts {
		if keep(a) {
			out = append(out, a)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].StartsAt.Before(out[j].StartsAt) })
	return out
}

func (r *memRepo) ByCustomer(_ context.Context, id string, q PageQuery) ([]Appointment, error) {
	return pageOf(r.filter(func(a Appointment) bool { return a.CustomerID == id }), q), nil
}

func (r *memRepo) ByProvider(_ context.Context, id, staffID string, q PageQuery) ([]Appointment, error) {
	return pageOf(r.filter(func(a Appointment) bool { return a.ProviderID == id && (staffID == "" || staffOf(a) == staffID) }), q), nil
}

// pageOf is q's page of list, as the store reads it.
func pageOf(list []Appointment, q PageQuery) []Appointment {
	cmp := func(a Appointment) int {
		if c := a.StartsAt.Compare(q.From.StartsAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, q.From.ID)
	}
	sort.SliceStable(list, func(i, j int) bool {
		if !list[i].StartsAt.Equal(list[j].StartsAt) {
			return list[i].StartsAt.Before(list[j].StartsAt)
		}
		return list[i].ID < list[j].ID
	})
	var out []Appointment
	for _, a := range list {
		if (!q.Backward && cmp(a) > 0) || (q.Backward && cmp(a) < 0) {
			out = append(out, a)
		}
	}
	if q.Backward {
		slices.Reverse(out)
	}
	return out[:min(q.Limit, len(out))]
}

func (r *memRepo) Update(_ context.Context, id string, mutate func(*Appointment) (Change, error)) (Appointment, error) {
	a, ok := r.appts[id]
	if !ok {
		return a, ErrNotFound
	}
	ch, err := mutate(&a)
	if err != nil {
		return Appointment{}, err
	}
	if a.Active() && (r.held(a) || r.overlaps(a)) {
		return Appointment{}, ErrStaffBusy
	}
	if ch.Type == EventRescheduled && r.tooClose(a) {
		return Appointment{}, ErrTooClose
	}
	r.appts[id] = a
	event := fmt.Sprintf("%s %s<-%s v%d", ch.Type, a.Status, ch.PreviousStatus, a.Version)
	if ch.Declined {
		event += " declined"
	}
	r.events = append(r.events, event)
	return a, nil
}

func (r *memRepo) BusyMany(_ context.Context, staffIDs map[string][]string, from, to time.Time) (map[string][]Busy, error) {
	r.busyManyCalls++
	out := map[string][]Busy{}
	for _, a := range r.filter(func(a Appointment) bool { return a.Active() }) {
		if ids, ok := staffIDs[a.ProviderID]; ok && !a.StartsAt.Before(from) && a.StartsAt.Before(to) && slices.Contains(ids, staffOf(a)) {
			out[a.ProviderID] = append(out[a.ProviderID], Busy{AppointmentID: a.ID, StaffID: staffOf(a), ServiceID: a.ServiceID, Start: a.StartsAt, End: a.EndsAt})
		}
	}
	return out, nil
}

func (r *memRepo) MarkReviewed(_ context.Context, _, id string, _ int) error {
	if a, ok := r.appts[id]; ok {
		a.HasReviewed = true
		r.appts[id] = a
	}
	return nil
}

// memCatalog is the catalogue; a service naming no staff is performed by
// its provider's owner alone (as a catalogue from before teams).
type memCatalog map[string]ServiceInfo

func (c memCatalog) Service(_ context.Context, id string) (ServiceInfo, error) {
	s, ok := c[id]
	if !ok {
		return s, ErrServiceNotFound
	}
	s.Staff = c.staffOf(s)
	return s, nil
}

func (c memCatalog) staffOf(s ServiceInfo) []Member {
	if s.Staff == nil {
		return []Member{OwnerOf(s.ProviderID, s.Provider)}
	}
	return s.Staff
}

// Staff answers with the members the catalogue has for each service
// (none for one it does not know), whatever the listing said.
func (c memCatalog) Staff(_ context.Context, services []ServiceInfo) (map[string][]Member, error) {
	out := map[string][]Member{}
	for _, l := range services {
		if s, ok := c[l.ID]; ok {
			out[l.ID] = c.staffOf(s)
		}
	}
	return out, nil
}

// memAccounts is auth-svc's contacts: each account's email now, which
// the callers' tokens may predate.
type memAccounts map[string]string

func (a memAccounts) FinishClosing(_ context.Context, userID string) error {
	a["finished:"+userID] = "yes"
	return nil
}

func (a memAccounts) Contact(_ context.Context, userID string) (Contact, error) {
	return Contact{Name: "Account " + userID, Email: a[userID]}, nil
}

type fixture struct {
	svc   Service
	repo  *memRepo
	clock *time.Time
}

func newFixture() fixture {
	repo := newMemRepo()
	cat := memCatalog{
		"dental": {ID: "dental", ProviderID: "prov-1", Name: "Dental", Category: "Healthcare & Wellness", Provider: "Smile Clinic",
			Location: "MG Road, Bengaluru", TimeSlots: []string{"09:00", "10:00"}, IsActive: true, Duration: 30},
		"paused": {ID: "paused", ProviderID: "prov-1", TimeSlots: []string{"09:00"}},
	}
	clock := now
	n := 0
	svc := NewService(repo, cat, memAccounts{"cust-1": "alice@example.com", "cust-2": "bob@example.com"}, ist, func() time.Time { return clock }, func() string { n++; return fmt.Sprintf("appt-%d", n) }, DefaultIdempotencyTTL)
	return fixture{svc: svc, repo: repo, clock: &clock}
}

var (
	alice = Caller{UserID: "cust-1", Role: identity.RoleCustomer, Email: "alice@example.com"}
	bob   = Caller{UserID: "cust-2", Role: identity.RoleCustomer, Email: "bob@example.com"}
	prov  = Caller{UserID: "prov-1", Role: identity.RoleProvider}
	prov2 = Caller{UserID: "prov-2", Role: identity.RoleProvider}
)

func booking(date, clock string) NewBooking {
	b := validBooking()
	b.ServiceID, b.Date, b.Time = "dental", date, clock
	return b
}

func TestBookCopiesServiceAndRefusesHeldSlots(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	if _, err := f.svc.Book(ctx, prov, booking("2026-11-22", "09:00"), ""); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("provider booking: %v", err)
	}
	a, err := f.svc.Book(ctx, alice, booking("2026-11-21T18:45:00Z", "9:00 AM"), "")
	if err != nil {
		t.Fatal(err)
	}
	want := Appointment{ID: "appt-1", ServiceID: "dental", ServiceName: "Dental", ServiceCategory: "Healthcare & Wellness",
		ProviderID: "prov-1", Provider: "Smile Clinic", Location: "MG Road, Bengaluru", CustomerID: "cust-1",
		CustomerEmail: "alice@example.com", CustomerPhone: "9876543210", CustomerAddress: "12 MG Road",
		StartsAt: time.Date(2026, 11, 22, 9, 0, 0, 0, ist), Date: "2026-11-22", Time: "09:00", Status: StatusPending, AwaitingProvider: true,
		Version: 1, CreatedAt: now.UTC(), UpdatedAt: now.UTC(), Duration: 30,
		// The owner (the only member), until the end of the service's 30 minutes.
		StaffID: identity.OwnerMemberID("prov-1"), StaffName: "Smile Clinic", EndsAt: time.Date(2026, 11, 22, 9, 30, 0, 0, ist)}
	if a != want {
		t.Fatalf("booked\n got %+v\nwant %+v", a, want)
	}
	_, err = f.svc.Book(ctx, bob, booking("2026-11-22", "09:00"), "")
	expectErr(t, err, apperr.KindConflict, MsgSlotTaken)
	_, err = f.svc.Book(ctx, bob, NewBooking{ServiceID: "nope", Date: "2026-11-22", Time: "09:00", CustomerPhone: "9876543210", CustomerAddress: "x"}, "")
	expectErr(t, err, apperr.KindNotFound, MsgServiceNotFound)
	_, err = f.svc.Book(ctx, bob, NewBooking{ServiceID: "paused", Date: "2026-11-22", Time: "09:00", CustomerPhone: "9876543210", CustomerAddress: "x"}, "")
	expectErr(t, err, apperr.KindConflict, MsgServiceInactive)
}

// TestBookTakesEmailFromAccount: a token from before an email change
// books under the account's address now, not the token's claim; an
// address typed on the form is kept.
func TestBookTakesEmailFromAccount(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	stale := alice
	stale.Email = "alice.old@example.com"
	a, err := f.svc.Book(ctx, stale, booking("2026-11-22", "09:00"), "")
	if err != nil {
		t.Fatal(err)
	}
	if a.CustomerEmail != "alice@example.com" || a.CustomerName != "" {
		t.Fatalf("booked as %q <%s>, want the account's alice@example.com and no name", a.CustomerName, a.CustomerEmail)
	}
	typed := booking("2026-11-22", "10:00")
	typed.CustomerEmail = "front-desk@example.com"
	if a, err = f.svc.Book(ctx, stale, typed, ""); err != nil || a.CustomerEmail != "front-desk@example.com" {
		t.Fatalf("typed address: %q, %v", a.CustomerEmail, err)
	}
}

func TestBookIdempotencyKey(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	first, err := f.svc.Book(ctx, alice, booking("2026-11-23", "09:00"), "k1")
	if err != nil {
		t.Fatal(err)
	}
	// The appointment changes afterwards; the replay is still the first response.
	if _, err := f.svc.SetProviderStatus(ctx, prov, first.ID, StatusConfirmed, ""); err != nil {
		t.Fatal(err)
	}
	again, err := f.svc.Book(ctx, alice, booking("2026-11-23", "09:00"), "k1")
	if err != nil || again != first {
		t.Fatalf("replay %+v, %v; want %+v", again, err, first)
	}
	_, err = f.svc.Book(ctx, alice, booking("2026-11-23", "10:00"), "k1")
	expectErr(t, err, apperr.KindUnprocessable, MsgIdempotencyKeyReused)
	// Another customer's key is theirs alone.
	if _, err := f.svc.Book(ctx, bob, booking("2026-11-23", "10:00"), "k1"); err != nil {
		t.Fatal(err)
	}
	// After 24 h the key is new again.
	*f.clock = f.clock.Add(DefaultIdempotencyTTL + time.Minute)
	_, err = f.svc.Book(ctx, alice, booking("2026-11-23", "09:00"), "k1")
	expectErr(t, err, apperr.KindConflict, MsgSlotTaken)
	if len(f.repo.appts) != 2 {
		t.Fatalf("%d appointments, want 2", len(f.repo.appts))
	}
}

// lateRecord hides idempotency records from the first lookup: a retry
// that looked before a concurrent request with its key committed.
type lateRecord struct {
	*memRepo
	lookups int
}

func (r *lateRecord) Idempotent(ctx context.Context, customerID, key string, since time.Time) (IdempotencyRecord, error) {
	r.lookups++
	if r.lookups == 1 {
		return IdempotencyRecord{}, ErrNotFound
	}
	return r.memRepo.Idempotent(ctx, customerID, key, since)
}

// A retry that finds its slot taken by its own key's first booking
// (committed since it looked the key up) answers as the first did, not
// 409.
func TestKeyedRetryFindsItsOwnBooking(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	first, err := f.svc.Book(ctx, alice, booking("2026-11-23", "09:00"), "k1")
	if err != nil {
		t.Fatal(err)
	}
	late := &lateRecord{memRepo: f.repo}
	svc := NewService(late, memCatalog{"dental": {ID: "dental", ProviderID: "prov-1", Provider: "Smile Clinic",
		TimeSlots: []string{"09:00"}, IsActive: true, Duration: 30}}, memAccounts{}, ist, func() time.Time { return now }, func() string { return "appt-2" }, DefaultIdempotencyTTL)
	again, err := svc.Book(ctx, alice, booking("2026-11-23", "09:00"), "k1")
	if err != nil || again.ID != first.ID {
		t.Fatalf("the retry: %+v, %v; want the first booking %s", again, err, first.ID)
	}
	_, err = svc.Book(ctx, bob, booking("2026-11-23", "09:00"), "k2")
	expectErr(t, err, apperr.KindConflict, MsgSlotTaken)
}

func TestOwnershipAndEvents(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	a, _ := f.svc.Book(ctx, alice, booking("2026-11-22", "09:00"), "")
	notFound := func(err error) {
		t.Helper()
		expectErr(t, err, apperr.KindNotFound, MsgAppointmentNotFound)
	}
	_, err := f.svc.Get(ctx, bob, a.ID)
	notFound(err)
	_, err = f.svc.Get(ctx, prov2, a.ID)
	notFound(err)
	if _, err := f.svc.Get(ctx, prov, a.ID); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.SetCustomerStatus(ctx, bob, a.ID, StatusCancelled, "")
	notFound(err)
	_, err = f.svc.SetProviderStatus(ctx, prov2, a.ID, StatusConfirmed, "")
	notFound(err)
	_, err = f.svc.Reschedule(ctx, bob, a.ID, "2026-11-23", "09:00", "")
	notFound(err)
	_, err = f.svc.SetProviderStatus(ctx, alice, a.ID, StatusConfirmed, "")
	expectErr(t, err, apperr.KindForbidden, MsgProvidersOnly)
	_, err = f.svc.SetCustomerStatus(ctx, prov, a.ID, StatusCancelled, "")
	expectErr(t, err, apperr.KindForbidden, MsgOwnCustomerOnly)
	_, err = f.svc.ListForProvider(ctx, alice, "")
	expectErr(t, err, apperr.KindForbidden, MsgProvidersOnly)

	if _, err := f.svc.SetProviderStatus(ctx, prov, a.ID, StatusConfirmed, ""); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Reschedule(ctx, alice, a.ID, "", "09:00", "")
	expectErr(t, err, apperr.KindInvalid, MsgRescheduleRequired)
	moved, err := f.svc.Reschedule(ctx, alice, a.ID, "2026-11-23", "10:00", "")
	if err != nil || moved.Status != StatusScheduled || moved.Date != "2026-11-23" || moved.Version != 3 {
		t.Fatalf("reschedule: %+v %v", moved, err)
	}
	if _, err := f.svc.SetCustomerStatus(ctx, alice, a.ID, StatusCancelled, ""); err != nil {
		t.Fatal(err)
	}
	want := []string{"created pending v1", "status_changed confirmed<-pending v2", "rescheduled scheduled<-confirmed v3", "status_changed cancelled<-scheduled v4"}
	if fmt.Sprint(f.repo.events) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", f.repo.events, want)
	}
	// A refused change writes no event.
	_, err = f.svc.SetCustomerStatus(ctx, alice, a.ID, StatusCancelled, "")
	expectErr(t, err, apperr.KindConflict, "The appointment is cancelled and cannot be moved to cancelled")
	if len(f.repo.events) != 4 {
		t.Fatalf("refused change wrote an event: %v", f.repo.events)
	}
}

func TestServiceAvailability(t *testing.T) {
	f := newFixture()
	ctx := context.Background()
	f.svc.Book(ctx, alice, booking("2026-11-22", "10:00"), "")
	days, err := f.svc.Availability(ctx, "dental", "", 0, "")
	if err != nil || len(days) != WindowDays || days[0].Date != "2026-11-21" || days[1].Slots[1].Available || !days[1].Slots[0].Available {
		t.Fatalf("availability %+v %v", days, err)
	}
	_, err = f.svc.Availability(ctx, "dental", "21-11-2026", 1, "")
	expectErr(t, err, apperr.KindInvalid, MsgInvalidFrom)
	// Dates near the calendar's ends are refused, not a 500 (issue 40).
	for _, from := range []string{"9999-12-31", "0001-01-01", now.In(ist).AddDate(0, 0, FromRangeDays+1).Format(DateLayout)} {
		_, err = f.svc.Availability(ctx, "dental", from, 1, "")
		expectErr(t, err, apperr.KindInvalid, MsgFromOutOfRange)
	}
	if _, err = f.svc.Availability(ctx, "dental", now.In(ist).AddDate(0, 0, FromRangeDays).Format(DateLayout), 31, ""); err != nil {
		t.Fatalf("a year ahead: %v", err)
	}
	_, err = f.svc.Availability(ctx, "dental", "", 32, "")
	expectErr(t, err, apperr.KindInvalid, MsgInvalidDays)
	_, err = f.svc.Availability(ctx, "nope", "", 1, "")
	expectErr(t, err, apperr.KindNotFound, MsgServiceNotFound)
}

// An inactive service shows no free slots: it is not bookable (409).
func TestAvailabilityOfAnInactiveService(t *testing.T) {
	ctx := context.Background()
	dental := ServiceInfo{ID: "dental", ProviderID: "prov-1", Name: "Dental", TimeSlots: []string{"09:00"}, IsActive: true}
	paused := dental
	paused.IsActive = false
	cases := []struct {
		name    string
		service ServiceInfo
		want    apperr.Kind
	}{
		{"inactive", paused, apperr.KindConflict},
		{"active", dental, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			svc := NewService(newMemRepo(), memCatalog{"dental": c.service}, memAccounts{},
				ist, func() time.Time { return now }, func() string { return "appt-1" }, DefaultIdempotencyTTL)
			_, err := svc.Availability(ctx, "dental", "", 1, "")
			if apperr.KindOf(err) != c.want {
				t.Fatalf("err = %v, want kind %v", err, c.want)
			}
			if c.want != 0 && err.Error() != MsgServiceInactive {
				t.Fatalf("message %q", err)
			}
		})
	}
}

// Every booking is decided on the service as catalog-svc has it at that
// moment (docs/product.md "Fresh and kept"): an edit a moment ago decides
// the next booking, whichever way it goes.
func TestBookDecidesOnTheServiceAsItIsNow(t *testing.T) {
	ctx := context.Background()
	dental := ServiceInfo{ID: "dental", ProviderID: "prov-1", Name: "Dental", TimeSlots: []string{"09:00"}, IsActive: true}
	paused, widened, renamed := dental, dental, dental
	paused.IsActive = false
	widened.TimeSlots = []string{"09:00", "11:00"}
	renamed.Name = "Dental check-up"
	cases := []struct {
		name     string
		now      ServiceInfo
		clock    string
		want     apperr.Kind // 0: booked
		wantName string
	}{
		{"deactivated a moment ago", paused, "09:00", apperr.KindConflict, ""},
		{"a slot added a moment ago", widened, "11:00", 0, "Dental"},
		{"not one of its slots", dental, "10:00", apperr.KindInvalid, ""},
		{"renamed a moment ago", renamed, "09:00", 0, "Dental check-up"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			catalog := memCatalog{"dental": dental}
			svc := NewService(newMemRepo(), catalog, memAccounts{},
				ist, func() time.Time { return now }, func() string { return "appt-1" }, DefaultIdempotencyTTL)
			if _, err := svc.Availability(ctx, "dental", "", 1, ""); err != nil {
				t.Fatal(err)
			}
			catalog["dental"] = c.now
			a, err := svc.Book(ctx, alice, booking("2026-11-22", c.clock), "")
			if apperr.KindOf(err) != c.want {
				t.Fatalf("err = %v, want kind %v", err, c.want)
			}
			if err == nil && a.ServiceName != c.wantName {
				t.Fatalf("service name %q, want %q", a.ServiceName, c.wantName)
			}
		})
	}
}
