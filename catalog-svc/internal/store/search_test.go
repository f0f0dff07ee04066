package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// handMade are the services the ranking cases search. Newest last, so the
// tie-break (newest first) is visible where ranks are equal.
var handMade = []struct {
	name, description, location string
	price                       float64
	active                      bool
}{
	{"Deep tissue massage", "Ninety minutes of relief for sore muscles", "Indiranagar, Bengaluru", 1500, true},
	{"Spa day", "Steam, a relaxing massage and a facial", "Bandra, Mumbai", 2500, true},
	{"Hair cut", "A classic haircut and a wash", "Koramangala, Bengaluru", 300, true},
	{"Haircuts for kids", "Quick haircuts with a cartoon on", "Andheri, Mumbai", 250, true},
	{"Car wash", "Exterior wash and interior cleaning", "Koramangala, Bengaluru", 400, true},
	{"Home cleaning", "Deep cleaning of kitchen and bathrooms", "Andheri, Mumbai", 900, true},
	{"Massage chair repair", "We fix massage chairs", "Bandra, Mumbai", 700, false},
}

// TestSearchRanksHandMadeCases: name words outrank description words, stems
// and word prefixes match, every word must match, inactive services never
// show, location and price narrow, and no input is an operator.
func TestSearchRanksHandMadeCases(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 2)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, s := range handMade {
		at := base.Add(time.Duration(i) * time.Hour)
		_, err := pool.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
			duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
			VALUES ($1, 'p1', $2, 'Others', 'others', $3, $4, 30, 'Co', $5, '9876543210', '{09:00}', $6, $7, $7)`,
			uuid.NewString(), s.name, s.description, s.price, s.location, s.active, at)
		if err != nil {
			t.Fatal(err)
		}
	}
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, time.Now, uuid.NewString)
	cases := []struct {
		q    catalog.Query
		want []string
	}{
		// The name match first, then the description's; the inactive one never.
		{catalog.Query{Q: "massage"}, []string{"Deep tissue massage", "Spa day"}},
		// A prefix finds while typing.
		{catalog.Query{Q: "massa"}, []string{"Deep tissue massage", "Spa day"}},
		// A prefix longer than the word's stem ("cleaning" → "clean").
		{catalog.Query{Q: "cleani"}, []string{"Home cleaning", "Car wash"}},
		// "deep" is in one name and in one description.
		{catalog.Query{Q: "Deep"}, []string{"Deep tissue massage", "Home cleaning"}},
		// Stemming: "cleaning" and "clean" are one word; the name match leads.
		{catalog.Query{Q: "clean"}, []string{"Home cleaning", "Car wash"}},
		// "haircut" in the name and the description beats the description alone.
		{catalog.Query{Q: "haircut"}, []string{"Haircuts for kids", "Hair cut"}},
		// Every word must match, in any order.
		{catalog.Query{Q: "wash interior"}, []string{"Car wash"}},
		{catalog.Query{Q: "massage cleaning"}, []string{}},
		// Filters narrow a search, or a listing.
		{catalog.Query{Q: "clean", Location: "mumbai"}, []string{"Home cleaning"}},
		{catalog.Query{Q: "clean", MaxPrice: ptr(400.0)}, []string{"Car wash"}},
		{catalog.Query{Location: "KORAMANGALA", MaxPrice: ptr(300.0)}, []string{"Hair cut"}},
		// Query operators and punctuation are only separators.
		{catalog.Query{Q: "massage & !(spa) | <-> :*"}, []string{"Spa day"}},
		{catalog.Query{Q: "!!!"}, []string{"Home cleaning", "Car wash", "Haircuts for kids", "Hair cut", "Spa day", "Deep tissue massage"}},
		// name (substring) still works beside q.
		{catalog.Query{Q: "massage", Name: "spa"}, []string{"Spa day"}},
	}
	for _, c := range cases {
		page, err := domain.List(ctx, c.q)
		if err != nil {
			t.Fatalf("%+v: %v", c.q, err)
		}
		got := []string{}
		for _, o := range page.Services {
			got = append(got, o.Name)
		}
		if !slices.Equal(got, c.want) || page.Total != len(c.want) {
			t.Errorf("q=%q location=%q: %v (total %d), want %v", c.q.Q, c.q.Location, got, page.Total, c.want)
		}
	}
	page, err := domain.List(ctx, catalog.Query{Q: "massage", Limit: 1, Offset: 1})
	if err != nil || len(page.Services) != 1 || page.Services[0].Name != "Spa day" || page.Total != 2 {
		t.Fatalf("second page of one: %+v, %v", page, err)
	}
}

// TestSearchRanksItsNewestMatches: a search ranks and counts its newest
// SearchCap matches only, so a common word costs a bounded read: an older
// name match is not listed above the newest description matches, and the
// total stops at the cap, past the last page too.
func TestSearchRanksItsNewestMatches(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 2)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// The oldest has the word in its name; SearchCap newer ones in the description.
	if _, err := pool.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
		duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
		SELECT gen_random_uuid(), 'p1', CASE WHEN i = 0 THEN 'Yoga studio' ELSE 'Studio ' || i END, 'Others', 'others',
		  CASE WHEN i = 0 THEN 'Mats' ELSE 'Morning yoga' END, 100, 30, 'Co', 'Pune', '9876543210', '{09:00}', true,
		  $1::timestamptz + i * interval '1 minute', $1::timestamptz
		FROM generate_series(0, $2) AS i`, base, SearchCap); err != nil {
		t.Fatal(err)
	}
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, time.Now, uuid.NewString)
	page, err := domain.List(ctx, catalog.Query{Q: "yoga"})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != SearchCap || !page.TotalCapped || len(page.Services) != 24 || page.Services[0].Name != fmt.Sprintf("Studio %d", SearchCap) {
		t.Fatalf("total %d, %d services, first %q", page.Total, len(page.Services), page.Services[0].Name)
	}
	past, err := domain.List(ctx, catalog.Query{Q: "yoga", Offset: 2 * SearchCap})
	if err != nil || len(past.Services) != 0 || past.Total != SearchCap || !past.TotalCapped {
		t.Fatalf("past the last page: %d services, total %d, %v", len(past.Services), past.Total, err)
	}
	// Narrowed below the cap, the name match is there and leads.
	small, err := domain.List(ctx, catalog.Query{Q: "yoga mats"})
	if err != nil || small.Total != 1 || small.TotalCapped || small.Services[0].Name != "Yoga studio" {
		t.Fatalf("yoga mats: %+v, %v", small, err)
	}
}

// TestSearchIsPlannedForItsWords: a search never becomes a cached prepared
// statement, whose generic plan PostgreSQL switches to after five runs and
// which cannot tell a common word from a rare one; a category listing,
// whose plan fits every value, stays cached.
func TestSearchIsPlannedForItsWords(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 1) // one connection: its statements are the ones listed
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, time.Now, uuid.NewString)
	for range 7 {
		for _, q := range []catalog.Query{{Q: "yoga"}, {Q: "yoga studio", Location: "Pune"}, {Q: "yoga", Offset: 48}, {Category: "Others"}} {
			if _, err := domain.List(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
	}
	var searches, listings int
	// The patterns are spelled in pieces: this statement is listed too.
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE statement LIKE '%' || 'ts_' || 'rank(%'),
		count(*) FILTER (WHERE statement LIKE '%category_' || 'key = $%') FROM pg_prepared_statements`).Scan(&searches, &listings); err != nil {
		t.Fatal(err)
	}
	if searches != 0 || listings != 1 {
		t.Fatalf("prepared statements: %d searches (want none), %d listings (want the category page's: 1)", searches, listings)
	}
}
