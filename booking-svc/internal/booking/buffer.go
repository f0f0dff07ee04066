package booking

import (
	"errors"
	"fmt"
	"time"
)

// A service's buffer keeps its appointments apart: a booking or a move
// whose time range, widened by the buffer on both sides, overlaps another
// active appointment of the service is refused, and availability and
// next-available leave such slots out. Two appointments of one service
// last as long as each other, so that is: their starts are less than
// Spacing apart. Without a buffer only the same slot clashes (the
// provider's listed slots may overlap, as they always could).

// ErrTooClose is a start within Spacing of another active appointment of
// the service (the store checks it under a lock per service).
var ErrTooClose = errors.New("too close to another appointment")

// Spacing is how far apart two starts of svc must be: its length and its
// buffer; 0 when it keeps no buffer.
func Spacing(svc ServiceInfo) time.Duration {
	if svc.Buffer <= 0 {
		return 0
	}
	return time.Duration(svc.Duration)*time.Minute + svc.Buffer
}

// TooClose reports whether at is less than spacing from a start in booked
// other than at itself (the same slot is the slot rule's: ErrSlotTaken).
func TooClose(at time.Time, booked []time.Time, spacing time.Duration) bool {
	if spacing <= 0 {
		return false
	}
	for _, b := range booked {
		if d := at.Sub(b).Abs(); d > 0 && d < spacing {
			return true
		}
	}
	return false
}

// BufferMessage refuses a time too close to another booking: "Smile Clinic
// keeps 15 minutes between appointments, and this time is too close to
// another booking. Please choose another time."
func BufferMessage(business string, buffer time.Duration) string {
	if business == "" {
		business = "The provider"
	}
	return fmt.Sprintf("%s keeps %s between appointments, and this time is too close to another booking. Please choose another time.",
		business, humanDuration(buffer))
}
