package slotwatch

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/booking-svc/internal/store"
)

// These tests run the listener against a real PostgreSQL.

const wait = 10 * time.Second

// runListener starts a listener on a fresh database until the test ends.
func runListener(t *testing.T) (*Listener, *pgxpool.Pool, *syncBuffer) {
	t.Helper()
	pool := testkit.NewPool(t, "booking", store.Migrations, "migrations", 4)
	logs := &syncBuffer{}
	l := New(pool, logging.New(logs, "booking-svc", "info"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	awaitReady(t, l)
	return l, pool, logs
}

func awaitReady(t *testing.T, l *Listener) {
	t.Helper()
	select {
	case <-l.Ready():
	case <-time.After(wait):
		t.Fatal("the listener is not listening")
	}
}

func announce(t *testing.T, pool *pgxpool.Pool, payload string) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `SELECT pg_notify($1, $2)`, store.SlotsChannel, payload); err != nil {
		t.Fatal(err)
	}
}

func receive(t *testing.T, ch <-chan []string) []string {
	t.Helper()
	select {
	case ids, open := <-ch:
		if !open {
			t.Fatal("the subscriber's channel closed")
		}
		return ids
	case <-time.After(wait):
		t.Fatal("no announcement reached the subscriber")
		return nil
	}
}

func awaitClosed(t *testing.T, ch <-chan []string) {
	t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case _, open := <-ch:
			if !open {
				return
			}
		case <-timeout:
			t.Fatal("the subscriber's channel is still open")
		}
	}
}

// An announcement reaches the subscriber split into service ids; when the
// listening connection is killed the subscriber's channel closes (it may
// have missed changes), the failure is logged once, and once the listener
// listens again a new subscriber hears what follows.
func TestListenerFansOutAndRecoversFromALostConnection(t *testing.T) {
	l, pool, logs := runListener(t)
	ch, stop, err := l.Subscribe()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	announce(t, pool, "a,b")
	if got := receive(t, ch); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("received %v, want [a b]", got)
	}

	if _, err := pool.Exec(context.Background(), `SELECT pg_terminate_backend($1)`, l.pid.Load()); err != nil {
		t.Fatal(err)
	}
	awaitClosed(t, ch)
	awaitReady(t, l)
	again, stopAgain, err := l.Subscribe()
	if err != nil {
		t.Fatalf("Subscribe after listening again: %v", err)
	}
	defer stopAgain()
	announce(t, pool, "c")
	if got := receive(t, again); !slices.Equal(got, []string{"c"}) {
		t.Fatalf("received %v after listening again, want [c]", got)
	}

	lines := testkit.LogLines(t, logs.String())
	var levels []string
	for _, line := range lines {
		levels = append(levels, line["level"].(string))
	}
	if !slices.Equal(levels, []string{"WARN", "INFO"}) || lines[0]["err"] == nil {
		t.Errorf("logged %v, want one warning with the error, then one info line", lines)
	}
}

// A quiet connection is pinged and stays in use: announcements after a few
// pings still arrive, and nothing was logged.
func TestQuietListenerKeepsListening(t *testing.T) {
	pool := testkit.NewPool(t, "booking", store.Migrations, "migrations", 4)
	logs := &syncBuffer{}
	l := New(pool, logging.New(logs, "booking-svc", "info"))
	l.checkEvery = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	defer func() { cancel(); <-done }()
	awaitReady(t, l)
	ch, stop, err := l.Subscribe()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	pid := l.pid.Load()
	// Wait for several pings: count the listener's idle periods by its
	// backend's state changes, not by sleeping a guess.
	var before time.Time
	if err := pool.QueryRow(ctx, `SELECT state_change FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&before); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(wait)
	for {
		var at time.Time
		if err := pool.QueryRow(ctx, `SELECT state_change FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&at); err != nil {
			t.Fatal(err)
		}
		if at.After(before) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the quiet listener was never pinged")
		}
	}
	announce(t, pool, "d")
	if got := receive(t, ch); !slices.Equal(got, []string{"d"}) {
		t.Fatalf("received %v, want [d]", got)
	}
	if l.pid.Load() != pid {
		t.Error("the listener connected again: a ping failed")
	}
	if s := logs.String(); s != "" {
		t.Errorf("logged %s", s)
	}
}

// When Run ends, its subscribers' channels close and Subscribe refuses.
func TestListenerStopsWithItsContext(t *testing.T) {
	pool := testkit.NewPool(t, "booking", store.Migrations, "migrations", 4)
	l := New(pool, logging.New(&syncBuffer{}, "booking-svc", "info"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	awaitReady(t, l)
	ch, _, err := l.Subscribe()
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	awaitClosed(t, ch)
	if _, _, err := l.Subscribe(); err == nil {
		t.Fatal("Subscribe succeeded after Run ended")
	}
}

// syncBuffer is a log destination the listener's goroutine writes to while
// the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
