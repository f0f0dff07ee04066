// Command gateway serves the Slotwise REST API.
package main

import (
	"context"

	"github.com/slotwise/slotwise/gateway"
	"github.com/slotwise/slotwise/platform/app"
	"github.com/slotwise/slotwise/platform/config"
)

func main() {
	app.Main("gateway", func(ctx context.Context, _ []string) error {
		r := config.FromEnv()
		cfg := gateway.LoadConfig(r)
		if err := r.Err(); err != nil {
			return err
		}
		return gateway.Run(ctx, cfg)
	})
}
