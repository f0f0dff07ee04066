package migrationlint

import (
	"os"
	"strings"
	"testing"
)

func rules(fs []Finding) string {
	var r []string
	for _, f := range fs {
		r = append(r, f.Rule)
	}
	return strings.Join(r, ",")
}

// Every rule refuses its unsafe statement and lets the safe form through.
func TestCheckRefusesUnsafeMigrations(t *testing.T) {
	cases := []struct {
		name, sql, want string
	}{
		{"index on an existing table", `CREATE INDEX appointments_by_start ON appointments (starts_at);`, "index-concurrently"},
		{"index built concurrently", NoTransaction + "\nCREATE INDEX CONCURRENTLY IF NOT EXISTS appointments_by_start ON appointments (starts_at);", ""},
		{"index on a table made here", `CREATE TABLE t (id int); CREATE INDEX t_id ON t (id);`, ""},
		{"no-transaction with two statements", NoTransaction + "\nCREATE INDEX CONCURRENTLY a ON x (y);\nCREATE INDEX CONCURRENTLY b ON x (z);", "no-transaction"},
		{"rename a column", `ALTER TABLE services RENAME COLUMN name TO title;`, "rename"},
		{"rename a table", `ALTER TABLE services RENAME TO offerings;`, "rename"},
		{"change a type", `ALTER TABLE services ALTER COLUMN price TYPE numeric(12,2);`, "column-type"},
		{"drop outside a contract step", `ALTER TABLE services DROP COLUMN legacy;`, "drop"},
		{"drop in a contract step", "-- contract: nothing reads legacy since the release of issue 38\nALTER TABLE services DROP COLUMN legacy;", ""},
		{"drop a table", `DROP TABLE old_pages;`, "drop"},
		{"set not null", `ALTER TABLE services ALTER COLUMN name SET NOT NULL;`, "set-not-null"},
		{"check validated at once", `ALTER TABLE services ADD CONSTRAINT price_positive CHECK (price >= 0);`, "constraint-not-valid"},
		{"check not valid", `ALTER TABLE services ADD CONSTRAINT price_positive CHECK (price >= 0) NOT VALID;`, ""},
		{"foreign key validated at once", `ALTER TABLE slots ADD FOREIGN KEY (service_id) REFERENCES services (id);`, "constraint-not-valid"},
		{"not null without default", `ALTER TABLE services ADD COLUMN buffer integer NOT NULL;`, "add-column-not-null"},
		{"not null with a constant default", `ALTER TABLE services ADD COLUMN buffer integer NOT NULL DEFAULT 0;`, ""},
		{"column with a check", `ALTER TABLE services ADD COLUMN buffer integer NOT NULL DEFAULT 0 CHECK (buffer >= 0);`, "add-column-rewrite"},
		{"generated column", `ALTER TABLE services ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED;`, "add-column-rewrite"},
		{"volatile default", `ALTER TABLE services ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now();`, "add-column-rewrite"},
		{"a word in a comment or a string", "-- we never RENAME here\nINSERT INTO notes VALUES ('DROP TABLE x; RENAME');", ""},
		{"exclusion constraint on an existing table", `ALTER TABLE appointments ADD CONSTRAINT no_overlap EXCLUDE USING gist (staff_id WITH =, tstzrange(starts_at, ends_at) WITH &&);`, "exclusion-constraint"},
		{"unnamed exclusion constraint", `ALTER TABLE appointments ADD EXCLUDE USING gist (room WITH =, during WITH &&);`, "exclusion-constraint"},
		{"exclusion constraint on a table made here", `CREATE TABLE holds (room int, during tstzrange); ALTER TABLE holds ADD CONSTRAINT no_overlap EXCLUDE USING gist (room WITH =, during WITH &&);`, ""},
		{"validated in the file that added it", "ALTER TABLE services ADD CONSTRAINT price_positive CHECK (price >= 0) NOT VALID;\nALTER TABLE services VALIDATE CONSTRAINT price_positive;", "validate-same-file"},
		{"quoted name validated in the same file", `ALTER TABLE services ADD CONSTRAINT "Price_positive" CHECK (price >= 0) NOT VALID; ALTER TABLE services VALIDATE CONSTRAINT price_positive;`, "validate-same-file"},
		{"validated in a later file", `ALTER TABLE services VALIDATE CONSTRAINT price_positive;`, ""},
		{"another constraint validated", "ALTER TABLE services ADD CONSTRAINT price_positive CHECK (price >= 0) NOT VALID;\nALTER TABLE services VALIDATE CONSTRAINT name_set;", ""},
		{"several columns, one unsafe", `ALTER TABLE appointments ADD COLUMN a text NOT NULL DEFAULT '', ADD COLUMN b text NOT NULL;`, "add-column-not-null"},
	}
	for _, tc := range cases {
		if got := rules(Check(tc.sql)); got != tc.want {
			t.Errorf("%s: findings %q, want %q (%v)", tc.name, got, tc.want, Check(tc.sql))
		}
	}
}

// Migration 009 (applied, so kept as it was: devstack/migrationcheck lists
// it) built its exclusion constraint under the table's lock and validated a
// NOT VALID check in the same transaction. A copy of it is refused for both;
// the same file with the validation moved out and no exclusion passes.
func TestCheckRefusesMigration009(t *testing.T) {
	body, err := os.ReadFile("testdata/009_staff.sql")
	if err != nil {
		t.Fatal(err)
	}
	if got := rules(Check(string(body))); got != "validate-same-file,exclusion-constraint" {
		t.Fatalf("findings on 009 %q, want validate-same-file,exclusion-constraint (%v)", got, Check(string(body)))
	}
	fixed := string(body)
	fixed = fixed[:strings.Index(fixed, "ALTER TABLE appointments VALIDATE")]
	if got := Check(fixed); len(got) != 0 {
		t.Fatalf("009 without the validation and the exclusion: %v", got)
	}
}
