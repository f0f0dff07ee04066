package password

import (
	"errors"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// gatedHasher blocks every check until its gate opens.
type gatedHasher struct{ gate chan struct{} }

func (g gatedHasher) Hash(pw string) (string, error) { <-g.gate; return pw, nil }
func (g gatedHasher) Verify(pw, hash string) bool    { <-g.gate; return pw == hash }

// Over the bound a check is refused at once with 429 and Retry-After
// (issue 40): one runs, one waits its bounded time, the next is refused
// without waiting, and the waiter gives up after wait; once the slot is
// free checks run again.
func TestLimitedRefusesBeyondItsBound(t *testing.T) {
	g := gatedHasher{gate: make(chan struct{})}
	l := NewLimited(g, 1, 1, 100*time.Millisecond)

	running := make(chan error)
	go func() { _, err := l.Verify("a", "a"); running <- err }()
	for len(l.slots) == 0 { // the first holds the slot
		time.Sleep(time.Millisecond)
	}
	waiting := make(chan error)
	go func() { _, err := l.Hash("b"); waiting <- err }()
	for len(l.room) == 0 {
		time.Sleep(time.Millisecond)
	}

	start := time.Now()
	_, err := l.Verify("c", "c")
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
	if ok, err := l.Verify("d", "d"); !ok || err != nil {
		t.Fatalf("after the slot is free: %v %v", ok, err)
	}
}
