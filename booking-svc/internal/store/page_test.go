package store

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// bigHistory is how many appointments the bound tests give one provider
// (and one customer): a list that read them all would show in every plan.
const bigHistory = 100_000

// seedHistory bulk-inserts n appointments of provider "p-big", all
// booked by customer "c-big", 30 minutes apart and ending 90 days after
// now: the older ones completed, the later confirmed. Every fourth is
// from before teams (no member: the owner's), the others shared by
// members; it returns one member's id.
func seedHistory(t *testing.T, pool *pgxpool.Pool, n int, now time.Time) string {
	t.Helper()
	member := uuid.NewString()
	other := uuid.NewString()
	last := now.Add(90 * 24 * time.Hour).Truncate(time.Minute)
	_, err := pool.Exec(context.Background(), `INSERT INTO appointments (id, service_id, service_name, service_category,
		provider_id, provider, location, customer_id, customer_name, customer_email, customer_phone, customer_address,
		starts_at, slot_label, status, version, created_at, updated_at, staff_id, staff_name, ends_at)
	SELECT gen_random_uuid(), 'svc-big', 'Dental check-up', 'Healthcare & Wellness', 'p-big', 'Smile Clinic', '12 MG Road',
		'c-big', 'Asha Rao', 'asha@example.com', '9876543210', 'Bengaluru',
		$1::timestamptz - (i * interval '30 minutes'), '09:00',
		CASE WHEN $1::timestamptz - (i * interval '30 minutes') < $2 THEN 'completed' ELSE 'confirmed' END,
		1, $2, $2,
		CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN $3::uuid ELSE $4::uuid END, '',
		$1::timestamptz - (i * interval '30 minutes') + interval '30 minutes'
	FROM generate_series(0, $5 - 1) AS i`, last, now, member, other, n)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(context.Background(), `ANALYZE appointments`); err != nil {
		t.Fatal(err)
	}
	return member
}

// Each list of a provider with 100,000 appointments answers one page
// within its maximum, reading about a page's rows: the plan's every scan
// visits at most a few pages' worth of rows, forward and backward, for a
// customer, a provider and one member. Without its index (the member's:
// migration 015) or its LIMIT a scan reads far more.
func TestEveryListReadsOnePageOfALongHistory(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	now := time.Now().UTC()
	member := seedHistory(t, pool, bigHistory, now)
	domain := booking.NewService(s, nil, nil, time.UTC, func() time.Time { return now }, uuid.NewString, time.Hour)
	prov := booking.Caller{UserID: "p-big", Role: identity.RoleProvider}
	cust := booking.Caller{UserID: "c-big", Role: identity.RoleCustomer}

	lists := map[string]func(booking.PageRequest) (booking.Page, error){
		"customer": func(r booking.PageRequest) (booking.Page, error) { return domain.PageMine(ctx, cust, r) },
		"provider": func(r booking.PageRequest) (booking.Page, error) { return domain.PageForProvider(ctx, prov, "", r) },
		"member":   func(r booking.PageRequest) (booking.Page, error) { return domain.PageForProvider(ctx, prov, member, r) },
		"owner": func(r booking.PageRequest) (booking.Page, error) {
			return domain.PageForProvider(ctx, prov, identity.OwnerMemberID("p-big"), r)
		},
	}
	for name, list := range lists {
		t.Run(name, func(t *testing.T) {
			first, err := list(booking.PageRequest{Limit: 10_000})
			if err != nil {
				t.Fatal(err)
			}
			if len(first.Appointments) != booking.MaxPageSize {
				t.Fatalf("first page: %d appointments, want the maximum %d", len(first.Appointments), booking.MaxPageSize)
			}
			if at := first.Appointments[0].StartsAt; at.Before(now.Add(-booking.RecentWindow)) {
				t.Fatalf("first page starts at %s, before the window", at)
			}
			if first.Next == "" || first.Earlier == "" {
				t.Fatalf("first page: next %q, earlier %q: both must be offered", first.Next, first.Earlier)
			}
			// Three pages back and the way forward again meet without a
			// gap or a repeat.
			seen := map[string]bool{}
			for _, a := range first.Appointments {
				seen[a.ID] = true
			}
			cursor, oldest := first.Earlier, first.Appointments[0].StartsAt
			for range 3 {
				p, err := list(booking.PageRequest{Cursor: cursor})
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Appointments) != booking.DefaultPageSize {
					t.Fatalf("earlier page: %d appointments, want %d", len(p.Appointments), booking.DefaultPageSize)
				}
				if !p.Appointments[len(p.Appointments)-1].StartsAt.Before(oldest) {
					t.Fatal("an earlier page is not older than the one before it")
				}
				for i, a := range p.Appointments {
					if seen[a.ID] {
						t.Fatalf("appointment %s on two pages", a.ID)
					}
					if i > 0 && a.StartsAt.Before(p.Appointments[i-1].StartsAt) {
						t.Fatal("a page is not soonest first")
					}
					seen[a.ID] = true
				}
				cursor, oldest = p.Earlier, p.Appointments[0].StartsAt
			}
			next, err := list(booking.PageRequest{Cursor: first.Next})
			if err != nil {
				t.Fatal(err)
			}
			if len(next.Appointments) == 0 || !next.Appointments[0].StartsAt.After(first.Appointments[len(first.Appointments)-1].StartsAt) {
				t.Fatal("the next page does not continue the first")
			}
		})
	}

	// The plans: each scan reads about one page of rows.
	key := booking.PageKey{StartsAt: now.Add(-booking.RecentWindow), ID: uuid.Nil.String()}
	for _, backward := range []bool{false, true} {
		q := booking.PageQuery{From: key, Backward: backward, Limit: booking.MaxPageSize + 1}
		where, order := pageClause(q, 2)
		mwhere, morder := pageClause(q, 3)
		for name, sql := range map[string][]any{
			"customer": {selectAppointment + `WHERE customer_id = $1 AND ` + where + order, "c-big", key.StartsAt, key.ID, q.Limit},
			"provider": {selectAppointment + `WHERE provider_id = $1 AND ` + where + order, "p-big", key.StartsAt, key.ID, q.Limit},
			"member": {selectAppointment + `WHERE provider_id = $1 AND ` + staffIs + ` = $2::uuid AND ` + mwhere + morder,
				"p-big", member, key.StartsAt, key.ID, q.Limit},
		} {
			if read := rowsRead(t, pool, sql[0].(string), sql[1:]...); read > 3*booking.MaxPageSize {
				t.Errorf("%s (backward %v): the plan reads %d rows for a page of at most %d", name, backward, read, q.Limit)
			}
		}
	}
}

// rowsRead runs q under EXPLAIN ANALYZE and sums the rows its scans
// visited (returned and filtered out).
func rowsRead(t *testing.T, pool *pgxpool.Pool, q string, args ...any) int {
	t.Helper()
	var raw []byte
	if err := pool.QueryRow(context.Background(), `EXPLAIN (ANALYZE, FORMAT JSON) `+q, args...).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var plans []struct{ Plan planNode }
	if err := json.Unmarshal(raw, &plans); err != nil {
		t.Fatal(err)
	}
	return plans[0].Plan.scanned()
}

type planNode struct {
	Type     string     `json:"Node Type"`
	Rows     float64    `json:"Actual Rows"`
	Loops    float64    `json:"Actual Loops"`
	Filtered float64    `json:"Rows Removed by Filter"`
	Rechecks float64    `json:"Rows Removed by Index Recheck"`
	Plans    []planNode `json:"Plans"`
}

func (n planNode) scanned() int {
	total := 0
	switch n.Type {
	case "Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan":
		total = int((n.Rows + n.Filtered + n.Rechecks) * max(n.Loops, 1))
	}
	for _, c := range n.Plans {
		total += c.scanned()
	}
	return total
}
