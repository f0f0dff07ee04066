// Package migrationlint refuses migration statements that would stop the
// service while they run, or break the release still running beside them
// (docs/operations.md, "Migrations that never stop the service"). Every
// migration is expand/contract: the expand step adds what the new release
// needs and the old one ignores; the contract step, a later release, drops
// what no running release reads any more.
//
// It reads the SQL as text, with comments and string literals removed: our
// migrations are plain DDL, and a rule that misses something odd is caught
// by review, not by a parser we would have to keep.
package migrationlint

import (
	"fmt"
	"regexp"
	"strings"
)

// Finding is one refused statement.
type Finding struct {
	Rule      string
	Statement string
	Why       string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s: %s (%q)", f.Rule, f.Why, f.Statement)
}

// NoTransaction is the first line of a migration that must run outside a
// transaction (platform/postgres/migrate.go): one statement, such as
// CREATE INDEX CONCURRENTLY.
const NoTransaction = "-- migrate:no-transaction"

// contractMarker is a comment line that makes a file a contract step:
// "-- contract: <the release that stopped reading it>". Only such a file
// may drop a column or a table.
var contractMarker = regexp.MustCompile(`(?m)^\s*--\s*contract:\s*\S`)

var (
	comment      = regexp.MustCompile(`--[^\n]*`)
	literal      = regexp.MustCompile(`'(?:[^']|'')*'`)
	dollarQuoted = regexp.MustCompile(`(?s)\$\$.*?\$\$`)
	space        = regexp.MustCompile(`\s+`)

	createTable  = regexp.MustCompile(`(?i)^CREATE TABLE (?:IF NOT EXISTS )?("?[a-z_][a-z0-9_]*"?)`)
	createIndex  = regexp.MustCompile(`(?i)^CREATE (?:UNIQUE )?INDEX (CONCURRENTLY )?(?:IF NOT EXISTS )?(?:[a-z_][a-z0-9_]* )?ON (?:ONLY )?("?[a-z_][a-z0-9_]*"?)`)
	alterTable   = regexp.MustCompile(`(?i)^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?("?[a-z_][a-z0-9_]*"?)`)
	rename       = regexp.MustCompile(`(?i)\bRENAME\b`)
	dropColumn   = regexp.MustCompile(`(?i)\bDROP COLUMN\b`)
	dropTable    = regexp.MustCompile(`(?i)^DROP TABLE\b`)
	columnType   = regexp.MustCompile(`(?i)\bALTER (?:COLUMN )?[a-z_][a-z0-9_]* (?:SET DATA )?TYPE\b`)
	setNotNull   = regexp.MustCompile(`(?i)\bSET NOT NULL\b`)
	addColumn    = regexp.MustCompile(`(?i)\bADD COLUMN (?:IF NOT EXISTS )?[a-z_][a-z0-9_]* ([^,]*)`)
	addCheckOrFK = regexp.MustCompile(`(?i)\bADD (?:CONSTRAINT [a-z_][a-z0-9_]* )?(CHECK|FOREIGN KEY)\b`)
	notValid     = regexp.MustCompile(`(?i)\bNOT VALID\b`)
	addExclude   = regexp.MustCompile(`(?i)\bADD (?:CONSTRAINT "?[a-z_][a-z0-9_]*"? )?EXCLUDE\b`)
	addNamed     = regexp.MustCompile(`(?i)\bADD CONSTRAINT ("?[a-z_][a-z0-9_]*"?) `)
	validate     = regexp.MustCompile(`(?i)\bVALIDATE CONSTRAINT ("?[a-z_][a-z0-9_]*"?)`)
	volatile     = regexp.MustCompile(`(?i)\bDEFAULT (?:now|clock_timestamp|random|gen_random_uuid|uuid_generate_v4)\s*\(`)
)

// Check returns what is unsafe in one migration file's body.
func Check(body string) []Finding {
	contract := contractMarker.MatchString(body)
	noTx := strings.HasPrefix(strings.TrimSpace(body), NoTransaction)
	sql := dollarQuoted.ReplaceAllString(body, "$$$$")
	sql = comment.ReplaceAllString(sql, "")
	sql = literal.ReplaceAllString(sql, "''")
	var out []Finding
	statements := splitStatements(sql)
	if noTx && len(statements) != 1 {
		out = append(out, Finding{Rule: "no-transaction", Statement: NoTransaction,
			Why: fmt.Sprintf("a migration run outside a transaction must hold exactly one statement, not %d: a failure half-way would leave it half applied", len(statements))})
	}
	created := map[string]bool{}
	addedNotValid := map[string]bool{} // constraints this file adds NOT VALID
	for _, s := range statements {
		if m := createTable.FindStringSubmatch(s); m != nil {
			created[unquote(m[1])] = true
		}
		if notValid.MatchString(s) {
			for _, m := range addNamed.FindAllStringSubmatch(s, -1) {
				addedNotValid[unquote(m[1])] = true
			}
		}
	}
	for _, s := range statements {
		refuse := func(rule, why string) { out = append(out, Finding{Rule: rule, Statement: s, Why: why}) }
		if m := createIndex.FindStringSubmatch(s); m != nil && m[1] == "" && !created[unquote(m[2])] {
			refuse("index-concurrently", "an index on an existing table is built with CREATE INDEX CONCURRENTLY, alone in a file that starts with "+NoTransaction+": a plain CREATE INDEX blocks every write to the table while it builds")
		}
		if m := alterTable.FindStringSubmatch(s); m != nil && created[unquote(m[1])] {
			continue // a table made in this very migration holds no rows and no release reads it yet
		}
		if rename.MatchString(s) {
			refuse("rename", "a rename breaks the release still running: add the new name, copy, and drop the old one in a later contract step")
		}
		if columnType.MatchString(s) {
			refuse("column-type", "changing a column's type rewrites the table under an exclusive lock and breaks the running release: add a new column instead")
		}
		if (dropColumn.MatchString(s) || dropTable.MatchString(s)) && !contract {
			refuse("drop", "dropping is a contract step: only a file marked \"-- contract: <the release that stopped reading it>\" may drop a column or a table")
		}
		if setNotNull.MatchString(s) {
			refuse("set-not-null", "SET NOT NULL scans the whole table under an exclusive lock: add a CHECK (… IS NOT NULL) NOT VALID, then VALIDATE it")
		}
		if addCheckOrFK.MatchString(s) && !notValid.MatchString(s) {
			refuse("constraint-not-valid", "a new CHECK or FOREIGN KEY on an existing table is added NOT VALID and validated in a later statement: checking every row holds an exclusive lock")
		}
		if addExclude.MatchString(s) {
			refuse("exclusion-constraint", "an exclusion constraint on an existing table builds its index under an ACCESS EXCLUSIVE lock (no NOT VALID, no concurrent build): create it with a new table, or keep the rule in a unique index built concurrently")
		}
		if m := validate.FindStringSubmatch(s); m != nil && addedNotValid[unquote(m[1])] {
			refuse("validate-same-file", "VALIDATE CONSTRAINT in the file that added it NOT VALID runs in the same transaction, which still holds the ADD's ACCESS EXCLUSIVE lock: every read and write waits for the scan; validate it in the next file")
		}
		for _, m := range addColumn.FindAllStringSubmatch(s, -1) {
			def := strings.ToUpper(m[1])
			switch {
			case strings.Contains(def, "NOT NULL") && !strings.Contains(def, "DEFAULT"):
				refuse("add-column-not-null", "a NOT NULL column needs a DEFAULT, or every insert of the running release fails")
			case strings.Contains(def, "GENERATED") || strings.Contains(def, "CHECK") || strings.Contains(def, "REFERENCES") || volatile.MatchString(m[1]):
				refuse("add-column-rewrite", "a generated, checked, referencing or volatile-default column makes PostgreSQL rewrite or scan the table under an exclusive lock: add a plain column, then the constraint NOT VALID")
			}
		}
	}
	return out
}

// splitStatements cuts SQL (comments and literals already removed) at its
// semicolons and folds each statement's white space to single spaces.
func splitStatements(sql string) []string {
	var out []string
	for _, s := range strings.Split(sql, ";") {
		s = strings.TrimSpace(space.ReplaceAllString(s, " "))
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func unquote(name string) string { return strings.ToLower(strings.Trim(name, `"`)) }
