package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// seeded is how many services the listing benchmark starts from.
const seeded = 100_000

// BenchmarkListing measures GET /services' query at 100k services (10k per
// category, one in thirteen inactive, one in fifty deleted) and fails when a
// filtered listing's plan scans the whole table.
//
//	go test ./catalog-svc/internal/store -run '^$' -bench Listing -benchtime 2s
func BenchmarkListing(b *testing.B) {
	ctx := context.Background()
	pool := seedServices(b, ctx, seeded)
	repo := Services{Pool: pool}
	domain := catalog.NewService(repo, time.UTC, time.Now, uuid.NewString)

	queries := []struct {
		name string
		q    catalog.Query
	}{
		{"category=Home Repair/limit=50", catalog.Query{Category: "Home Repair", Limit: 50}},
		{"category=Home Repair/default page (500)", catalog.Query{Category: "Home Repair"}},
		{"category=Others/limit=50", catalog.Query{Category: "Others", Limit: 50}},
		{"category=Automobile/offset=5000/limit=50", catalog.Query{Category: "Automobile", Limit: 50, Offset: 5000}},
		{"name=lotus (rare)", catalog.Query{Name: "lotus"}},
		{"name=spa (common)/limit=50", catalog.Query{Name: "spa", Limit: 50}},
		{"category+name", catalog.Query{Category: "Healthcare & Wellness", Name: "lotus"}},
		{"all/limit=50", catalog.Query{Limit: 50}},
		{"q=lotus (rare)", catalog.Query{Q: "lotus"}},
		{"q=massage spa (common)", catalog.Query{Q: "massage spa"}},
		{"q=repair/maxPrice=300/location=pune", catalog.Query{Q: "repair", MaxPrice: ptr(300.0), Location: "pune"}},
	}
	for _, c := range queries {
		explain(b, ctx, pool, c.name, c.q)
	}
	for _, c := range queries {
		b.Run(c.name, func(b *testing.B) {
			var n int
			for b.Loop() {
				list, err := domain.List(ctx, c.q)
				if err != nil {
					b.Fatal(err)
				}
				n = len(list.Services)
			}
			b.ReportMetric(float64(n), "rows/op")
		})
	}
}

// explain logs the plan of q's SQL and fails on a sequential scan of
// services (the whole point of the indexes).
func explain(b *testing.B, ctx context.Context, pool *pgxpool.Pool, name string, q catalog.Query) {
	b.Helper()
	sql, args := listSQL(filterOf(q))
	rows, err := pool.Query(ctx, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) "+sql, args...)
	if err != nil {
		b.Fatal(err)
	}
	var plan []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			b.Fatal(err)
		}
		plan = append(plan, line)
	}
	if rows.Err() != nil {
		b.Fatal(rows.Err())
	}
	text := strings.Join(plan, "\n")
	b.Logf("%s:\n%s", name, text)
	if strings.Contains(text, "Seq Scan on services") {
		b.Errorf("%s scans the whole table:\n%s", name, text)
	}
}

// filterOf resolves q the way the domain does, through a repository that
// only records the filter.
func filterOf(q catalog.Query) catalog.Filter {
	rec := &recordingRepo{}
	_, _ = catalog.NewService(rec, time.UTC, time.Now, uuid.NewString).List(context.Background(), q)
	return rec.f
}

type recordingRepo struct {
	catalog.Repository
	f catalog.Filter
}

func (r *recordingRepo) List(_ context.Context, f catalog.Filter) (catalog.Page, error) {
	r.f = f
	return catalog.Page{}, nil
}

func ptr[T any](v T) *T { return &v }

var benchWords = []string{"spa", "massage", "repair", "tutor", "clinic", "salon", "garage", "notary", "caterer", "boutique",
	"yoga", "plumbing", "physio", "hostel", "florist", "dentist", "barber", "coach", "lawyer", "decor"}

// seedServices creates a fresh catalog schema and COPYs n services into it.
func seedServices(b *testing.B, ctx context.Context, n int) *pgxpool.Pool {
	b.Helper()
	pool := testkit.NewPool(b, "catalog", Migrations, "migrations", 4)
	start := time.Now()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cols := []string{"id", "provider_id", "name", "category", "category_key", "description", "price", "duration",
		"provider", "location", "contact", "time_slots", "is_active", "created_at", "updated_at", "deleted_at"}
	rows := make([][]any, 0, n)
	for i := range n {
		cat := catalog.Categories[i%len(catalog.Categories)]
		name := fmt.Sprintf("%s %s %d", strings.ToUpper(benchWords[i%len(benchWords)][:1])+benchWords[i%len(benchWords)][1:],
			benchWords[(i/7)%len(benchWords)], i)
		if i%997 == 3 {
			name = "Lotus wellness " + fmt.Sprint(i) // rare: ~100 rows, every category
		}
		created := base.Add(time.Duration(i) * time.Minute)
		var deleted *time.Time
		if i%50 == 7 {
			deleted = &created
		}
		rows = append(rows, []any{pgtype.UUID{Bytes: uuid.New(), Valid: true}, fmt.Sprintf("provider-%d", i%2000), name,
			cat.Name, cat.Key, "Seeded service", float64(100 + i%900), 30 + i%4*15, "Seed Co", "1 Main Road, Pune",
			"9876543210", []string{"09:00", "10:00", "11:00"}, i%13 != 4, created, created, deleted})
	}
	if _, err := pool.CopyFrom(ctx, pgx.Identifier{"services"}, cols, pgx.CopyFromRows(rows)); err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE services"); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d services in %v", n, time.Since(start).Round(time.Millisecond))
	return pool
}
