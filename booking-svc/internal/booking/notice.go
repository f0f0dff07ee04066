package booking

import (
	"fmt"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// earliest is the first instant a slot may start to be booked at now: a
// free slot must start after it (issue 39: "book at least 2 hours ahead").
func earliest(now time.Time, notice time.Duration) time.Time {
	return now.Add(notice)
}

// checkNotice refuses a start within the service's minimum notice, saying
// how far ahead the business takes bookings.
func checkNotice(svc ServiceInfo, start, now time.Time) error {
	if svc.MinNotice <= 0 || start.After(earliest(now, svc.MinNotice)) {
		return nil
	}
	return apperr.Invalid(MinNoticeMessage(svc.Provider, svc.MinNotice))
}

// MinNoticeMessage is the refusal of a slot within the minimum notice:
// "Smile Clinic takes bookings at least 2 hours ahead: please choose a
// later time".
func MinNoticeMessage(business string, notice time.Duration) string {
	return fmt.Sprintf("%s takes bookings at least %s ahead: please choose a later time", business, humanDuration(notice))
}

// humanDuration says d in days, hours and minutes ("1 day 2 hours",
// "30 minutes").
func humanDuration(d time.Duration) string {
	mins := int(d / time.Minute)
	var parts []string
	for _, u := range []struct {
		name string
		size int
	}{{"day", 24 * 60}, {"hour", 60}, {"minute", 1}} {
		if n := mins / u.size; n > 0 {
			mins -= n * u.size
			unit := u.name
			if n > 1 {
				unit += "s"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, unit))
		}
	}
	return strings.Join(parts, " ")
}
