package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/metadata"

	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/pagecache"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// TestListingTotalsAreCountedOnce: a category's total is counted with its
// first page and then kept with the pages (every page after reads its own
// rows only), past the last page too, until the cache is emptied as a
// write empties it or a caller asks for a fresh read; a search counts with
// every page.
func TestListingTotalsAreCountedOnce(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 2)
	add := func(n int, name string) {
		t.Helper()
		if _, err := pool.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
			duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
			SELECT gen_random_uuid(), 'p1', $2 || ' ' || i, 'Beauty', 'beauty', 'Hair and nails', 300, 30, 'Co', 'Pune',
			  '9876543210', '{09:00}', true, now() - i * interval '1 minute', now()
			FROM generate_series(1, $1) AS i`, n, name); err != nil {
			t.Fatal(err)
		}
	}
	add(30, "Salon")
	cache := pagecache.New(time.Minute, 1<<20, nil)
	cache.Live()
	domain := catalog.NewService(Services{Pool: pool, Totals: cache}, nil, time.UTC, time.Now, uuid.NewString)
	list := func(q catalog.Query) catalog.Page {
		t.Helper()
		p, err := domain.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if p := list(catalog.Query{Category: "Beauty"}); p.Total != 30 || len(p.Services) != 24 {
		t.Fatalf("first page: total %d, %d services", p.Total, len(p.Services))
	}
	// Rows written behind the cache's back show on the pages, not in the
	// kept total: the second page did not count.
	add(5, "Spa")
	if p := list(catalog.Query{Category: "Beauty", Offset: 24}); p.Total != 30 || len(p.Services) != 11 {
		t.Fatalf("second page: total %d, %d services", p.Total, len(p.Services))
	}
	if p := list(catalog.Query{Category: "Beauty", Offset: 96}); p.Total != 30 || len(p.Services) != 0 {
		t.Fatalf("past the last page: total %d, %d services", p.Total, len(p.Services))
	}
	// A search is not kept: it counts its (capped) matches every time.
	if p := list(catalog.Query{Q: "spa"}); p.Total != 5 {
		t.Fatalf("search: total %d", p.Total)
	}
	// A caller that keeps the page itself (the gateway) gets the total as
	// counted now, and it replaces the kept one.
	fresh := metadata.NewIncomingContext(ctx, metadata.Pairs(grpcx.FreshReadKey, "1"))
	if p, err := domain.List(fresh, catalog.Query{Category: "Beauty", Offset: 24}); err != nil || p.Total != 35 {
		t.Fatalf("a fresh read: total %d (%v), want 35", p.Total, err)
	}
	if p := list(catalog.Query{Category: "Beauty", Offset: 48}); p.Total != 35 {
		t.Fatalf("after a fresh read: total %d, want 35", p.Total)
	}
	add(1, "Nails")
	// Emptied as every write empties it, the next page counts again.
	cache.Invalidate()
	if p := list(catalog.Query{Category: "Beauty", Offset: 24}); p.Total != 36 || len(p.Services) != 12 {
		t.Fatalf("after a write: total %d, %d services", p.Total, len(p.Services))
	}
	// Another filter has a total of its own.
	if p := list(catalog.Query{Category: "Beauty", Location: "Mumbai"}); p.Total != 0 {
		t.Fatalf("another filter: total %d", p.Total)
	}
}
