package store

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// A provider's own services are bounded (docs/product.md "Paged lists"):
// with more than the largest page, one call answers at most MaxOwnPageSize
// and the pages, asked for more than that, meet without a gap or a repeat.
func TestOwnServicesArePaged(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 2)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type row struct {
		at int
		id string
	}
	var rows []row // two to an instant, so pages cut through ties
	add := func(provider string, i int, deleted bool) string {
		id := uuid.NewString()
		at := base.Add(time.Duration(i/2) * time.Minute)
		var del *time.Time
		if deleted {
			del = &at
		}
		if _, err := pool.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
			duration, provider, location, contact, time_slots, is_active, created_at, updated_at, deleted_at)
			VALUES ($1, $2, 'Hair cut', 'Others', 'others', 'A classic haircut', 300, 30, 'Co', 'Pune', '9876543210', '{09:00}', $3, $4, $4, $5)`,
			id, provider, i%3 != 0, at, del); err != nil {
			t.Fatal(err)
		}
		return id
	}
	for i := range 5*catalog.MaxOwnPageSize/2 + 1 {
		if id := add("p1", i, i%7 == 6); i%7 != 6 {
			rows = append(rows, row{i / 2, id})
		}
		add("p2", i, false)
	}
	// Newest first, and within an instant the greater id first.
	slices.SortFunc(rows, func(a, b row) int { return cmp.Or(cmp.Compare(b.at, a.at), strings.Compare(b.id, a.id)) })
	var want []string
	for _, r := range rows {
		want = append(want, r.id)
	}
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, time.Now, uuid.NewString)
	me := catalog.Caller{UserID: "p1", Role: identity.RoleProvider}
	var got []string
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 20 {
			t.Fatal("the pages do not end")
		}
		p, err := domain.ListOwn(ctx, me, catalog.OwnPageRequest{Cursor: cursor, Limit: 10 * catalog.MaxOwnPageSize})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Services) > catalog.MaxOwnPageSize {
			t.Fatalf("a page of %d, over the maximum %d", len(p.Services), catalog.MaxOwnPageSize)
		}
		for _, o := range p.Services {
			if seen[o.ID] || o.ProviderID != "p1" {
				t.Fatalf("%s (of %s) repeated or not p1's", o.ID, o.ProviderID)
			}
			seen[o.ID] = true
			got = append(got, o.ID)
		}
		if p.Next == "" {
			break
		}
		cursor = p.Next
	}
	if len(got) != len(want) {
		t.Fatalf("read %d services, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("at %d: %s, want %s (newest first)", i, got[i], want[i])
		}
	}
	for _, r := range []catalog.OwnPageRequest{{Limit: -1}, {Cursor: "nope"}} {
		if _, err := domain.ListOwn(ctx, me, r); err == nil {
			t.Fatalf("%+v accepted", r)
		}
	}
}
