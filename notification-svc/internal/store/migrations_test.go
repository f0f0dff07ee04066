package store

import (
	"context"
	"io/fs"
	"maps"
	"testing"
	"testing/fstest"
	"time"

	"github.com/slotwise/slotwise/platform/postgres"
)

// migrationFiles is the service's migrations, as Migrate reads them.
func migrationFiles(t *testing.T) fs.FS {
	t.Helper()
	all, err := fs.Sub(Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// migrationsBefore is the migrations whose names sort before name.
func migrationsBefore(t *testing.T, name string) fs.FS {
	t.Helper()
	all := migrationFiles(t)
	names, err := fs.Glob(all, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	before := fstest.MapFS{}
	for _, n := range names {
		if n < name {
			body, err := fs.ReadFile(all, n)
			if err != nil {
				t.Fatal(err)
			}
			before[n] = &fstest.MapFile{Data: body}
		}
	}
	return before
}

// Emails queued, sent, failed and switched off in the notifications' own
// columns keep their state, attempts, times and reasons in the emails table,
// and go with their notification when retention deletes it.
func TestEmailQueueMigrationKeepsEveryEmail(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `DROP SCHEMA notification CASCADE`); err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, pool, "notification", migrationsBefore(t, "004")); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	_, err := pool.Exec(ctx, `INSERT INTO notifications (id, recipient_id, kind, text, source, created_at,
			email_status, email_attempts, email_next_at, email_error, email_sent_at) VALUES
		('00000000-0000-0000-0000-000000000001', 'p', 'booking_new', 'a', 's1', $1, 'queued', 0, $1, '', NULL),
		('00000000-0000-0000-0000-000000000002', 'p', 'booking_new', 'b', 's2', $1, 'sent', 1, $1 + interval '2 min', '', $1 + interval '1 s'),
		('00000000-0000-0000-0000-000000000003', 'p', 'booking_new', 'c', 's3', $1, 'failed', 3, $1 + interval '9 min', '550 no such user', NULL),
		('00000000-0000-0000-0000-000000000004', 'p', 'booking_new', 'd', 's4', $1, 'off', 1, $1, '', NULL)`, at)
	if err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, pool, "notification", migrationFiles(t)); err != nil {
		t.Fatal(err)
	}

	got := pairs(t, pool, `SELECT right(n.text, 1), concat_ws(' ', e.status, e.attempts,
			to_char(e.next_at AT TIME ZONE 'UTC', 'HH24:MI:SS'), nullif(e.error, ''), to_char(e.sent_at AT TIME ZONE 'UTC', 'HH24:MI:SS'))
		FROM notifications n JOIN emails e ON e.notification_id = n.id`)
	want := map[string]string{
		"a": "queued 0 10:00:00",
		"b": "sent 1 10:02:00 10:00:01",
		"c": "failed 3 10:09:00 550 no such user",
		"d": "off 1 10:00:00",
	}
	if !maps.Equal(got, want) {
		t.Fatalf("emails after the migration %v, want %v", got, want)
	}
	if n := count(t, pool, `SELECT count(*) FROM information_schema.columns
		WHERE table_schema = 'notification' AND table_name = 'notifications' AND column_name LIKE 'email%'`); n != 0 {
		t.Fatalf("notifications kept %d email columns", n)
	}

	if _, err := pool.Exec(ctx, `DELETE FROM notifications WHERE text = 'b'`); err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM emails`); n != 3 {
		t.Fatalf("%d emails after their notification was deleted, want 3", n)
	}
}
