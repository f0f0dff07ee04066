package app

import (
	"context"
	"time"
)

// Poll calls check until it reports done or fails, sleeping between calls
// from first, doubling up to max; it returns ctx's error if ctx ends first.
// For waiting on a state another process moves (a row gone, an offset
// committed) where nothing notifies.
func Poll(ctx context.Context, first, max time.Duration, check func() (done bool, err error)) error {
	wait := first
	for {
		done, err := check()
		if err != nil || done {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, max)
	}
}
