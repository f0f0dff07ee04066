package app

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestPoll(t *testing.T) {
	calls := 0
	err := Poll(context.Background(), time.Microsecond, time.Millisecond, func() (bool, error) { calls++; return calls == 3, nil })
	if err != nil || calls != 3 {
		t.Fatalf("done on the third call: %v after %d calls", err, calls)
	}
	boom := errors.New("boom")
	if err := Poll(context.Background(), time.Microsecond, time.Millisecond, func() (bool, error) { return false, boom }); err != boom {
		t.Fatalf("a failing check ends the poll: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := Poll(ctx, time.Millisecond, 5*time.Millisecond, func() (bool, error) { return false, nil }); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("never done: %v, want the context's error", err)
	}
}
