package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/testkit"
)

// A member and a service paired in staff_services belong to one business,
// held by PostgreSQL (migrations 009–014), whatever writes the row: the
// pairs an older release wrote get their business and pass validation;
// a pair across two businesses written straight in SQL is refused, with
// or without provider_id; the older release's insert (no provider_id)
// of a pair of one business still works.
func TestMemberAndServiceOfOneBusiness(t *testing.T) {
	ctx := context.Background()
	pool, err := postgres.Open(ctx, testkit.NewDatabase(t), "catalog", postgres.Options{MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := postgres.Migrate(ctx, pool, "catalog", migrationsBefore(t, "009")); err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	service := func(provider string) string {
		t.Helper()
		id := uuid.NewString()
		if _, err := pool.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
			duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
			VALUES ($1, $2, 'Check-up', 'Others', 'others', 'd', 100, 30, 'Biz', 'Somewhere', '9876543210', '{09:00}', true, $3, $3)`,
			id, provider, base); err != nil {
			t.Fatal(err)
		}
		return id
	}
	member := func(provider string) string {
		t.Helper()
		id := uuid.NewString()
		if _, err := pool.Exec(ctx, `INSERT INTO staff_members (id, provider_id, name, created_at, updated_at) VALUES ($1, $2, 'M', $3, $3)`,
			id, provider, base); err != nil {
			t.Fatal(err)
		}
		return id
	}
	pair := func(staff, svc string, provider any) error {
		if provider == nil {
			_, err := pool.Exec(ctx, `INSERT INTO staff_services (staff_id, service_id) VALUES ($1, $2)`, staff, svc)
			return err
		}
		_, err := pool.Exec(ctx, `INSERT INTO staff_services (staff_id, service_id, provider_id) VALUES ($1, $2, $3)`, staff, svc, provider)
		return err
	}
	// Written by the release before: a pair of one business.
	s1, m1 := service("p1"), member("p1")
	if err := pair(m1, s1, nil); err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, pool, "catalog", mustSub(t)); err != nil {
		t.Fatal(err)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM staff_services WHERE provider_id = 'p1'`); n != 1 {
		t.Fatalf("%d pairs of p1 with their business after migrating, want 1", n)
	}

	s2, m2 := service("p2"), member("p2")
	var pgErr *pgconn.PgError
	for _, tc := range []struct {
		name     string
		provider any
	}{{"as the older release writes it", nil}, {"naming the service's business", "p2"}, {"naming the member's business", "p1"}} {
		err := pair(m1, s2, tc.provider)
		if !errors.As(err, &pgErr) || pgErr.Code != "23503" {
			t.Errorf("p1's member on p2's service, %s: %v, want a foreign key violation", tc.name, err)
		}
	}
	if err := pair(m2, s2, nil); err != nil {
		t.Fatalf("a pair of one business as the older release writes it: %v", err)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM staff_services WHERE staff_id = $1 AND provider_id = 'p2'`, m2); n != 1 {
		t.Fatal("the older release's pair did not get its business")
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM pg_constraint WHERE convalidated AND conname IN ('staff_services_provider_present', 'staff_services_member_of_business', 'staff_services_service_of_business')`); n != 3 {
		t.Fatalf("%d of the three constraints validated", n)
	}
}
