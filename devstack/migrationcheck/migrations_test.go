// Package migrationcheck runs the migration linters (platform/postgres/migrationlint
// and squawk, pinned in lint/squawk) over every service's migrations. It has no code of its own; it lives in the
// devstack module because that module's tests run in `make test-go`, and
// `make lint` runs it too.
package migrationcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slotwise/slotwise/platform/postgres/migrationlint"
)

// shipped are the migrations released before a rule that now refuses them,
// with what they do. They have run on every database, so they stay as they
// are (an applied migration is never edited); a new migration gets no such
// entry. This is the one list for both linters.
var shipped = map[string]string{
	"booking-svc/internal/store/migrations/002_retention.sql":         "plain index on idempotency_keys",
	"booking-svc/internal/store/migrations/004_analytics.sql":         "price column with a CHECK",
	"booking-svc/internal/store/migrations/007_open_appointments.sql": "plain partial index on appointments",
	"booking-svc/internal/store/migrations/009_staff.sql":             "exclusion constraint built under the table's lock; NOT VALID check validated in the same transaction (issue 50)",
	"booking-svc/internal/store/migrations/010_member_slot_index.sql": "concurrent index without IF NOT EXISTS (squawk's prefer-robust-stmts)",
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
	var rels []string
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		rels = append(rels, filepath.ToSlash(rel))
	}
	bySquawk := squawk(t, rels)
	for i, f := range files {
		rel := rels[i]
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var findings []string
		for _, fd := range migrationlint.Check(string(body)) {
			findings = append(findings, fd.String())
		}
		for _, fd := range bySquawk[rel] {
			findings = append(findings, "squawk: "+fd)
		}
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
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("listed as shipped but missing: %s", rel)
		}
	}
}
