package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

func confirmed(id string, version int64, at time.Time) notification.AppointmentChange {
	a := appt(id, version, notification.EventStatusChanged, notification.StatusScheduled, notification.StatusConfirmed, identity.RoleProvider)
	a.StartsAt = at
	return a
}

// Two replicas claiming at the same time: each reminder goes out once.
func TestTwoSchedulersSendEachReminderOnce(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	s := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	const n = 150
	var effects []Effect
	for i := range n {
		effects = append(effects, effectOf(confirmed(fmt.Sprintf("a%03d", i), 2, start)))
	}
	if err := s.Apply(ctx, "appointments", effects); err != nil {
		t.Fatal(err)
	}
	c.Set(start.Add(-24 * time.Hour).Add(30 * time.Second)) // the 24 h reminders are due
	replicas := []notification.Scheduler{}
	for range 2 {
		replicas = append(replicas, notification.Scheduler{Store: Reminders{Pool: pool, NewID: uuid.NewString}, Now: c.Now, Every: time.Hour, Logger: discard})
	}
	var wg sync.WaitGroup
	for _, r := range replicas {
		wg.Add(1)
		go func() { defer wg.Done(); r.RunOnce(ctx) }()
	}
	wg.Wait()
	if got := count(t, pool, `SELECT count(*) FROM notifications WHERE kind = $1`, notification.KindReminder24h); got != n {
		t.Fatalf("%d 24 h reminders sent, want %d", got, n)
	}
	if got := count(t, pool, `SELECT count(*) FROM notifications WHERE kind = $1`, notification.KindReminder1h); got != 0 {
		t.Fatalf("%d 1 h reminders sent before they are due", got)
	}
	// Running again sends nothing more.
	for _, r := range replicas {
		r.RunOnce(ctx)
	}
	if got := count(t, pool, `SELECT count(*) FROM notifications WHERE kind = $1`, notification.KindReminder24h); got != n {
		t.Fatalf("after a second run: %d, want %d", got, n)
	}
}

func TestRemindersMoveWithTheAppointmentAndDieWithIt(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	s := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	sched := notification.Scheduler{Store: Reminders{Pool: pool, NewID: uuid.NewString}, Now: c.Now, Every: time.Hour, Logger: discard}
	later := start.Add(48 * time.Hour)
	moved := confirmed("moved", 3, later)
	moved.Type, moved.Status, moved.ActorRole = notification.EventRescheduled, notification.StatusScheduled, identity.RoleCustomer
	cancelled := confirmed("gone", 3, start)
	cancelled.Status, cancelled.ActorRole = notification.StatusCancelled, identity.RoleCustomer
	staleForGone := confirmed("gone", 2, start) // arrives after the cancellation
	if err := s.Apply(ctx, "appointments", []Effect{
		effectOf(confirmed("moved", 2, start)), effectOf(moved),
		effectOf(confirmed("gone", 1, start)), effectOf(cancelled), effectOf(staleForGone),
	}); err != nil {
		t.Fatal(err)
	}
	sent := func(appt, kind string) int {
		return count(t, pool, `SELECT count(*) FROM notifications WHERE appointment_id = $1 AND kind = $2`, appt, kind)
	}
	// Walk the clock past every original due time, a minute at a time
	// around each, as the scheduler would see it.
	for _, at := range []time.Time{start.Add(-24 * time.Hour), start.Add(-time.Hour), start.Add(time.Minute)} {
		c.Set(at)
		sched.RunOnce(ctx)
	}
	if sent("gone", notification.KindReminder24h)+sent("gone", notification.KindReminder1h) != 0 {
		t.Fatal("a cancelled appointment got a reminder")
	}
	if sent("moved", notification.KindReminder24h)+sent("moved", notification.KindReminder1h) != 0 {
		t.Fatal("a moved appointment got a reminder at its old time")
	}
	c.Set(later.Add(-24 * time.Hour))
	sched.RunOnce(ctx)
	if sent("moved", notification.KindReminder24h) != 1 || sent("moved", notification.KindReminder1h) != 0 {
		t.Fatal("the moved appointment's 24 h reminder did not go out at the new time")
	}
	c.Set(later.Add(-time.Hour).Add(59 * time.Second))
	sched.RunOnce(ctx)
	if sent("moved", notification.KindReminder1h) != 1 {
		t.Fatal("the moved appointment's 1 h reminder did not go out")
	}
}

// A reminder that fell due while the service was down past the start is
// dropped, not sent late.
func TestAReminderPastTheStartIsDropped(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: start.Add(-5 * 24 * time.Hour)}
	s := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	if err := s.Apply(ctx, "appointments", []Effect{effectOf(confirmed("a1", 2, start))}); err != nil {
		t.Fatal(err)
	}
	c.Set(start.Add(time.Minute))
	notification.Scheduler{Store: Reminders{Pool: pool, NewID: uuid.NewString}, Now: c.Now, Every: time.Hour, Logger: discard}.RunOnce(ctx)
	if n := count(t, pool, `SELECT count(*) FROM notifications WHERE kind LIKE 'reminder%'`); n != 0 {
		t.Fatalf("%d reminders sent after the start", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM reminders WHERE state = 'dropped'`); n != 2 {
		t.Fatalf("%d reminders dropped, want 2", n)
	}
}
