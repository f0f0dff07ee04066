package store

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/identity"
)

// The plan modes a pooled prepared statement may run under: the generic
// plan pgx's statement cache settles on, and a custom one.
var planModes = []string{"force_generic_plan", "force_custom_plan"}

var prepared int

// explainBlocks runs query (with parameter types types) as a prepared
// statement under plan_cache_mode mode with the literal arguments args,
// after ANALYZE, and returns the blocks it touched (EXPLAIN ANALYZE's
// shared buffers) and the rows its top node returned.
func explainBlocks(t *testing.T, pool *pgxpool.Pool, mode, types, query, args string) (blocks, rows int) {
	t.Helper()
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	prepared++
	name := fmt.Sprintf("explained_%d", prepared)
	for _, q := range []string{"ANALYZE appointments", "SET plan_cache_mode = " + mode,
		`PREPARE ` + name + ` (` + types + `) AS ` + query} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var raw []byte
	if err := conn.QueryRow(ctx, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE `+name+` (`+args+`)`).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var plan []struct {
		Plan struct {
			NodeType   string `json:"Node Type"`
			IndexName  string `json:"Index Name"`
			Rows       int    `json:"Actual Rows"`
			SharedHit  int    `json:"Shared Hit Blocks"`
			SharedRead int    `json:"Shared Read Blocks"`
			Plans      []struct {
				IndexName string `json:"Index Name"`
			} `json:"Plans"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &plan); err != nil || len(plan) != 1 {
		t.Fatalf("plan %s: %v", raw, err)
	}
	p := plan[0].Plan
	t.Logf("%s: %s %s, %d blocks", mode, p.NodeType, p.IndexName, p.SharedHit+p.SharedRead)
	return p.SharedHit + p.SharedRead, p.Rows
}

// insertRows writes n rows of provider p1's service svc-1 with status,
// starting at from + i×step, each with a member of its own (the exclusion
// constraint never refuses them).
func insertRows(t *testing.T, pool *pgxpool.Pool, n int, status string, from time.Time, step time.Duration) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider,
		location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
		status, version, created_at, updated_at, staff_id, ends_at)
		SELECT gen_random_uuid(), 'svc-1', 'x', 'x', 'p1', 'x', 'x', 'c' || g, 'x', 'x', 'x', 'x',
			$1::timestamptz + g * $2::interval, 'x', $3, 2, now(), now(), gen_random_uuid(),
			$1::timestamptz + g * $2::interval + interval '30 minutes'
		FROM generate_series(0, $4::int - 1) g`, from, step, status, n); err != nil {
		t.Fatal(err)
	}
}

// otherProviders gives the table other providers' live rows, so that it is
// worth an index from the start.
func otherProviders(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider,
		location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
		status, version, created_at, updated_at, staff_id, ends_at)
		SELECT gen_random_uuid(), 'other-' || g % 50, 'x', 'x', 'p-' || g % 50, 'x', 'x', 'c' || g, 'x', 'x', 'x', 'x',
			$1::timestamptz + (g / 50) * interval '30 minutes', 'x', 'scheduled', 1, now(), now(), gen_random_uuid(),
			$1::timestamptz + (g / 50 + 1) * interval '30 minutes'
		FROM generate_series(0, 4999) g`, start); err != nil {
		t.Fatal(err)
	}
}

// The busy read of every booking costs what the provider's live
// appointments cost, however many were cancelled in its window before: the
// blocks it touches stay the same when 3,000 cancelled rows join three live
// ones. Off the index on every row (appointments_by_provider) each
// cancelled row was a heap visit.
func TestBusyVisitsOnlyLiveRows(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	for slot := range 3 {
		if err := s.Create(ctx, appointment("svc-1", slot), nil); err != nil {
			t.Fatal(err)
		}
	}
	otherProviders(t, pool)
	owner := identity.OwnerMemberID("p1")
	from, to := start.Add(-time.Hour), start.Add(3*time.Hour)
	const types = "text, timestamptz, timestamptz, uuid[], interval"
	args := fmt.Sprintf(`'p1', '%s', '%s', ARRAY['%s']::uuid[], '30 minutes'`, from.Format(time.RFC3339), to.Format(time.RFC3339), owner)
	before := map[string]int{}
	for _, m := range planModes {
		blocks, rows := explainBlocks(t, pool, m, types, busyQuery, args)
		if rows != 3 {
			t.Fatalf("%s: the busy read found %d rows, want the 3 live ones", m, rows)
		}
		before[m] = blocks
	}
	// 1,000 booked and cancelled in each of the three slots, as the soak
	// books and cancels (bench/soak.go).
	for slot := range 3 {
		insertRows(t, pool, 1000, "cancelled", start.Add(time.Duration(slot)*30*time.Minute), 0)
	}
	for _, m := range planModes {
		// Two blocks of slack: an index page split by the new rows' neighbours.
		if after, _ := explainBlocks(t, pool, m, types, busyQuery, args); after > before[m]+2 {
			t.Errorf("%s: the busy read touched %d blocks with 3,000 cancelled rows in its window, %d without: it walks what was cancelled", m, after, before[m])
		}
	}
	busy, err := s.Busy(ctx, "p1", []string{owner}, from, to, 30*time.Minute)
	if err != nil || len(busy) != 3 {
		t.Fatalf("Busy: %d rows, %v; want the 3 live ones", len(busy), err)
	}
}

// The spacing check of a booking reads the service's appointments within
// the spacing of its slot, not every active or past one of the service: its
// blocks stay the same when 3,000 completed appointments of last months and
// 3,000 booked for next months join.
func TestSpacingVisitsOnlyItsWindow(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	for _, slot := range []int{0, 4} {
		if err := s.Create(ctx, appointment("svc-1", slot), nil); err != nil {
			t.Fatal(err)
		}
	}
	otherProviders(t, pool)
	owner := identity.OwnerMemberID("p1")
	const types = "text, uuid, timestamptz, interval, text, text"
	at := start.Add(time.Hour) // slot 2: an hour from each booked one
	args := fmt.Sprintf(`'svc-1', '%s', '%s', '%s', '%s', 'p1'`, uuid.NewString(), at.Format(time.RFC3339), "90 minutes", owner)
	before := map[string]int{}
	for _, m := range planModes {
		blocks, rows := explainBlocks(t, pool, m, types, spacingQuery, args)
		if rows != 1 {
			t.Fatalf("%s: %d rows", m, rows)
		}
		before[m] = blocks
	}
	insertRows(t, pool, 3000, "completed", start.AddDate(0, -3, 0), 30*time.Minute)
	insertRows(t, pool, 3000, "scheduled", start.AddDate(0, 0, 2), 30*time.Minute)
	for _, m := range planModes {
		if after, _ := explainBlocks(t, pool, m, types, spacingQuery, args); after > before[m]+2 {
			t.Errorf("%s: the spacing check touched %d blocks with 6,000 of the service's appointments outside its window, %d without", m, after, before[m])
		}
	}
}
