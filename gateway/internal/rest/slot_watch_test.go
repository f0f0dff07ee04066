package rest

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestWatchGapsAreWarnedOnceAndNotAtStartUp: booking-svc starting beside
// the gateway is no gap worth a warning; past watchGrace without a watch,
// or once a watch had been in place, a gap is warned about once.
func TestWatchGapsAreWarnedOnceAndNotAtStartUp(t *testing.T) {
	var out bytes.Buffer
	log := slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelInfo}))
	warnings := func() int { return strings.Count(out.String(), "level=WARN") }
	ctx := context.Background()
	unavailable := errors.New("booking-svc is not listening for slot changes right now")
	pages := NewPages(time.Minute, 1<<20, 1<<20, nil)

	pages.watchSince = time.Now()
	pages.watchFailed(ctx, unavailable, log)
	if warnings() != 0 {
		t.Fatalf("warned at start-up:\n%s", out.String())
	}
	pages.watchSince = time.Now().Add(-watchGrace)
	pages.watchFailed(ctx, unavailable, log)
	pages.watchFailed(ctx, unavailable, log)
	if warnings() != 1 {
		t.Fatalf("%d warnings past the grace, want 1:\n%s", warnings(), out.String())
	}

	pages.watchInPlace(log)
	pages.watchEnded(ctx, log)
	pages.watchSince = time.Now() // within the grace, but a watch has been in place
	pages.watchFailed(ctx, unavailable, log)
	if warnings() != 2 {
		t.Fatalf("%d warnings after a watch ended, want 2 (one per gap):\n%s", warnings(), out.String())
	}
}
