package booking

import (
	"context"
	"sync"
	"testing"
	"time"
)

type countingStats struct {
	mu    sync.Mutex
	calls int
}

func (c *countingStats) Stats(context.Context) (Stats, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	return Stats{Bookings: int64(c.calls)}, nil
}

// Many concurrent reads within the keep count once; the first read after
// it counts again.
func TestKeptStatsCountsOncePerKeep(t *testing.T) {
	r := &countingStats{}
	clock := now
	k := &KeptStats{Reader: r, Keep: StatsKeep, Now: func() time.Time { return clock }}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if st, err := k.Stats(context.Background()); err != nil || st.Bookings != 1 {
				t.Errorf("%+v, %v: want the first count", st, err)
			}
		})
	}
	wg.Wait()
	clock = clock.Add(StatsKeep - time.Second)
	if st, _ := k.Stats(context.Background()); st.Bookings != 1 || r.calls != 1 {
		t.Fatalf("within the keep: %+v after %d counts", st, r.calls)
	}
	clock = clock.Add(time.Second)
	if st, _ := k.Stats(context.Background()); st.Bookings != 2 {
		t.Fatalf("after the keep: %+v", st)
	}
}
