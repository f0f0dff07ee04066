// Package app is the entry point every Go program shares: it turns SIGINT
// and SIGTERM into context cancellation, runs the program, and exits with a
// clear message when it fails.
package app

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Main runs run(ctx, args) until it returns or a signal arrives.
func Main(name string, run func(ctx context.Context, args []string) error) {
	TuneGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		stop()
		os.Exit(1)
	}
}
