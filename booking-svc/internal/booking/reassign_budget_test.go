package booking

import (
	"errors"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Three reassignments of one appointment an hour; the fourth waits for the
// oldest to leave the window.
func TestCheckReassignBudget(t *testing.T) {
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	if err := CheckReassignBudget([]time.Time{ago(2 * time.Hour), ago(10 * time.Minute), ago(time.Minute)}, now); err != nil {
		t.Fatalf("two inside the hour refused: %v", err)
	}
	err := CheckReassignBudget([]time.Time{ago(59*time.Minute + 30*time.Second), ago(10 * time.Minute), ago(time.Minute)}, now)
	var e *apperr.Error
	if !errors.As(err, &e) || e.Kind != apperr.KindRateLimited || e.RetryAfter != 30 ||
		e.Message != "This appointment was reassigned 3 times in the last hour: please try again in 1 minute" {
		t.Fatalf("the fourth: %#v", err)
	}
	err = CheckReassignBudget([]time.Time{ago(20 * time.Minute), ago(10 * time.Minute), ago(time.Minute)}, now)
	if !errors.As(err, &e) || e.RetryAfter != 40*60 || e.Message != "This appointment was reassigned 3 times in the last hour: please try again in 40 minutes" {
		t.Fatalf("the fourth, 20 minutes in: %#v", err)
	}
}
