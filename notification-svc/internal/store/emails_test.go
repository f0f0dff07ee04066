package store

import (
	"context"
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/google/uuid"

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
	status := map[string]string{}
	rows, err := pool.Query(ctx, `SELECT n.appointment_id, e.status || coalesce(' at ' || to_char(e.sent_at AT TIME ZONE 'UTC', 'HH24:MI'), '')
		FROM notifications n JOIN emails e ON e.notification_id = n.id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var appointment, s string
		if err := rows.Scan(&appointment, &s); err != nil {
			t.Fatal(err)
		}
		status[appointment] = s
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a0": "sent at 10:05", "a1": "sent at 10:05", "a2": "off", "a3": "queued"}
	if !maps.Equal(status, want) {
		t.Fatalf("email status %v, want %v", status, want)
	}
}
