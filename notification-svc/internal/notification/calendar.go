package notification

import (
	"time"

	"github.com/slotwise/slotwise/platform/ical"
)

// Invitation is an appointment as the .ics attachment of a mail: a REQUEST
// that adds or updates the one event of the appointment in the recipient's
// calendar (the same UID as booking-svc's feeds, SEQUENCE its version), or
// a CANCEL once it will not take place (RFC 5546). organizer is the
// sender's address, attendee the recipient's.
func Invitation(d Details, loc *time.Location, organizer, attendee string, now time.Time) (method, file string) {
	method, status := string(ical.MethodRequest), ical.StatusConfirmed
	switch {
	case d.Cancelled():
		method, status = string(ical.MethodCancel), ical.StatusCancelled
	case d.Status == StatusPending:
		status = ical.StatusTentative
	}
	cal := ical.New(ical.Method(method), loc, now)
	summary := orDefault(d.Service, "Appointment")
	if d.Business != "" {
		summary += " · " + d.Business
	}
	cal.Add(ical.Event{
		UID: ical.UID(d.AppointmentID), Sequence: int(d.Version), Modified: now,
		Start: d.StartsAt, Minutes: d.Minutes, Summary: summary, Location: d.Location,
		Description: "Status: " + orDefault(statusLabels[d.Status], d.Status), Status: status,
		Organizer: organizer, Attendee: attendee,
	})
	return method, cal.String()
}
