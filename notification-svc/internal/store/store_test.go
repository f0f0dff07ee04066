package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

var ist, _ = time.LoadLocation("Asia/Kolkata")

func openPool(t testing.TB) *pgxpool.Pool {
	return testkit.NewPool(t, "notification", Migrations, "migrations", 0)
}

// clock is a settable time source shared by a test and the store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *clock) Add(d time.Duration) { c.Set(c.Now().Add(d)) }

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// pairs runs a query of two text columns and maps the first to the second.
func pairs(t *testing.T, pool *pgxpool.Pool, sql string) map[string]string {
	t.Helper()
	rows, err := pool.Query(context.Background(), sql)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// effectOf is what the consumer makes of a, less the customer's
// confirmation of a booking (but in TestMailOnlyNotificationsAreNotListed):
// these tests count the provider's requests.
func effectOf(a notification.AppointmentChange) Effect {
	drafts := slices.DeleteFunc(notification.ForAppointment(a, ist), func(d notification.Draft) bool {
		return d.Kind == notification.KindBookingReceived
	})
	return Effect{EventID: a.EventID, Drafts: drafts, Reminders: notification.RemindersFor(a, ist), Details: notification.DetailsOf(a)}
}

// The customer's confirmation of their own booking is mailed (its email is
// queued, with the appointment's details) but neither listed nor unread.
func TestMailOnlyNotificationsAreNotListed(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	a := appt("a1", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer)
	a.Price, a.Duration, a.Location, a.Provider = 1500, 45, "12 MG Road", "Smile Clinic"
	e := Effect{EventID: a.EventID, Drafts: notification.ForAppointment(a, ist), Details: notification.DetailsOf(a)}
	if err := (Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}).Apply(ctx, "appointments", []Effect{e}); err != nil {
		t.Fatal(err)
	}
	page, err := Notifications{Pool: pool}.List(ctx, "cust", 0, 10)
	if err != nil || page.Total != 0 || page.Unread != 0 || len(page.Notifications) != 0 {
		t.Fatalf("the customer's list: %+v %v", page, err)
	}
	claimed, err := Emails{Pool: pool}.Claim(ctx, c.Now(), 10, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var mailed *notification.Delivery
	for i, d := range claimed {
		if d.Notification.Kind == notification.KindBookingReceived {
			mailed = &claimed[i]
		}
	}
	if mailed == nil || mailed.Details == nil {
		t.Fatalf("the confirmation's email is not queued with its details: %+v", claimed)
	}
	want := notification.Details{AppointmentID: "a1", Service: "Haircut", Business: "Smile Clinic", Location: "12 MG Road",
		Price: 1500, Minutes: 45, StartsAt: start, Status: notification.StatusPending, Version: 1}
	got := *mailed.Details
	if !got.StartsAt.Equal(want.StartsAt) {
		t.Fatalf("details start %v, want %v", got.StartsAt, want.StartsAt)
	}
	got.StartsAt = want.StartsAt
	if got != want {
		t.Fatalf("details\n got %+v\nwant %+v", got, want)
	}
}

var start = time.Date(2026, 12, 1, 3, 30, 0, 0, time.UTC)

func appt(id string, version int64, typ, prev, status, actor string) notification.AppointmentChange {
	return notification.AppointmentChange{EventID: uuid.NewString(), Type: typ, AppointmentID: id, ServiceName: "Haircut",
		CustomerID: "cust", CustomerName: "Asha", ProviderID: "prov", Status: status, PreviousStatus: prev, ActorRole: actor,
		StartsAt: start, OccurredAt: start.Add(-5 * 24 * time.Hour), Version: version}
}

func TestEachEventNotifiesOnceWhateverTheRedeliveries(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	s := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	booked := effectOf(appt("a1", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer))
	accepted := effectOf(appt("a1", 2, notification.EventStatusChanged, notification.StatusPending, notification.StatusScheduled, identity.RoleProvider))
	if err := s.Apply(ctx, "appointments", []Effect{booked, accepted}); err != nil {
		t.Fatal(err)
	}
	// A redelivered batch, then a replay of the whole topic.
	for range 2 {
		if err := s.Apply(ctx, "appointments", []Effect{booked, accepted}); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(t, pool, `SELECT count(*) FROM notifications WHERE recipient_id = 'prov' AND kind = $1`, notification.KindNewBooking); n != 1 {
		t.Fatalf("provider has %d new-booking notifications, want 1", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM notifications WHERE recipient_id = 'cust' AND kind = $1`, notification.KindAccepted); n != 1 {
		t.Fatalf("customer has %d accepted notifications, want 1", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM notifications`); n != 2 {
		t.Fatalf("%d notifications, want 2", n)
	}
	// Another consumer's inbox is its own: the same id there is new to it.
	if n := count(t, pool, `SELECT count(*) FROM inbox WHERE consumer = 'appointments'`); n != 2 {
		t.Fatalf("inbox has %d rows, want 2", n)
	}
}

// A batch is one transaction: a failing statement leaves nothing behind, so
// the retried batch starts clean (no event marked seen without its effect).
func TestAFailedBatchAppliesNothing(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	s := Effects{Pool: pool, Now: time.Now, NewID: uuid.NewString}
	good := effectOf(appt("a1", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer))
	bad := effectOf(appt("a2", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer))
	bad.Drafts[0].Text = "bad \x00 text"
	if err := s.Apply(ctx, "appointments", []Effect{good, bad}); err == nil {
		t.Fatal("a batch with an impossible row must fail")
	}
	if n := count(t, pool, `SELECT (SELECT count(*) FROM notifications) + (SELECT count(*) FROM inbox)`); n != 0 {
		t.Fatalf("a failed batch left %d rows", n)
	}
	if err := s.Apply(ctx, "appointments", []Effect{good}); err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM notifications`); n != 1 {
		t.Fatalf("after the retry: %d notifications, want 1", n)
	}
}

func TestRecipientsListAndMarkOnlyTheirOwn(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)}
	s := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	for i := range 5 {
		a := appt(fmt.Sprintf("a%d", i), 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer)
		if err := s.Apply(ctx, "appointments", []Effect{effectOf(a)}); err != nil {
			t.Fatal(err)
		}
		if i != 3 {
			c.Add(time.Minute) // a3 and a4 share an instant: a4, written later, comes first
		}
	}
	other := appt("b1", 2, notification.EventStatusChanged, notification.StatusPending, notification.StatusConfirmed, identity.RoleProvider)
	if err := s.Apply(ctx, "appointments", []Effect{effectOf(other)}); err != nil {
		t.Fatal(err)
	}
	repo := Notifications{Pool: pool}
	p, err := repo.List(ctx, "prov", 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 5 || p.Unread != 5 || len(p.Notifications) != 2 || p.Notifications[0].AppointmentID != "a4" || p.Notifications[1].AppointmentID != "a3" {
		t.Fatalf("first page: %+v", p)
	}
	p, _ = repo.List(ctx, "prov", 4, 2)
	if len(p.Notifications) != 1 || p.Notifications[0].AppointmentID != "a0" {
		t.Fatalf("last page: %+v", p.Notifications)
	}
	if p, _ = repo.List(ctx, "prov", 10, 2); len(p.Notifications) != 0 || p.Total != 5 {
		t.Fatalf("past the end: %+v", p)
	}
	cust, _ := repo.List(ctx, "cust", 0, 10)
	if len(cust.Notifications) != 1 || cust.Notifications[0].Kind != notification.KindConfirmed {
		t.Fatalf("customer: %+v", cust)
	}
	custID := cust.Notifications[0].ID

	// The provider cannot mark the customer's, nor can a malformed id reach the database.
	for _, id := range []string{custID, uuid.NewString(), "not-a-uuid"} {
		if _, _, err := repo.MarkRead(ctx, "prov", id); !errors.Is(err, notification.ErrNotFound) {
			t.Fatalf("provider marking %s: %v", id, err)
		}
	}
	if cust, _ = repo.List(ctx, "cust", 0, 10); cust.Unread != 1 {
		t.Fatal("someone else's mark changed the customer's notification")
	}
	first, _ := repo.List(ctx, "prov", 0, 1)
	n, unread, err := repo.MarkRead(ctx, "prov", first.Notifications[0].ID)
	if err != nil || n.Unread || unread != 4 {
		t.Fatalf("mark read: %+v %d %v", n, unread, err)
	}
	if _, unread, _ = repo.MarkRead(ctx, "prov", first.Notifications[0].ID); unread != 4 {
		t.Fatalf("marking twice: unread %d", unread)
	}
	marked, unread, err := repo.MarkAllRead(ctx, "prov")
	if err != nil || marked != 4 || unread != 0 {
		t.Fatalf("mark all: %d %d %v", marked, unread, err)
	}
	if cust, _ = repo.List(ctx, "cust", 0, 10); cust.Unread != 1 {
		t.Fatal("the provider's mark-all marked the customer's")
	}
}

var discard = slog.New(slog.DiscardHandler)

// TestAnEventRepeatedWithinABatchAppliesOnce: a batch can hold a
// redelivery of its own event (inbox.FirstTimes names it once).
func TestAnEventRepeatedWithinABatchAppliesOnce(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	s := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	booked := effectOf(appt("a9", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer))
	other := effectOf(appt("a10", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer))
	if err := s.Apply(ctx, "appointments", []Effect{booked, other, booked}); err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM inbox WHERE consumer = 'appointments'`); n != 2 {
		t.Fatalf("%d inbox rows, want 2", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM notifications WHERE appointment_id IN ('a9', 'a10')`); n != 2 {
		t.Fatalf("%d notifications, want one per booking", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM reminders WHERE appointment_id IN ('a9', 'a10')`); n != 2*len(booked.Reminders) {
		t.Fatalf("%d reminders, want %d", n, 2*len(booked.Reminders))
	}
}

// An appointment's details follow its newest version: a move's length
// replaces the booking's, a status change without one keeps it, and an
// older event arriving late changes nothing.
func TestDetailsFollowTheNewestVersion(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	effects := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	apply := func(a notification.AppointmentChange) {
		t.Helper()
		if err := effects.Apply(ctx, "appointments", []Effect{{EventID: a.EventID, Details: notification.DetailsOf(a)}}); err != nil {
			t.Fatal(err)
		}
	}
	read := func() (minutes int, status string, version int64, startsAt time.Time) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT duration_minutes, status, version, starts_at FROM appointment_details WHERE appointment_id = 'a1'`).
			Scan(&minutes, &status, &version, &startsAt); err != nil {
			t.Fatal(err)
		}
		return
	}
	booked := appt("a1", 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer)
	booked.Duration = 30
	apply(booked)
	moved := appt("a1", 2, notification.EventRescheduled, notification.StatusPending, notification.StatusScheduled, identity.RoleCustomer)
	moved.Duration, moved.StartsAt = 45, start.Add(24*time.Hour)
	apply(moved)
	confirmed := appt("a1", 3, notification.EventStatusChanged, notification.StatusScheduled, notification.StatusConfirmed, identity.RoleProvider)
	confirmed.StartsAt = moved.StartsAt
	apply(confirmed)
	if m, s, v, at := read(); m != 45 || s != notification.StatusConfirmed || v != 3 || !at.Equal(moved.StartsAt) {
		t.Fatalf("after the confirmation: %d minutes, %s, v%d, %v", m, s, v, at)
	}
	booked.EventID = uuid.NewString() // the booking's state again, late: older than what is kept
	apply(booked)
	late := appt("a1", 2, notification.EventStatusChanged, notification.StatusPending, notification.StatusCancelled, identity.RoleProvider)
	apply(late)
	if m, s, v, _ := read(); m != 45 || s != notification.StatusConfirmed || v != 3 {
		t.Fatalf("after older events: %d minutes, %s, v%d; want v3 kept", m, s, v)
	}
}
