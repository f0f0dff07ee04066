// Command auth-operator makes an account an operator (or, with -revoke, no
// longer one) in auth-svc's database: operators decide reported reviews,
// and no API call can grant the role
// (docs/adr/0066-operators-and-the-stats-read.md). `make admin EMAIL=…` runs
// it against DATABASE_URL (default: the devstack's database).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/slotwise/slotwise/platform/app"

	authsvc "github.com/slotwise/slotwise/auth-svc"
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
		line, err := authsvc.SetOperator(ctx, url, *email, !*revoke)
		if err == nil {
			fmt.Println(line)
		}
		return err
	})
}
