package authsvc

import (
	"context"
	"errors"
	"fmt"

	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
	"github.com/slotwise/slotwise/auth-svc/internal/store"
)

// SetOperator grants (on) or takes back the operator role of the account
// with email, writing auth-svc's database at databaseURL through its store;
// it brings the auth schema up to date first (the column may be newer than
// the running auth-svc). Only the command line (cmd/auth-operator, `make
// admin`) and tests call it: no API route can
// (docs/adr/0066-operators-and-the-stats-read.md). It returns a line saying
// what changed.
func SetOperator(ctx context.Context, databaseURL, email string, on bool) (string, error) {
	pool, err := postgres.Open(ctx, databaseURL, "auth", postgres.Options{MaxConns: 2})
	if err != nil {
		return "", err
	}
	defer pool.Close()
	if err := postgres.Migrate(ctx, pool, "auth", svc.Dir(store.Migrations, "migrations")); err != nil {
		return "", err
	}
	u, err := store.Users{Pool: pool}.SetOperator(ctx, email, on)
	if errors.Is(err, auth.ErrNotFound) {
		return "", fmt.Errorf("no account has the email %s", email)
	}
	if err != nil {
		return "", err
	}
	state := "is now an operator"
	if !on {
		state = "is no longer an operator"
	}
	return fmt.Sprintf("%s (%s, %s) %s; the role reaches their sessions at the next sign-in or token refresh", u.Email, u.FullName, u.Role, state), nil
}
