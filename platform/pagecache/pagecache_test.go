package pagecache

import (
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func TestCacheServesOnlyFreshAnswers(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	c := New(2*time.Second, 100, clk.now)
	put := func(key string, v any) { c.Put(c.Begin(), key, v, 10) }

	put("a", 1)
	if _, ok := c.Get("a"); ok {
		t.Fatal("served before Live")
	}
	c.Live()
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("Get = %v, %v", v, ok)
	}
	clk.t = clk.t.Add(2 * time.Second)
	if _, ok := c.Get("a"); ok {
		t.Fatal("served at its maximum age")
	}

	// A read that began before a write is not kept: it may predate it.
	read := c.Begin()
	c.Invalidate()
	c.Put(read, "b", 2, 10)
	if _, ok := c.Get("b"); ok {
		t.Fatal("kept an answer read across a write")
	}
	put("c", 3)
	c.Invalidate()
	if _, ok := c.Get("c"); ok {
		t.Fatal("served after Invalidate")
	}
}

// TestCacheKeepsConfirmedAnswers: with KeepConfirmed, an answer outlives
// maxAge while confirmations keep coming at least every maxAge, never past
// kept, and a write still drops it at once.
func TestCacheKeepsConfirmedAnswers(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	c := New(2*time.Second, 100, clk.now)
	c.KeepConfirmed(time.Minute)
	c.Live()
	c.Put(c.Begin(), "a", 1, 10)
	c.Confirm(clk.t)
	clk.t = clk.t.Add(1900 * time.Millisecond)
	c.Confirm(clk.t)
	clk.t = clk.t.Add(1900 * time.Millisecond) // 3.8 s old, confirmed 1.9 s ago
	if _, ok := c.Get("a"); !ok {
		t.Fatal("a confirmed answer expired at maxAge")
	}
	clk.t = clk.t.Add(200 * time.Millisecond) // no confirmation for maxAge
	if _, ok := c.Get("a"); ok {
		t.Fatal("served past maxAge without a confirmation in it")
	}
	for range 40 { // confirmed all along, up to kept
		c.Confirm(clk.t)
		clk.t = clk.t.Add(1500 * time.Millisecond)
	}
	c.Confirm(clk.t)
	if _, ok := c.Get("a"); ok {
		t.Fatal("served past kept")
	}
	c.Put(c.Begin(), "b", 2, 10)
	c.Confirm(clk.t)
	clk.t = clk.t.Add(3 * time.Second)
	c.Confirm(clk.t)
	c.Invalidate()
	if _, ok := c.Get("b"); ok {
		t.Fatal("a confirmed answer outlived a write")
	}
}

func TestCacheStaysWithinItsBytes(t *testing.T) {
	c := New(time.Minute, 25, nil)
	c.Live()
	c.Put(c.Begin(), "big", 0, 26)
	if _, ok := c.Get("big"); ok {
		t.Fatal("kept an answer larger than the whole cache")
	}
	for _, k := range []string{"a", "b", "c"} {
		c.Put(c.Begin(), k, k, 10)
	}
	if c.bytes > 25 {
		t.Fatalf("holds %d bytes, bound 25", c.bytes)
	}
	if _, ok := c.Get("c"); !ok {
		t.Fatal("the newest answer was dropped")
	}
}

func TestNilCacheKeepsNothing(t *testing.T) {
	var c *Cache
	c.Put(c.Begin(), "a", 1, 1)
	c.Invalidate()
	if _, ok := c.Get("a"); ok {
		t.Fatal("nil cache served")
	}
}

// TestReadsCountHitsAndMisses: every Get counts, a paused cache's too.
func TestReadsCountHitsAndMisses(t *testing.T) {
	c := New(time.Minute, 100, nil)
	c.Get("a") // not live
	c.Live()
	c.Get("a") // absent
	c.Put(c.Begin(), "a", 1, 10)
	c.Get("a")
	c.Get("a")
	if hits, misses := c.Hits(), c.Misses(); hits != 2 || misses != 2 {
		t.Fatalf("hits %d, misses %d; want 2 and 2", hits, misses)
	}
}
