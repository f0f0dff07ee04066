package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Group runs long-lived components together: when any returns an error, or
// the parent context ends, all are cancelled and Wait returns the first error.
type Group struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	once   sync.Once
	err    error
}

// NewGroup returns a group bound to ctx.
func NewGroup(ctx context.Context) *Group {
	ctx, cancel := context.WithCancel(ctx)
	return &Group{ctx: ctx, cancel: cancel}
}

// Context is cancelled when the group stops.
func (g *Group) Context() context.Context { return g.ctx }

// Go runs fn; a non-nil error (other than cancellation) stops the group.
func (g *Group) Go(name string, fn func(ctx context.Context) error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := fn(g.ctx); err != nil && !errors.Is(err, context.Canceled) {
			g.once.Do(func() { g.err = fmt.Errorf("%s: %w", name, err) })
			g.cancel()
		}
	}()
}

// Wait blocks until every component returned.
func (g *Group) Wait() error {
	g.wg.Wait()
	g.cancel()
	return g.err
}
