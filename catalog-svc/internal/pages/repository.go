package pages

import (
	"context"
	"time"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
	"github.com/slotwise/slotwise/platform/pagecache"
)

// Invalidating wraps a repository so that every write that committed
// empties c before it returns: this process never serves a page older than
// its own last write.
func Invalidating(repo catalog.Repository, c *pagecache.Cache) catalog.Repository {
	return invalidating{Repository: repo, cache: c}
}

type invalidating struct {
	catalog.Repository
	cache *pagecache.Cache
}

func (r invalidating) done(err error) {
	if err == nil {
		r.cache.Invalidate()
	}
}

func (r invalidating) Create(ctx context.Context, o catalog.Offering) (catalog.Change, error) {
	ch, err := r.Repository.Create(ctx, o)
	r.done(err)
	return ch, err
}

func (r invalidating) Update(ctx context.Context, o catalog.Offering) (catalog.Change, error) {
	ch, err := r.Repository.Update(ctx, o)
	r.done(err)
	return ch, err
}

func (r invalidating) SetActive(ctx context.Context, id, providerID string, active bool, at time.Time) (catalog.Offering, catalog.Change, error) {
	o, ch, err := r.Repository.SetActive(ctx, id, providerID, active, at)
	r.done(err)
	return o, ch, err
}

func (r invalidating) SoftDelete(ctx context.Context, id, providerID string, at time.Time) (catalog.Change, error) {
	ch, err := r.Repository.SoftDelete(ctx, id, providerID, at)
	r.done(err)
	return ch, err
}

func (r invalidating) AddRating(ctx context.Context, consumer string, rr catalog.ReviewRating) (bool, error) {
	changed, err := r.Repository.AddRating(ctx, consumer, rr)
	if changed {
		r.done(err)
	}
	return changed, err
}

// A provider's schedule shows on every page carrying their services.

func (r invalidating) SetQueue(ctx context.Context, providerID string, open bool, at time.Time) ([]catalog.Change, error) {
	chs, err := r.Repository.SetQueue(ctx, providerID, open, at)
	r.done(err)
	return chs, err
}

func (r invalidating) AddClosure(ctx context.Context, providerID string, c catalog.Closure, today string, max int, at time.Time) ([]catalog.Change, error) {
	chs, err := r.Repository.AddClosure(ctx, providerID, c, today, max, at)
	r.done(err)
	return chs, err
}

func (r invalidating) DeleteClosure(ctx context.Context, providerID, id string, at time.Time) ([]catalog.Change, error) {
	chs, err := r.Repository.DeleteClosure(ctx, providerID, id, at)
	r.done(err)
	return chs, err
}
