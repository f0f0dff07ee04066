package notification

import (
	"context"
	"log/slog"
	"time"
)

// DueSender turns the reminders due at now into notifications, claiming at
// most limit of them, each exactly once across every replica (the store
// claims them with FOR UPDATE SKIP LOCKED); it returns how many it claimed.
type DueSender interface {
	SendDue(ctx context.Context, now time.Time, limit int) (int, error)
}

// Scheduler sends due reminders. Its state is the reminders table, so a
// restart loses nothing: what fell due while it was down goes out on its
// first run.
type Scheduler struct {
	Store DueSender
	// Now is the clock due times are compared with (tests inject one).
	Now func() time.Time
	// Every is the time between runs; a reminder goes out at most this late
	// (plus the run itself).
	Every  time.Duration
	Logger *slog.Logger
}

// DefaultReminderInterval is how often the scheduler looks: well inside the
// minute a reminder may be late.
const DefaultReminderInterval = 5 * time.Second

// batch is how many reminders one transaction sends.
const batch = 100

// Run sends due reminders every s.Every until ctx ends.
func (s Scheduler) Run(ctx context.Context) error { return every(ctx, s.Every, s.RunOnce) }

// every runs once now and then every d until ctx ends.
func every(ctx context.Context, d time.Duration, once func(context.Context)) error {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		once(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// RunOnce sends everything due now, a batch at a time; a failure is logged
// and left for the next run (the claimed rows roll back).
func (s Scheduler) RunOnce(ctx context.Context) {
	for ctx.Err() == nil {
		n, err := s.Store.SendDue(ctx, s.Now(), batch)
		if err != nil {
			if ctx.Err() == nil {
				s.Logger.ErrorContext(ctx, "sending due reminders failed", "err", err)
			}
			return
		}
		if n > 0 {
			s.Logger.DebugContext(ctx, "due reminders handled", "count", n)
		}
		if n < batch {
			return
		}
	}
}
