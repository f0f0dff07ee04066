package copies

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// holder records what the watcher did after each read of the mark.
type holder struct {
	steps []string // per read: "invalidated", "confirmed", both or neither
	cur   string
}

func (h *holder) Invalidate()       { h.cur += "invalidated " }
func (h *holder) Confirm(time.Time) { h.cur += "confirmed" }

// watch runs WatchWrites over marks (an error where err is set) and
// returns what the holder saw after each read.
func watch(t *testing.T, marks []WriteMark, failing map[int]bool) []string {
	steps, _ := watchLogged(t, marks, failing)
	return steps
}

// watchLogged is watch with what the watcher logged, one line per record.
func watchLogged(t *testing.T, marks []WriteMark, failing map[int]bool) ([]string, []string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := &holder{}
	i := 0
	read := func(context.Context) (WriteMark, error) {
		if i > 0 {
			h.steps = append(h.steps, h.cur)
			h.cur = ""
		}
		if i == len(marks) {
			cancel()
			return WriteMark{}, ctx.Err()
		}
		m, fail := marks[i], failing[i]
		i++
		if fail {
			return WriteMark{}, errors.New("database away")
		}
		return m, nil
	}
	var logged strings.Builder
	WatchWrites(ctx, time.Microsecond, read, h, slog.New(slog.NewTextHandler(&logged, nil)))
	return h.steps, strings.Split(strings.TrimSpace(logged.String()), "\n")
}

func TestWatchWritesEmptiesUntilTheWriteCommitted(t *testing.T) {
	got := watch(t, []WriteMark{
		{Sequence: 7},                // first read: a copy kept before may predate write 7
		{Sequence: 7},                // once more: write 7 might have been open at the first read
		{Sequence: 8, Writing: true}, // a write took a number, uncommitted
		{Sequence: 8, Writing: true}, // still open: a copy read meanwhile predates it
		{Sequence: 8},                // committed: copies read before now are stale
		{Sequence: 8},                // settled
		{Sequence: 9},                // committed between two reads
		{Sequence: 9},
	}, nil)
	want := []string{"invalidated confirmed", "invalidated confirmed", "invalidated confirmed", "invalidated confirmed",
		"invalidated confirmed", "confirmed", "invalidated confirmed", "invalidated confirmed"}
	if len(got) != len(want) {
		t.Fatalf("steps %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("read %d: %q, want %q", i, got[i], want[i])
		}
	}
}

func TestWatchWritesConfirmsNothingItCouldNotRead(t *testing.T) {
	got, logged := watchLogged(t, []WriteMark{{Sequence: 3}, {}, {}, {Sequence: 3}}, map[int]bool{1: true, 2: true})
	want := []string{"invalidated confirmed", "", "", "invalidated confirmed"}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("steps %q, want %q", got, want)
		}
	}
	// One warning for the outage, one line when it ends: not one per read.
	if len(logged) != 2 || !strings.Contains(logged[0], "level=WARN") || !strings.Contains(logged[1], "again") {
		t.Fatalf("logged %q", logged)
	}
}
