package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// PostgreSQL itself refuses a member in two overlapping active
// appointments, whatever writes them, across services; a cancelled one
// frees its time, and rows without a member never conflict.
func TestExclusionConstraintRefusesOverlapWrittenInSQL(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	first := appointment("svc-1", 0) // 09:00–09:30 with the owner
	if err := s.Create(ctx, first, nil); err != nil {
		t.Fatal(err)
	}
	insert := func(service, staff string, from, to time.Time, status string) error {
		var id any
		if staff != "" {
			id = staff
		}
		_, err := pool.Exec(ctx, `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider,
			location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
			status, version, created_at, updated_at, staff_id, ends_at)
			VALUES ($1, $2, 'x', 'x', 'p1', 'x', 'x', 'c2', 'x', 'x', 'x', 'x', $3, 'x', $5, 1, now(), now(), $4, $6)`,
			uuid.NewString(), service, from, id, status, to)
		return err
	}
	owner := first.StaffID
	err := insert("svc-2", owner, start.Add(15*time.Minute), start.Add(45*time.Minute), "pending")
	if !constraintViolated(err, staffOverlap) {
		t.Fatalf("an overlapping row in another service: %v, want the exclusion constraint", err)
	}
	if err := insert("svc-2", owner, start.Add(30*time.Minute), start.Add(60*time.Minute), "pending"); err != nil {
		t.Fatalf("a row right after (ranges are [start, end)): %v", err)
	}
	if err := insert("svc-2", owner, start.Add(10*time.Minute), start.Add(20*time.Minute), "cancelled"); err != nil {
		t.Fatalf("a cancelled overlapping row: %v", err)
	}
	if err := insert("svc-2", uuid.NewString(), start, start.Add(30*time.Minute), "pending"); err != nil {
		t.Fatalf("another member at the same time: %v", err)
	}
	if err := insert("svc-4", "", start, start.Add(30*time.Minute), "pending"); err != nil {
		t.Fatalf("a row without a member (the previous release's): %v", err)
	}
	if err := insert("svc-3", owner, start.Add(5*time.Minute), time.Time{}, "pending"); err == nil {
		t.Fatal("a member's row without an end was stored")
	}
}

// Two services sharing one member, booked at overlapping times by many at
// once through group commit: exactly one booking per overlapping group
// stands, every other is refused as the member busy or the slot taken,
// never a 500 and never a double booking.
func TestSharedMemberAcrossServicesConcurrently(t *testing.T) {
	s, pool := newStore(t)
	const perService = 12
	var mu sync.Mutex
	ok, refused := 0, 0
	var wg sync.WaitGroup
	for i := range 2 * perService {
		wg.Go(func() {
			a := appointment(fmt.Sprintf("svc-%d", i%2), 0)
			if i%2 == 1 { // the other service starts 15 minutes later: overlapping
				a.StartsAt, a.EndsAt = a.StartsAt.Add(15*time.Minute), a.EndsAt.Add(15*time.Minute)
			}
			err := s.Create(context.Background(), a, nil)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, booking.ErrStaffBusy), errors.Is(err, booking.ErrSlotTaken):
				refused++
			default:
				t.Errorf("booking %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if ok != 1 || refused != 2*perService-1 {
		t.Fatalf("%d booked, %d refused; want 1 and %d", ok, refused, 2*perService-1)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments`); n != 1 {
		t.Fatalf("%d appointments stored", n)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM outbox`); n != 1 {
		t.Fatalf("%d events", n)
	}
}

// migrationsBefore is the migrations folder as a release before name left
// it.
func migrationsBefore(t *testing.T, name string) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() < name {
			body, err := fs.ReadFile(Migrations, "migrations/"+e.Name())
			if err != nil {
				t.Fatal(err)
			}
			out[e.Name()] = &fstest.MapFile{Data: body}
		}
	}
	return out
}

// durations is a catalogue that knows services' lengths (and which it
// no longer has), for adopting appointments from before teams.
type durations map[string]int

func (d durations) Service(_ context.Context, id string) (booking.ServiceInfo, error) {
	minutes, ok := d[id]
	if !ok {
		return booking.ServiceInfo{}, booking.ErrServiceNotFound
	}
	return booking.ServiceInfo{ID: id, ProviderID: "p1", Provider: "Smile Clinic", Name: id, IsActive: true,
		TimeSlots: []string{"09:00", "09:15", "10:00", "11:00", "11:30"}, Duration: minutes,
		Staff: []booking.Member{booking.OwnerOf("p1", "Smile Clinic")}}, nil
}

func (d durations) Staff(_ context.Context, services []booking.ServiceInfo) (map[string][]booking.Member, error) {
	out := map[string][]booking.Member{}
	for _, s := range services {
		out[s.ID] = []booking.Member{booking.OwnerOf("p1", "Smile Clinic")}
	}
	return out, nil
}

// Old data keeps working: appointments a release before teams wrote are,
// after migrating, read as the owner's; adoption gives them the owner and
// their end from the catalogue's duration, oldest first, leaving the
// later-created of two that overlap across services without a member;
// then booking, listing and rescheduling go on, and the owner is never
// double-booked.
func TestAppointmentsFromBeforeTeams(t *testing.T) {
	ctx := context.Background()
	pool, err := postgres.Open(ctx, testkit.NewDatabase(t), "booking", postgres.Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := postgres.Migrate(ctx, pool, "booking", migrationsBefore(t, "009")); err != nil {
		t.Fatal(err)
	}
	loc := time.FixedZone("IST", 5*3600+1800)
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, loc)
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, loc)
	old := func(id, service string, at time.Duration, status string, created int) {
		_, err := pool.Exec(ctx, `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider,
			location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
			status, version, created_at, updated_at)
			VALUES ($1, $2, $2, 'x', 'p1', 'Smile Clinic', 'x', 'c1', 'Asha', 'asha@example.com', '9876543210', 'x', $3, 'x', $4, 1, $5, $5)`,
			id, service, day.Add(at), status, now.Add(time.Duration(created)*time.Minute-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
	}
	ids := map[string]string{}
	for _, r := range []struct {
		name, service string
		at            time.Duration
		status        string
	}{
		{"cleaning 9:00", "cleaning", 9 * time.Hour, "scheduled"},                // 60 minutes: to 10:00
		{"whitening 9:15", "whitening", 9*time.Hour + 15*time.Minute, "pending"}, // overlaps, booked later
		{"cleaning 11:00", "cleaning", 11 * time.Hour, "pending"},
		{"cancelled 9:00", "whitening", 9 * time.Hour, "cancelled"},
		{"gone 9:00", "deleted", 9 * time.Hour, "pending"},
	} {
		ids[r.name] = uuid.NewString()
		old(ids[r.name], r.service, r.at, r.status, len(ids))
	}
	if err := postgres.Migrate(ctx, pool, "booking", mustSub(t)); err != nil {
		t.Fatalf("migrating the old data: %v", err)
	}
	repo := NewAppointments(pool, nil, noop.NewTracerProvider())
	owner := identity.OwnerMemberID("p1")

	// Before adoption: read as the owner's, listed under their filter.
	domain := booking.NewService(repo, durations{"cleaning": 60, "whitening": 30}, oneContact{}, loc, func() time.Time { return now }, uuid.NewString, time.Hour)
	provider := booking.Caller{UserID: "p1", Role: identity.RoleProvider}
	list, err := domain.ListForProvider(ctx, provider, owner)
	if err != nil || len(list) != 5 || list[0].StaffID != owner || list[0].StaffName != "Smile Clinic" {
		t.Fatalf("the owner's list before adoption: %d, %+v, %v", len(list), list, err)
	}

	adoption := booking.LegacyAdoption{Catalog: durations{"cleaning": 60, "whitening": 30}, Store: repo, Now: func() time.Time { return now }}
	adopted, unassigned, err := adoption.Run(ctx)
	if err != nil || adopted != 2 || unassigned != 1 {
		t.Fatalf("adoption: %d adopted, %d unassigned, %v; want 2 and 1", adopted, unassigned, err)
	}
	type row struct {
		staff *string
		ends  *time.Time
	}
	read := func(name string) row {
		var r row
		if err := pool.QueryRow(ctx, `SELECT staff_id::text, ends_at FROM appointments WHERE id = $1`, ids[name]).Scan(&r.staff, &r.ends); err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := read("cleaning 9:00"); r.staff == nil || *r.staff != owner || !r.ends.Equal(day.Add(10*time.Hour)) {
		t.Fatalf("the first cleaning: %+v", r)
	}
	if r := read("whitening 9:15"); r.staff != nil || r.ends == nil || !r.ends.Equal(day.Add(9*time.Hour+45*time.Minute)) {
		t.Fatalf("the overlapping whitening: staff %v, ends %v; want none and 9:45", r.staff, r.ends)
	}
	if r := read("gone 9:00"); r.staff != nil || r.ends != nil {
		t.Fatalf("an appointment of a deleted service: %+v", r)
	}
	if r := read("cancelled 9:00"); r.staff != nil {
		t.Fatalf("a cancelled appointment was adopted: %+v", r)
	}
	if again, _, err := adoption.Run(ctx); err != nil || again != 0 {
		t.Fatalf("a second pass adopted %d (%v)", again, err)
	}

	// Booking goes on: the owner is busy 9:00–10:00 and 11:00–12:00.
	customer := booking.Caller{UserID: "c9", Role: identity.RoleCustomer, Email: "ravi@example.com"}
	newBooking := func(service, clock string) booking.NewBooking {
		return booking.NewBooking{ServiceID: service, Date: "2026-12-01", Time: clock, CustomerName: "Ravi",
			CustomerPhone: "9876543210", CustomerAddress: "Somewhere"}
	}
	if _, err := domain.Book(ctx, customer, newBooking("whitening", "09:15"), ""); err == nil {
		t.Fatal("booked the owner at 9:15, inside their adopted cleaning")
	}
	if _, err := domain.Book(ctx, customer, newBooking("whitening", "11:30"), ""); err == nil {
		t.Fatal("booked the owner at 11:30, inside their adopted 11:00 cleaning")
	}
	fresh, err := domain.Book(ctx, customer, newBooking("whitening", "10:00"), "")
	if err != nil || fresh.StaffID != owner {
		t.Fatalf("booking 10:00: %+v, %v", fresh, err)
	}
	// Rescheduling an adopted appointment keeps the owner, now with its end.
	asha := booking.Caller{UserID: "c1", Role: identity.RoleCustomer}
	moved, err := domain.Reschedule(ctx, asha, ids["cleaning 11:00"], "2026-12-01", "11:30", "")
	if err != nil || moved.StaffID != owner || !moved.EndsAt.Equal(day.Add(12*time.Hour+30*time.Minute)) {
		t.Fatalf("rescheduling the old 11:00 cleaning: %+v, %v", moved, err)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments WHERE provider_id = 'p1'`); n != 6 {
		t.Fatalf("%d appointments", n)
	}
}

func mustSub(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// oneContact is auth-svc's contacts for a test with one customer.
type oneContact struct{}

func (oneContact) FinishClosing(context.Context, string) error { return nil }

func (oneContact) Contact(context.Context, string) (booking.Contact, error) {
	return booking.Contact{Name: "Ravi", Email: "ravi@example.com"}, nil
}
