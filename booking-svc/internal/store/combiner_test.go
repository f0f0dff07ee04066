package store

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Every call is run exactly once, no batch is larger than max, and no more
// than limit batches run at the same time.
func TestCombinerRunsEveryCallOnceWithinLimits(t *testing.T) {
	const calls, limit, maxBatch = 2000, 2, 16
	var running, peak atomic.Int32
	seen := make([]atomic.Int32, calls)
	var biggest atomic.Int32
	var batches atomic.Int32
	var wg sync.WaitGroup
	c := newCombiner(limit, maxBatch, func(batch []int) {
		now := running.Add(1)
		for {
			p := peak.Load()
			if now <= p || peak.CompareAndSwap(p, now) {
				break
			}
		}
		if n := int32(len(batch)); n > biggest.Load() {
			biggest.Store(n)
		}
		batches.Add(1)
		time.Sleep(200 * time.Microsecond) // a batch takes a while, so calls pile up behind it
		for _, i := range batch {
			seen[i].Add(1)
			wg.Done()
		}
		running.Add(-1)
	})
	wg.Add(calls)
	var senders sync.WaitGroup
	for g := range 50 {
		senders.Go(func() {
			for i := g; i < calls; i += 50 {
				c.add(i)
			}
		})
	}
	senders.Wait()
	wg.Wait()
	for i := range seen {
		if n := seen[i].Load(); n != 1 {
			t.Fatalf("call %d ran %d times", i, n)
		}
	}
	if p := peak.Load(); p > limit {
		t.Errorf("%d batches ran at once, limit %d", p, limit)
	}
	if b := biggest.Load(); b > maxBatch {
		t.Errorf("a batch held %d calls, max %d", b, maxBatch)
	}
	if b := batches.Load(); b >= calls {
		t.Errorf("%d batches for %d concurrent calls: nothing was combined", b, calls)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running != 0 || len(c.queue) != 0 {
		t.Errorf("after the last batch: %d runners, %d queued", c.running, len(c.queue))
	}
}

// A lone call is run at once, in a batch of its own.
func TestCombinerRunsALoneCallAlone(t *testing.T) {
	got := make(chan []int, 1)
	c := newCombiner(2, 64, func(batch []int) { got <- batch })
	c.add(7)
	select {
	case b := <-got:
		if len(b) != 1 || b[0] != 7 {
			t.Fatalf("batch %v, want [7]", b)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a lone call was never run")
	}
}
