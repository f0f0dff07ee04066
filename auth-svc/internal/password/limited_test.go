package password

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// gatedHasher blocks every check until its gate opens.
type gatedHasher struct{ gate chan struct{} }

func (g gatedHasher) Hash(pw string) (string, error) { <-g.gate; return pw, nil }
func (g gatedHasher) Verify(pw, hash string) bool    { <-g.gate; return pw == hash }

func who(client, account string) auth.Who { return auth.Who{Client: client, Account: account} }

// Over the bound a check is refused at once with 429 and Retry-After
// (issue 40): one runs, one waits its bounded time, the next is refused
// without waiting, and the waiter gives up after wait; once the slot is
// free checks run again.
func TestLimitedRefusesBeyondItsBound(t *testing.T) {
	g := gatedHasher{gate: make(chan struct{})}
	l := NewLimited(g, 1, 1, 2, 100*time.Millisecond)
	ctx := context.Background()

	running := make(chan error)
	go func() { _, err := l.Verify(ctx, who("10.0.0.1", "a"), "a", "a"); running <- err }()
	for len(l.slots) == 0 { // the first holds the slot
		time.Sleep(time.Millisecond)
	}
	waiting := make(chan error)
	go func() { _, err := l.Hash(ctx, who("10.0.0.2", "b"), "b"); waiting <- err }()
	for len(l.room) == 0 {
		time.Sleep(time.Millisecond)
	}

	start := time.Now()
	_, err := l.Verify(ctx, who("10.0.0.3", "c"), "c", "c")
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited || ae.RetryAfter < 1 {
		t.Fatalf("third check: %v, want 429 with Retry-After", err)
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Fatalf("refusal took %v: it must not queue", d)
	}
	if err := <-waiting; !errors.Is(err, ErrBusy) {
		t.Fatalf("waiter: %v, want ErrBusy after its wait", err)
	}
	close(g.gate)
	if err := <-running; err != nil {
		t.Fatal(err)
	}
	if ok, err := l.Verify(ctx, who("10.0.0.4", "d"), "d", "d"); !ok || err != nil {
		t.Fatalf("after the slot is free: %v %v", ok, err)
	}
	if n := len(l.lines); n != 0 {
		t.Fatalf("%d lines kept after every check ended", n)
	}
}

// A client or an account has one hash in flight: its second caller waits
// behind it (not in the room everyone shares), its callers beyond perKey
// are refused at once, and a caller of another client waiting for the
// slot gets it before the first client's next.
func TestLimitedOneHashInFlightPerClientAndAccount(t *testing.T) {
	for _, c := range []struct {
		name                 string
		first, second, third auth.Who
	}{
		{"one client, three accounts", who("10.0.0.1", "a"), who("10.0.0.1", "b"), who("10.0.0.1", "c")},
		{"one account, three clients", who("10.0.0.1", "a"), who("10.0.0.2", "a"), who("10.0.0.3", "a")},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := gatedHasher{gate: make(chan struct{})}
			l := NewLimited(g, 1, 4, 1, time.Minute)
			ctx := context.Background()
			order := make(chan string, 3)
			check := func(w auth.Who, name string) chan error {
				done := make(chan error, 1)
				go func() {
					_, err := l.Verify(ctx, w, "x", "x")
					order <- name
					done <- err
				}()
				return done
			}
			first := check(c.first, "first")
			for len(l.slots) == 0 {
				time.Sleep(time.Millisecond)
			}
			second := check(c.second, "second")
			for l.callers(c.second) < 2 { // behind the first, in its line
				time.Sleep(time.Millisecond)
			}
			if n := len(l.room); n != 0 {
				t.Fatalf("the same client's second check took %d places in the shared room", n)
			}
			if _, err := l.Verify(ctx, c.third, "x", "x"); !errors.Is(err, ErrBusy) {
				t.Fatalf("a third check of one key: %v, want ErrBusy at once", err)
			}
			other := check(who("10.9.9.9", "z"), "other")
			for len(l.room) == 0 {
				time.Sleep(time.Millisecond)
			}
			g.gate <- struct{}{} // the first ends
			g.gate <- struct{}{} // the next in the slot ends
			g.gate <- struct{}{}
			for _, done := range []chan error{first, second, other} {
				if err := <-done; err != nil {
					t.Fatal(err)
				}
			}
			if got := []string{<-order, <-order, <-order}; got[1] != "other" {
				t.Fatalf("order %v: the other client waited behind the first client's second check", got)
			}
		})
	}
}

// callers is how many callers hold or wait for w's busiest line.
func (l *Limited) callers(w auth.Who) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, k := range keys(w) {
		if ln := l.lines[k]; ln != nil {
			n = max(n, ln.callers)
		}
	}
	return n
}

// sleepHasher takes d for every check, as Argon2id takes ~26 ms.
type sleepHasher struct{ d time.Duration }

func (h sleepHasher) Hash(pw string) (string, error) { time.Sleep(h.d); return pw, nil }
func (h sleepHasher) Verify(pw, hash string) bool    { time.Sleep(h.d); return pw == hash }

// TestOneClientsLoadIsItsOwn (issue 50, finding 11): one client sending
// checks from eight connections as fast as they are answered (20 email
// changes a second from one account and address made 8 of 30 of another
// user's logins 429) leaves another client's 30 logins all answered; the
// flood is refused instead.
func TestOneClientsLoadIsItsOwn(t *testing.T) {
	l := NewLimited(sleepHasher{5 * time.Millisecond}, 1, 4, 2, 250*time.Millisecond)
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var flooded, refused atomic.Int64
	for range 8 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				_, err := l.Verify(ctx, who("203.0.113.7", "attacker"), "x", "x")
				flooded.Add(1)
				if err != nil {
					refused.Add(1)
					time.Sleep(time.Millisecond)
				}
			}
		})
	}
	for flooded.Load() < 20 {
		time.Sleep(time.Millisecond)
	}
	failed := 0
	for i := range 30 {
		if _, err := l.Verify(ctx, who("198.51.100.1", fmt.Sprintf("user%d", i)), "x", "x"); err != nil {
			failed++
		}
	}
	close(stop)
	wg.Wait()
	if failed > 0 {
		t.Fatalf("%d of 30 logins of another client were refused while one client flooded", failed)
	}
	if refused.Load() == 0 {
		t.Fatalf("the flood of %d checks was never refused", flooded.Load())
	}
	t.Logf("flood: %d checks, %d refused; the other client's 30 all answered", flooded.Load(), refused.Load())
}
