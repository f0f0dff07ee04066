package store

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// A batch's sent mails are recorded by one statement; a mail not in it, or
// one already settled, is left as it is.
func TestSentAllMarksTheBatchAndLeavesTheRest(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)}
	effects := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	for i := range 4 {
		a := appt(fmt.Sprintf("a%d", i), 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer)
		if err := effects.Apply(ctx, "appointments", []Effect{effectOf(a)}); err != nil {
			t.Fatal(err)
		}
	}
	emails := Emails{Pool: pool}
	claimed, err := emails.Claim(ctx, c.Now(), 10, time.Minute)
	if err != nil || len(claimed) != 4 {
		t.Fatalf("claimed %d: %v", len(claimed), err)
	}
	id := map[string]string{}
	for _, d := range claimed {
		id[d.Notification.AppointmentID] = d.Notification.ID
	}
	if err := emails.Off(ctx, id["a2"]); err != nil {
		t.Fatal(err)
	}

	at := time.Date(2026, 11, 20, 10, 5, 0, 0, time.UTC)
	if err := emails.SentAll(ctx, []string{id["a0"], id["a1"], id["a2"]}, at); err != nil {
		t.Fatal(err)
	}
	status := pairs(t, pool, `SELECT n.appointment_id, e.status || coalesce(' at ' || to_char(e.sent_at AT TIME ZONE 'UTC', 'HH24:MI'), '')
		FROM notifications n JOIN emails e ON e.notification_id = n.id`)
	want := map[string]string{"a0": "sent at 10:05", "a1": "sent at 10:05", "a2": "off", "a3": "queued"}
	if !maps.Equal(status, want) {
		t.Fatalf("email status %v, want %v", status, want)
	}
}

// SentAll finds each email by its id whatever the statistics say: its
// generic plan (pgx prepares every statement) must not walk the queue, which
// holds thousands of emails behind a burst of bookings.
func TestSentAllLooksEachEmailUp(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	exec := func(sql string) {
		t.Helper()
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// The statistics saw the queue empty; then a burst queued 3,500 emails.
	exec(`ANALYZE emails`)
	exec(`WITH made AS (INSERT INTO notifications (id, recipient_id, kind, text, source, created_at)
		SELECT gen_random_uuid(), 'p', 'new_booking', 'text', 's' || i, now() FROM generate_series(1, 3500) i RETURNING id)
		INSERT INTO emails (notification_id, next_at) SELECT id, now() FROM made`)
	exec(`SET plan_cache_mode = force_generic_plan`)
	exec(`PREPARE sent_all AS ` + sentAllSQL)
	rows, err := conn.Query(ctx, `EXPLAIN EXECUTE sent_all(ARRAY[gen_random_uuid()], now())`)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	plan := strings.Join(lines, "\n")
	if !strings.Contains(plan, "emails_pkey") || strings.Contains(plan, "emails_due") {
		t.Fatalf("SentAll's generic plan does not look its emails up by id:\n%s", plan)
	}
}
