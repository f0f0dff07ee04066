// Package migrationcheck runs the migration linter (platform/postgres/migrationlint)
// over every service's migrations. It has no code of its own; it lives in the
// devstack module because that module's tests run in `make test-go`, and
// `make lint` runs it too.
package migrationcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slotwise/slotwise/platform/postgres/migrationlint"
)

// shipped are the migrations released before the linter, with what they do
// that it now refuses. They have run on every database, so they stay as
// they are; a new migration gets no such entry.
var shipped = map[string]string{
	"booking-svc/internal/store/migrations/002_retention.sql":         "plain index on idempotency_keys",
	"booking-svc/internal/store/migrations/004_analytics.sql":         "price column with a CHECK",
	"booking-svc/internal/store/migrations/007_open_appointments.sql": "plain partial index on appointments",
	"catalog-svc/internal/store/migrations/002_search.sql":            "generated search column and its plain index",
	"catalog-svc/internal/store/migrations/003_search_prefixes.sql":   "dropped and re-added the generated search column",
	"catalog-svc/internal/store/migrations/005_min_notice.sql":        "min_notice_minutes with a CHECK",
	"notification-svc/internal/store/migrations/002_email.sql":        "email columns with a CHECK, plain index",
	"notification-svc/internal/store/migrations/003_retention.sql":    "plain indexes on notifications and reminders",
	"notification-svc/internal/store/migrations/004_email_queue.sql":  "dropped the email columns moved to their own table",
}

func TestEveryMigrationIsSafe(t *testing.T) {
	files, err := filepath.Glob("../../*/internal/store/migrations/*.sql")
	if err != nil || len(files) < 20 {
		t.Fatalf("found %d migrations (%v): the glob no longer matches the services' layout", len(files), err)
	}
	for _, f := range files {
		rel, _ := filepath.Rel("../..", f)
		rel = filepath.ToSlash(rel)
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		findings := migrationlint.Check(string(body))
		if _, ok := shipped[rel]; ok {
			if len(findings) == 0 {
				t.Errorf("%s is listed as shipped with a refused statement but has none: take it off the list", rel)
			}
			continue
		}
		for _, fd := range findings {
			t.Errorf("%s: %s", rel, fd)
		}
	}
	for rel := range shipped {
		if _, err := os.Stat(filepath.Join("../..", rel)); err != nil {
			t.Errorf("listed as shipped but missing: %s", rel)
		}
	}
}
