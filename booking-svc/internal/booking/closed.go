package booking

import (
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Closure is a run of a provider's days off, From to To included
// (DateLayout, business time zone), as catalog-svc owns them
// (docs/product.md#provider-schedule).
type Closure struct {
	From, To string
	Note     string
}

// ClosedOn returns the closure covering day (midnight in the business zone).
func (svc ServiceInfo) ClosedOn(day time.Time) (Closure, bool) {
	d := day.Format(DateLayout)
	for _, c := range svc.Closures {
		if c.From <= d && d <= c.To {
			return c, true
		}
	}
	return Closure{}, false
}

// checkOpen refuses a booking or reschedule while the provider's queue is
// closed or on one of their days off: 409, naming the business.
func checkOpen(svc ServiceInfo, day time.Time) error {
	if svc.QueueClosed {
		return apperr.Conflict(QueueClosedMessage(svc.Provider))
	}
	if c, closed := svc.ClosedOn(day); closed {
		return apperr.Conflict(DayClosedMessage(svc.Provider, day, c.Note))
	}
	return nil
}

// AcceptOnClosedDayMessage refuses accepting or confirming an appointment
// on one of the provider's days off: the customer was told the day is
// closed (closed-day notices), so a confirmation would contradict it.
func AcceptOnClosedDayMessage(day time.Time, note string) string {
	msg := "You are closed on " + day.Format("Monday, 2 January")
	if note != "" {
		msg += " (" + note + ")"
	}
	return msg + ": reopen the day to confirm this appointment, or decline it"
}

// QueueClosedMessage is the refusal while a provider takes no bookings.
func QueueClosedMessage(business string) string {
	return business + " is not taking bookings right now"
}

// DayClosedMessage is the refusal of a day off, with the provider's note.
func DayClosedMessage(business string, day time.Time, note string) string {
	msg := fmt.Sprintf("%s is closed on %s", business, day.Format("Monday, 2 January"))
	if note != "" {
		msg += " (" + note + ")"
	}
	return msg + ". Please choose another day"
}
