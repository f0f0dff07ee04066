package pagecache

import (
	"testing"
	"time"
)

// TestDropForgetsOneKey: Drop removes that key's answer and refuses an
// answer for it read across the drop, and leaves every other key alone.
func TestDropForgetsOneKey(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	c := New(time.Minute, 1000, clk.now)
	c.Live()
	c.Put(c.Begin(), "a", 1, 10)
	c.Put(c.Begin(), "b", 2, 10)

	readA, readB := c.Begin(), c.Begin()
	c.Drop("a")
	if _, ok := c.Get("a"); ok {
		t.Fatal("served a dropped answer")
	}
	if v, ok := c.Get("b"); !ok || v != 2 {
		t.Fatalf("another key: Get = %v, %v", v, ok)
	}
	c.Put(readA, "a", 11, 10)
	if _, ok := c.Get("a"); ok {
		t.Fatal("kept an answer read across the drop of its key")
	}
	c.Put(readB, "b", 22, 10)
	if v, _ := c.Get("b"); v != 22 {
		t.Fatalf("a read across another key's drop was refused: b = %v", v)
	}
	c.Put(c.Begin(), "a", 111, 10)
	if v, _ := c.Get("a"); v != 111 {
		t.Fatalf("a read begun after the drop was refused: a = %v", v)
	}
	if c.bytes != 20 {
		t.Fatalf("bytes = %d, want 20 (two answers of 10)", c.bytes)
	}
}

// TestDropsAreForgottenOnlyWhenHarmless: old drops are swept out, but a
// read begun before a swept drop is refused by its age, never kept.
func TestDropsAreForgottenOnlyWhenHarmless(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	c := New(time.Minute, 1<<20, clk.now)
	c.Live()
	old := c.Begin()
	c.Drop("k")
	clk.t = clk.t.Add(time.Minute)
	for i := range minPruneDrops {
		c.Drop(i)
	}
	if _, ok := c.drops["k"]; ok {
		t.Fatal("a drop older than any served answer was kept")
	}
	if len(c.drops) != minPruneDrops {
		t.Fatalf("%d drops kept, want the %d recent ones", len(c.drops), minPruneDrops)
	}
	c.Put(old, "k", 1, 10)
	if _, ok := c.Get("k"); ok {
		t.Fatal("kept an answer read before a drop that was swept out")
	}
}

// TestPutUntilEndsTheAnswer: an answer that stops being true at until is
// not served from then on.
func TestPutUntilEndsTheAnswer(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	c := New(time.Minute, 100, clk.now)
	c.Live()
	c.PutUntil(c.Begin(), "a", 1, 10, clk.t.Add(5*time.Second))
	clk.t = clk.t.Add(4 * time.Second)
	if _, ok := c.Get("a"); !ok {
		t.Fatal("not served before until")
	}
	clk.t = clk.t.Add(time.Second)
	if _, ok := c.Get("a"); ok {
		t.Fatal("served at until")
	}
}

// TestPauseServesNothingUntilLive: a paused cache serves nothing and
// forgets what it held; once Live again it keeps new answers.
func TestPauseServesNothingUntilLive(t *testing.T) {
	c := New(time.Minute, 100, nil)
	c.Live()
	c.Put(c.Begin(), "a", 1, 10)
	c.Pause()
	if _, ok := c.Get("a"); ok {
		t.Fatal("served while paused")
	}
	during := c.Begin()
	c.Invalidate()
	c.Live()
	if _, ok := c.Get("a"); ok {
		t.Fatal("an answer from before the pause came back")
	}
	c.Put(during, "b", 2, 10)
	if _, ok := c.Get("b"); ok {
		t.Fatal("kept an answer read during the pause")
	}
	c.Put(c.Begin(), "c", 3, 10)
	if _, ok := c.Get("c"); !ok {
		t.Fatal("not kept after Live")
	}
}

// TestDropForgetsDependents: an answer put with deps goes with a Drop of
// any of them, is refused when one was dropped while it was read, and
// other answers stay; replacing an answer forgets its old deps.
func TestDropForgetsDependents(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	c := New(time.Minute, 1000, clk.now)
	c.Live()
	c.PutUntil(c.Begin(), "page1", 1, 10, time.Time{}, "s1", "s2")
	c.PutUntil(c.Begin(), "page2", 2, 10, time.Time{}, "s2", "s3")
	c.PutUntil(c.Begin(), "page3", 3, 10, time.Time{}, "s3")

	c.Drop("s2")
	for _, key := range []string{"page1", "page2"} {
		if _, ok := c.Get(key); ok {
			t.Fatalf("%s outlived the drop of a service it shows", key)
		}
	}
	if v, ok := c.Get("page3"); !ok || v != 3 {
		t.Fatalf("a page without the dropped service: %v, %v", v, ok)
	}
	if c.bytes != 10 {
		t.Fatalf("bytes = %d, want 10 (page3 only)", c.bytes)
	}

	read := c.Begin()
	c.Drop("s1")
	c.PutUntil(read, "page1", 11, 10, time.Time{}, "s1", "s2")
	if _, ok := c.Get("page1"); ok {
		t.Fatal("kept a page read across the drop of a service it shows")
	}

	// page3 now shows s4 instead of s3: a drop of s3 leaves it.
	c.PutUntil(c.Begin(), "page3", 33, 10, time.Time{}, "s4")
	c.Drop("s3")
	if v, ok := c.Get("page3"); !ok || v != 33 {
		t.Fatalf("a drop of a service the page no longer shows took it: %v, %v", v, ok)
	}
	if _, ok := c.dependents["s3"]; ok {
		t.Fatal("the replaced answer's old deps are still linked")
	}
	c.Drop("s4")
	if _, ok := c.Get("page3"); ok || len(c.dependents) != 0 || c.bytes != 0 {
		t.Fatalf("after the last drop: served %v, %d deps linked, %d bytes", ok, len(c.dependents), c.bytes)
	}
}
