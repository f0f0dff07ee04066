package booking

import (
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A provider's reassignments of one appointment are limited: each one
// mails the customer and up to two members (issue 50 finding 10: ten in
// a row sent 32 mails; notification-svc now coalesces them too). The
// repository counts them in the reassignment's own transaction, under the
// appointment's row lock, so every replica sees the same count.
const (
	ReassignsPerWindow = 3
	ReassignWindow     = time.Hour
)

// CheckReassignBudget refuses a reassignment at now when the appointment's
// earlier ones inside the window (oldest first) have spent the budget:
// 429 with the time until the oldest leaves it.
func CheckReassignBudget(earlier []time.Time, now time.Time) error {
	wait, spent := budgetWait(earlier, now, ReassignsPerWindow, ReassignWindow)
	if !spent {
		return nil
	}
	secs := max(int((wait+time.Second-1)/time.Second), 1)
	mins := (secs + 59) / 60
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
		Message: fmt.Sprintf("This appointment was reassigned %d times in the last hour: please try again in %d %s",
			ReassignsPerWindow, mins, unit)}
}

// budgetWait is how long until one more action fits a budget of per
// actions a window, given the earlier ones (oldest first); spent is false
// when one fits now.
func budgetWait(earlier []time.Time, now time.Time, per int, window time.Duration) (wait time.Duration, spent bool) {
	var inside []time.Time
	for _, at := range earlier {
		if now.Sub(at) < window {
			inside = append(inside, at)
		}
	}
	if len(inside) < per {
		return 0, false
	}
	return inside[len(inside)-per].Add(window).Sub(now), true
}
