package bench

import (
	"context"
	"testing"
	"time"
)

// TestBookingRoundsWaitForTheirConsequences runs the booking comparison
// briefly: each booking round ends only once its bookings' events are
// consumed and their emails sent, so the pipeline is idle when it returns,
// and that wait is counted in the system's time.
func TestBookingRoundsWaitForTheirConsequences(t *testing.T) {
	e := startEnv(t)
	ctx := context.Background()
	cs, err := e.BookingThroughput(ctx, []int{4}, 1, 300*time.Millisecond, 5000)
	if err != nil {
		t.Fatal(err)
	}
	s := cs[0].System
	if s.Ops == 0 || s.Errors != 0 {
		t.Fatalf("booking round: %d bookings, %d failed", s.Ops, s.Errors)
	}
	left, err := e.pipelineLeft(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !left.idle() {
		t.Fatalf("after the rounds: %s", left)
	}
	if s.DrainSeconds <= 0 || s.AnsweredPerSec <= s.PerSec {
		t.Fatalf("the drain is not counted: %+v", s)
	}
	t.Logf("%d bookings answered at %.0f/s, %.0f/s with the %.2f s drain", s.Ops, s.AnsweredPerSec, s.PerSec, s.DrainSeconds)
}

func TestDrainedCountsItsTimeAndCPU(t *testing.T) {
	l := Load{Ops: 100, Seconds: 1, busySec: 1.5}.finish()
	d := l.Drained(0.25, 0.5)
	if d.PerSec != 80 || d.AnsweredPerSec != 100 || d.DrainSeconds != 0.25 || d.CPUmsPerOp != 20 {
		t.Fatalf("drained: %+v", d)
	}
	m := d.Merge(Load{Ops: 100, Seconds: 1, busySec: 1}.finish())
	if m.Ops != 200 || m.Seconds != 2.25 || m.DrainSeconds != 0.25 || m.AnsweredPerSec != 100 || m.PerSec != 88.89 {
		t.Fatalf("merged: %+v", m)
	}
}
