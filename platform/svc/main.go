package svc

import (
	"context"
	"errors"
	"fmt"

	"github.com/slotwise/slotwise/platform/app"
	"github.com/slotwise/slotwise/platform/config"
)

// Program loads a service's configuration and spec from the environment.
type Program func(r *config.Reader) (Config, Spec, error)

// Main is the whole main function of a service: `<svc>` serves, `<svc>
// migrate` applies migrations and exits (for deploy-time hook jobs).
func Main(name string, program Program) {
	app.Main(name, func(ctx context.Context, args []string) error {
		r := config.FromEnv()
		cfg, spec, err := program(r)
		if err = errors.Join(err, r.Err()); err != nil {
			return err
		}
		switch {
		case len(args) == 0:
			return Run(ctx, cfg, spec)
		case args[0] == "migrate":
			return Migrate(ctx, cfg, spec)
		default:
			return fmt.Errorf("unknown command %q (use no argument to serve, or \"migrate\")", args[0])
		}
	})
}
