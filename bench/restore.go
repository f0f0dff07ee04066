package bench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// The schemas the services own (docs/architecture.md): what a backup holds.
var serviceSchemas = []string{"auth", "catalog", "booking", "review", "notification"}

// Restore is the backup drill (issue 43, docs/operations.md "Backups"): a
// logical dump (pg_dump, custom format) taken while customers book,
// restored into a new database (pg_restore), then checked: every table of
// every service schema holds exactly the rows of the dump's snapshot, every
// constraint and index is valid, and the programs start on the restored copy,
// serve an appointment booked before the dump and take a new booking. RTO is
// the restore plus the programs' start; the writes after the snapshot are
// what a restore from this dump loses (its RPO is the time between dumps).
func (e *Env) Restore(ctx context.Context, load time.Duration) (Drill, error) {
	d := Drill{Name: "backup-restore", Pass: true}
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	slots, err := e.NewSlots(ctx, p, 4000)
	if err != nil {
		return d, err
	}
	tokens := []string{e.Token("customer"), e.Token("customer"), e.Token("customer"), e.Token("customer")}
	stop := make(chan struct{})
	done := make(chan []loadResult)
	go func() {
		done <- e.bookingLoad(ctx, "", len(tokens), slots, tokens, 20*time.Millisecond, 10*time.Second, stop)
	}()
	time.Sleep(load / 2)

	dump := filepath.Join(e.tmp, "slotwise.dump")
	dumpStart := time.Now()
	before, dumpTook, err := e.dumpAtSnapshot(ctx, dump)
	if err != nil {
		close(stop)
		<-done
		return d, err
	}
	time.Sleep(load / 2)
	close(stop)
	results := <-done
	var firstBooked loadResult
	for _, r := range results {
		if r.status == 201 && r.at.Before(dumpStart) {
			firstBooked = r
			break
		}
	}
	after, err := e.tableCounts(ctx, e.DB)
	if err != nil {
		return d, err
	}

	restoreStart := time.Now()
	copyURL, copyName, err := createDatabase(ctx, e.AdminURL)
	if err != nil {
		return d, err
	}
	defer dropDatabase(e.AdminURL, copyName)
	if out, err := exec.CommandContext(ctx, "pg_restore", "--no-owner", "--exit-on-error", "--jobs=2", "--dbname="+copyURL, dump).CombinedOutput(); err != nil {
		return d, fmt.Errorf("pg_restore: %v: %s", err, out)
	}
	restoreTook := time.Since(restoreStart)
	restored, err := pgx.Connect(ctx, copyURL)
	if err != nil {
		return d, err
	}
	defer restored.Close(context.Background())
	got, err := e.tableCounts(ctx, restored)
	if err != nil {
		return d, err
	}
	for table, n := range before {
		if got[table] != n {
			d.fail("%s: %d rows restored, %d in the dump's snapshot", table, got[table], n)
		}
	}
	if len(got) != len(before) {
		d.fail("%d tables restored, %d dumped", len(got), len(before))
	}
	var invalid int
	if err := restored.QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
		WHERE n.nspname = ANY($1) AND NOT c.convalidated) + (SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ANY($1) AND NOT i.indisvalid)`, serviceSchemas).Scan(&invalid); err != nil {
		return d, err
	}
	if invalid > 0 {
		d.fail("%d constraints or indexes are not valid on the restored copy", invalid)
	}

	// The programs on the restored copy: ready, an old appointment served, a new booking taken.
	startStart := time.Now()
	served, booked, err := e.runOnCopy(ctx, copyURL, p.Token, firstBooked.id, slots)
	if err != nil {
		return d, err
	}
	startTook := time.Since(startStart)
	if firstBooked.id == "" {
		d.fail("no booking was answered before the dump: nothing to look for on the copy")
	} else if !served {
		d.fail("the restored programs do not serve appointment %s, booked before the dump", firstBooked.id)
	}
	if !booked {
		d.fail("the restored programs refused a new booking")
	}
	lost := after["booking.appointments"] - before["booking.appointments"]
	d.Figures = map[string]any{"dumpSeconds": round(dumpTook.Seconds()), "restoreSeconds": round(restoreTook.Seconds()),
		"programsReadySeconds": round(startTook.Seconds()), "rtoSeconds": round((restoreTook + startTook).Seconds()),
		"appointmentsInDump": before["booking.appointments"], "appointmentsAtEnd": after["booking.appointments"],
		"appointmentsAfterSnapshot": lost, "tables": len(before), "bookingsDuringDrill": len(results)}
	d.Summary = fmt.Sprintf("dump under booking load in %.1fs (%d appointments, %d tables); restored in %.1fs, programs ready and booking on the copy %.1fs later: RTO %.1fs; %d appointments booked after the snapshot are what a restore from it loses",
		dumpTook.Seconds(), before["booking.appointments"], len(before), restoreTook.Seconds(), startTook.Seconds(), (restoreTook + startTook).Seconds(), lost)
	return d, nil
}

// dumpAtSnapshot dumps the database with pg_dump at a snapshot it exports,
// and counts every service table's rows in that same snapshot, so the
// restore can be checked row for row while writes go on.
func (e *Env) dumpAtSnapshot(ctx context.Context, file string) (map[string]int, time.Duration, error) {
	conn, err := pgx.Connect(ctx, e.DatabaseURL)
	if err != nil {
		return nil, 0, err
	}
	defer conn.Close(context.Background())
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback(context.Background())
	var snapshot string
	if err := tx.QueryRow(ctx, `SELECT pg_export_snapshot()`).Scan(&snapshot); err != nil {
		return nil, 0, err
	}
	counts, err := e.tableCounts(ctx, tx)
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	// The whole database, not --schema each: extensions (catalog's pg_trgm) are
	// left out of a dump limited to schemas, and the restore then fails.
	args := []string{"--format=custom", "--snapshot=" + snapshot, "--file=" + file, e.DatabaseURL}
	if out, err := exec.CommandContext(ctx, "pg_dump", args...).CombinedOutput(); err != nil {
		return nil, 0, fmt.Errorf("pg_dump: %v: %s", err, out)
	}
	return counts, time.Since(start), nil
}

// querier is what tableCounts reads through: a pool, a connection or a
// transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// tableCounts counts the rows of every table of the service schemas, by
// "schema.table".
func (e *Env) tableCounts(ctx context.Context, q querier) (map[string]int, error) {
	rows, err := q.Query(ctx, `SELECT table_schema || '.' || table_name FROM information_schema.tables
		WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1`, serviceSchemas)
	if err != nil {
		return nil, err
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, t := range tables {
		var n int
		if err := q.QueryRow(ctx, `SELECT count(*) FROM `+t).Scan(&n); err != nil {
			return nil, fmt.Errorf("count %s: %w", t, err)
		}
		out[t] = n
	}
	return out, nil
}

// runOnCopy starts the programs on the restored database (a broker and
// mail server of their own, the same signing key), waits until they are
// ready, and reports whether they serve the appointment booked before the
// dump (read by its provider) and take a new booking.
func (e *Env) runOnCopy(ctx context.Context, dbURL, providerToken, oldID string, slots *Slots) (served, booked bool, err error) {
	dir, err := os.MkdirTemp(e.tmp, "restored-")
	if err != nil {
		return false, false, err
	}
	broker, err := StartBroker(filepath.Join(dir, "kafka"))
	if err != nil {
		return false, false, err
	}
	defer broker.Stop()
	mail, err := stacktest.NewHeaderMailServer()
	if err != nil {
		return false, false, err
	}
	defer mail.Close()
	sctx, cancel := context.WithCancel(context.Background())
	st, err := devstack.Start(sctx, devstack.Options{
		DatabaseURL: dbURL, KafkaBrokers: []string{broker.Addr}, SigningKey: e.Key,
		GatewayAddr: "127.0.0.1:0", Location: IST, Clock: e.Clock.Now, AuthRatePerMinute: 1_000_000,
		SMTPAddr: mail.Addr, MailInterval: 100 * time.Millisecond, Logger: e.Logger, VerifiedEmailDomains: []string{"example.com"},
	})
	if err != nil {
		cancel()
		return false, false, err
	}
	defer func() {
		cancel()
		st.Wait()
	}()
	if err := st.WaitReady(ctx, 60*time.Second); err != nil {
		return false, false, err
	}
	if oldID != "" {
		r := e.Call(ctx, st.APIURL, "GET", "/appointments/"+oldID, providerToken, nil, nil)
		served = r.Status == 200 && strings.Contains(string(r.Raw), oldID)
	}
	if s, ok := slots.Take(); ok {
		r := e.Book(ctx, st.APIURL, e.Token("customer"), s, "")
		booked = r.Status == 201
	}
	return served, booked, nil
}
