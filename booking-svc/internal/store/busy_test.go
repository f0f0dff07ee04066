package store

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

// The busy read of every booking costs what the provider's live
// appointments cost, however many were cancelled in its window before: the
// blocks it touches (EXPLAIN ANALYZE's buffers, with the generic plan a
// pooled prepared statement settles on and with a custom one) stay the same
// when 3,000 cancelled rows join three live ones. Off the index on every
// row (appointments_by_provider) each cancelled row was a heap visit.
func TestBusyVisitsOnlyLiveRows(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	for slot := range 3 {
		if err := s.Create(ctx, appointment("svc-1", slot), nil); err != nil {
			t.Fatal(err)
		}
	}
	// Other providers' live rows, so that the table is worth an index from
	// the start.
	if _, err := pool.Exec(ctx, `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider,
		location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
		status, version, created_at, updated_at, staff_id, ends_at)
		SELECT gen_random_uuid(), 'other-' || g % 50, 'x', 'x', 'p-' || g % 50, 'x', 'x', 'c' || g, 'x', 'x', 'x', 'x',
			$1::timestamptz + (g / 50) * interval '30 minutes', 'x', 'scheduled', 1, now(), now(), gen_random_uuid(),
			$1::timestamptz + (g / 50 + 1) * interval '30 minutes'
		FROM generate_series(0, 4999) g`, start); err != nil {
		t.Fatal(err)
	}
	owner := identity.OwnerMemberID("p1")
	from, to := start.Add(-time.Hour), start.Add(3*time.Hour)
	prepared := 0
	blocks := func(mode string) int {
		t.Helper()
		conn, err := pool.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Release()
		// The statement is the one Busy sends, prepared by name as pgx does.
		prepared++
		name := fmt.Sprintf("busy_%d", prepared)
		for _, q := range []string{"ANALYZE appointments", "SET plan_cache_mode = " + mode,
			`PREPARE ` + name + ` (text, timestamptz, timestamptz, uuid[], interval) AS ` + busyQuery} {
			if _, err := conn.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		var plan []struct {
			Plan struct {
				NodeType   string `json:"Node Type"`
				IndexName  string `json:"Index Name"`
				Rows       int    `json:"Actual Rows"`
				SharedHit  int    `json:"Shared Hit Blocks"`
				SharedRead int    `json:"Shared Read Blocks"`
			} `json:"Plan"`
		}
		var raw []byte
		q := fmt.Sprintf(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE %s ('p1', '%s', '%s', ARRAY['%s']::uuid[], '30 minutes')`,
			name, from.Format(time.RFC3339), to.Format(time.RFC3339), owner)
		if err := conn.QueryRow(ctx, q).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &plan); err != nil || len(plan) != 1 {
			t.Fatalf("plan %s: %v", raw, err)
		}
		p := plan[0].Plan
		if p.Rows != 3 {
			t.Fatalf("%s: the busy read found %d rows, want the 3 live ones (%s)", mode, p.Rows, raw)
		}
		t.Logf("%s: %s %s, %d blocks", mode, p.NodeType, p.IndexName, p.SharedHit+p.SharedRead)
		return p.SharedHit + p.SharedRead
	}
	modes := []string{"force_generic_plan", "force_custom_plan"}
	before := map[string]int{}
	for _, m := range modes {
		before[m] = blocks(m)
	}
	// 1,000 booked and cancelled in each of the three slots, as the soak
	// books and cancels (bench/soak.go).
	if _, err := pool.Exec(ctx, `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider,
		location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
		status, version, created_at, updated_at, staff_id, ends_at)
		SELECT gen_random_uuid(), 'svc-1', 'x', 'x', 'p1', 'x', 'x', 'c' || g, 'x', 'x', 'x', 'x',
			$1::timestamptz + (g % 3) * interval '30 minutes', 'x', 'cancelled', 2, now(), now(), $2::uuid,
			$1::timestamptz + (g % 3 + 1) * interval '30 minutes'
		FROM generate_series(1, 3000) g`, start, owner); err != nil {
		t.Fatal(err)
	}
	for _, m := range modes {
		// Two blocks of slack: an index page split by the new rows' neighbours.
		if after := blocks(m); after > before[m]+2 {
			t.Errorf("%s: the busy read touched %d blocks with 3,000 cancelled rows in its window, %d without: it walks what was cancelled", m, after, before[m])
		}
	}
	busy, err := s.Busy(ctx, "p1", []string{owner}, from, to, 30*time.Minute)
	if err != nil || len(busy) != 3 {
		t.Fatalf("Busy: %d rows, %v; want the 3 live ones", len(busy), err)
	}
}
