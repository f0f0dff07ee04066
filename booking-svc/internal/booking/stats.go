package booking

import (
	"context"
	"sync"
	"time"
)

// Stats are the marketplace's public booking figures (the home page's,
// through the gateway's GET /stats).
type Stats struct {
	// Bookings is every appointment ever made.
	Bookings int64
	// Completed and Ended: Ended counts the appointments that took place
	// or were missed (completed or no-show); Completed/Ended is the share
	// of appointments completed.
	Completed, Ended int64
}

// StatsReader counts them.
type StatsReader interface {
	Stats(ctx context.Context) (Stats, error)
}

// StatsKeep is how long booking-svc keeps its counts: the home page's
// figures may be 5 minutes old (docs/product.md "Fresh and kept"), of
// which a minute here and the rest in a browser, so a replica counts
// the appointments at most once a minute however many ask.
const StatsKeep = time.Minute

// KeptStats answers from the last count while it is younger than Keep;
// concurrent misses wait on one count.
type KeptStats struct {
	Reader StatsReader
	Keep   time.Duration
	Now    func() time.Time

	mu    sync.Mutex
	kept  Stats
	at    time.Time
	valid bool
}

func (k *KeptStats) Stats(ctx context.Context) (Stats, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.valid && k.Now().Sub(k.at) < k.Keep {
		return k.kept, nil
	}
	st, err := k.Reader.Stats(ctx)
	if err != nil {
		return Stats{}, err
	}
	k.kept, k.at, k.valid = st, k.Now(), true
	return st, nil
}
