// Command auth-operator makes an account an operator (or, with -revoke, no
// longer one), writing auth-svc's database through its store: operators
// decide reported reviews, and no API call can grant the role
// (docs/adr/0064-operators-and-the-stats-read.md). `make admin EMAIL=…` runs
// it against DATABASE_URL (default: the devstack's database).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/slotwise/slotwise/platform/app"
	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
	"github.com/slotwise/slotwise/auth-svc/internal/store"
)

// defaultDatabaseURL is the devstack's (docs/configuration.md DATABASE_URL).
const defaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/slotwise?sslmode=disable"

func main() {
	app.Main("auth-operator", func(ctx context.Context, args []string) error {
		fs := flag.NewFlagSet("auth-operator", flag.ContinueOnError)
		email := fs.String("email", "", "the account's email address")
		revoke := fs.Bool("revoke", false, "take the operator role back")
		if err := fs.Parse(args); err != nil {
			return err
		}
		if *email == "" {
			return errors.New("usage: auth-operator -email someone@example.com [-revoke]")
		}
		url := os.Getenv("DATABASE_URL")
		if url == "" {
			url = defaultDatabaseURL
		}
		return setOperator(ctx, url, *email, !*revoke)
	})
}

// setOperator brings the auth schema up to date (the column may be newer
// than the running auth-svc) and sets the role.
func setOperator(ctx context.Context, url, email string, on bool) error {
	pool, err := postgres.Open(ctx, url, "auth", postgres.Options{MaxConns: 2})
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := postgres.Migrate(ctx, pool, "auth", svc.Dir(store.Migrations, "migrations")); err != nil {
		return err
	}
	u, err := store.Users{Pool: pool}.SetOperator(ctx, email, on)
	if errors.Is(err, auth.ErrNotFound) {
		return fmt.Errorf("no account has the email %s", email)
	}
	if err != nil {
		return err
	}
	state := "is now an operator"
	if !on {
		state = "is no longer an operator"
	}
	fmt.Printf("%s (%s, %s) %s; the role reaches their sessions at the next sign-in or token refresh\n", u.Email, u.FullName, u.Role, state)
	return nil
}
