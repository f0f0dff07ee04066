package notificationsvc

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/retention"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/notification-svc/internal/store"
)

// The service's retention rules keep NOTIFICATION_TTL of notifications and
// a month of reminders past their due time, and delete what is older.
func TestRetentionRules(t *testing.T) {
	pool := testkit.NewPool(t, "notification", store.Migrations, "migrations", 0)
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	spec := Config{NotificationTTL: 7 * 24 * time.Hour, Clock: func() time.Time { return now }}.Spec()
	for i, age := range []time.Duration{8 * 24 * time.Hour, 6 * 24 * time.Hour} {
		if _, err := pool.Exec(ctx, `INSERT INTO notifications (id, recipient_id, kind, text, source, created_at)
			VALUES (gen_random_uuid(), 'u', 'new_booking', 't', $1, $2)`, fmt.Sprint(i), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO reminders (appointment_id, kind, recipient_id, text, starts_at, due_at, state, version)
			VALUES ($1, 'reminder_1h', 'u', 't', $2, $2, 'sent', 1)`, fmt.Sprint(i), now.Add(-age*5)); err != nil {
			t.Fatal(err)
		}
	}
	p := &retention.Pruner{Pool: pool, Rules: spec.Retention, Logger: slog.New(slog.DiscardHandler)}
	for _, r := range spec.Retention {
		if err := p.Prune(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	var notes, reminders int
	pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM notifications), (SELECT count(*) FROM reminders)`).Scan(&notes, &reminders)
	// Notifications 8 and 6 days old: the first goes. Reminders due 40 and 30 days ago: the first goes (30 days is kept).
	if notes != 1 || reminders != 1 {
		t.Fatalf("after pruning: %d notifications, %d reminders; want 1 each", notes, reminders)
	}
}
