// Package ical writes a calendar feed of appointments with the repo's one
// iCalendar encoder (platform/ical): one event per appointment, a
// cancelled or rejected one as STATUS:CANCELLED.
package ical

import (
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	icalendar "github.com/slotwise/slotwise/platform/ical"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// ContentType is what an answer of Write says it is.
const ContentType = icalendar.ContentType

// Write renders list as one calendar named name, for role's point of view
// (a customer's event names the business, a provider's the customer).
// durations holds each service's minutes where known; without one the
// event has no end (RFC 5545: it ends where it starts).
func Write(name string, list []booking.Appointment, role string, loc *time.Location, durations map[string]int, now time.Time) string {
	cal := icalendar.New(icalendar.MethodPublish, loc, now)
	cal.Name(name)
	for _, a := range list {
		cal.Add(icalendar.Event{
			UID: icalendar.UID(a.ID), Sequence: int(a.Version), Modified: a.UpdatedAt,
			Start: a.StartsAt, Minutes: durations[a.ServiceID],
			Summary: summary(a, role), Location: a.Location, Description: description(a), Status: status(a.Status),
		})
	}
	return cal.String()
}

func summary(a booking.Appointment, role string) string {
	other := a.Provider
	if role == "provider" {
		other = a.CustomerName
		if other == "" {
			other = a.CustomerEmail
		}
	}
	if other == "" {
		return a.ServiceName
	}
	return a.ServiceName + " · " + other
}

func description(a booking.Appointment) string {
	lines := []string{"Status: " + a.Status}
	if a.Notes != "" {
		lines = append(lines, "Notes: "+a.Notes)
	}
	if a.CustomerPhone != "" {
		lines = append(lines, "Phone: "+a.CustomerPhone)
	}
	return strings.Join(lines, "\n")
}

// status maps the appointment's status onto an event's: a request not yet
// answered is tentative, one that will not take place is cancelled.
func status(s string) ics.ObjectStatus {
	switch s {
	case booking.StatusCancelled, booking.StatusRejected:
		return icalendar.StatusCancelled
	case booking.StatusPending:
		return icalendar.StatusTentative
	}
	return icalendar.StatusConfirmed
}
