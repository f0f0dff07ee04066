package store

import (
	"context"
	"io/fs"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// openStore is auth-svc's schema, migrated, in a database of this test,
// with a pool of conns connections (the races below need one per caller).
func openStore(t *testing.T, conns int32) Users {
	t.Helper()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, testkit.NewDatabase(t), "auth", postgres.Options{MaxConns: conns})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	sub, err := fs.Sub(Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, pool, "auth", sub); err != nil {
		t.Fatal(err)
	}
	// Every connection open before the races start: dialling one per
	// caller would space the callers out and hide the race.
	held := make([]*pgxpool.Conn, conns)
	for i := range held {
		if held[i], err = pool.Acquire(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range held {
		c.Release()
	}
	return Users{Pool: pool}
}

// newAccount stores a verified customer and returns it.
func newAccount(t *testing.T, s Users, email string, now time.Time) auth.User {
	t.Helper()
	u := auth.User{ID: uuid.NewString(), Email: email, PasswordHash: "x", FullName: "Asha Rao", PhoneNumber: "9876543210",
		Address: "1 MG Road", Gender: "female", Role: "customer", CreatedAt: now, UpdatedAt: now, EmailVerified: true,
		EmailNotifications: true}
	if err := s.Create(context.Background(), u, nil); err != nil {
		t.Fatal(err)
	}
	return u
}

// testHasher stores passwords as is: hashing is the password package's test.
type testHasher struct{}

func (testHasher) Hash(_ context.Context, _ auth.Who, pw string) (string, error) {
	return "plain:" + pw, nil
}
func (testHasher) Verify(_ context.Context, _ auth.Who, pw, h string) (bool, error) {
	return h == "plain:"+pw, nil
}

// testIssuer signs nothing: the access token names the user.
type testIssuer struct{}

func (testIssuer) Issue(u auth.User, _ string) (string, error) { return "access-" + u.ID, nil }
func (testIssuer) TTL() time.Duration                          { return 10 * time.Minute }

// newDomain is the auth domain over s on the wall clock.
func newDomain(s Users) auth.Service {
	return auth.NewService(s, testHasher{}, testIssuer{}, time.Now, uuid.NewString)
}
