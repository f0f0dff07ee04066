package store

import "sync"

// combiner gathers concurrent calls into batches. A call joins the queue;
// while fewer than limit runners are busy a new one starts, and each runner
// hands everything queued (at most max items) to run as one batch, again and
// again until the queue is empty. Nothing waits on a timer: a batch is what
// arrived while the previous batches were in the database, so an idle system
// runs each call alone and a busy one shares one commit among many.
type combiner[T any] struct {
	limit, max int
	run        func(batch []T)

	mu      sync.Mutex
	queue   []T
	running int
}

func newCombiner[T any](limit, maxBatch int, run func([]T)) *combiner[T] {
	return &combiner[T]{limit: max(limit, 1), max: max(maxBatch, 1), run: run}
}

// add queues item; run sees it in a later batch, on another goroutine.
func (c *combiner[T]) add(item T) {
	c.mu.Lock()
	c.queue = append(c.queue, item)
	start := c.running < c.limit
	if start {
		c.running++
	}
	c.mu.Unlock()
	if start {
		go c.drain()
	}
}

func (c *combiner[T]) drain() {
	for {
		batch := c.take()
		if batch == nil {
			return
		}
		c.run(batch)
	}
}

// take removes the next batch from the queue, or retires the runner (nil)
// when the queue is empty.
func (c *combiner[T]) take() []T {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.queue) == 0 {
		c.running--
		return nil
	}
	n := min(len(c.queue), c.max)
	batch := make([]T, n)
	copy(batch, c.queue)
	rest := copy(c.queue, c.queue[n:])
	clear(c.queue[rest:]) // drop references to the items taken
	c.queue = c.queue[:rest]
	return batch
}
