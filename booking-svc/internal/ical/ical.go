// Package ical writes appointments as iCalendar (RFC 5545) with
// github.com/arran4/golang-ical (docs/adr/0055-calendar-export.md):
// one event per appointment, its times wall-clock in the business zone
// (TZID with a VTIMEZONE), a cancelled or rejected one as STATUS:CANCELLED.
package ical

import (
	"fmt"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// ProductID names the writer in every calendar (PRODID).
const ProductID = "-//Slotwise//Appointments//EN"

// ContentType is what an answer of Write says it is.
const ContentType = "text/calendar; charset=utf-8"

// localLayout is a DATE-TIME in a TZID (RFC 5545 3.3.5, form 3).
const localLayout = "20060102T150405"

// Write renders list as one calendar named name, for role's point of view
// (a customer's event names the business, a provider's the customer).
// durations holds each service's minutes where known; without one the
// event has no end (RFC 5545: it ends where it starts).
func Write(name string, list []booking.Appointment, role string, loc *time.Location, durations map[string]int, now time.Time) string {
	cal := ics.NewCalendar()
	cal.SetProductId(ProductID)
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName(text(name))
	cal.SetXWRTimezone(loc.String())
	addZone(cal, loc, now)
	for _, a := range list {
		ev := cal.AddEvent(a.ID + "@slotwise")
		ev.SetDtStampTime(now.UTC())
		ev.SetModifiedAt(a.UpdatedAt.UTC())
		ev.SetSequence(int(a.Version))
		start := a.StartsAt.In(loc)
		ev.SetProperty(ics.ComponentPropertyDtStart, start.Format(localLayout), ics.WithTZID(loc.String()))
		if d := durations[a.ServiceID]; d > 0 {
			ev.SetProperty(ics.ComponentPropertyDtEnd, start.Add(time.Duration(d)*time.Minute).Format(localLayout), ics.WithTZID(loc.String()))
		}
		ev.SetSummary(text(summary(a, role)))
		if a.Location != "" {
			ev.SetLocation(text(a.Location))
		}
		ev.SetDescription(text(description(a)))
		ev.SetStatus(status(a.Status))
	}
	// RFC 5545 3.1: every content line ends with CRLF (golang-ical's
	// default is the platform's, LF here); it folds at 75 octets on a
	// UTF-8 boundary by itself.
	return cal.Serialize(ics.WithNewLineWindows)
}

// lineBreaks turns every kind of line break into LF, the only one
// golang-ical escapes (as \n, with backslash, semicolon and comma;
// ToText in its property.go): a bare CR left in a value ends the line
// for parsers such as vobject, so a note could forge a second event.
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// text is s as a TEXT value may hold it: line breaks as LF, and no other
// control character (RFC 5545 3.3.11 allows none but HTAB).
func text(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, lineBreaks.Replace(s))
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
		return ics.ObjectStatusCancelled
	case booking.StatusPending:
		return ics.ObjectStatusTentative
	}
	return ics.ObjectStatusConfirmed
}

// addZone describes loc with its offset now, as one STANDARD observance:
// exact for the business zones of a fixed offset (Asia/Kolkata has had no
// daylight saving since 1945); calendar programs also know the TZID.
func addZone(cal *ics.Calendar, loc *time.Location, now time.Time) {
	tz := cal.AddTimezone(loc.String())
	std := tz.AddStandard()
	abbr, off := now.In(loc).Zone()
	offset := offsetString(off)
	std.AddProperty(ics.ComponentPropertyDtStart, "19700101T000000")
	std.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), offset)
	std.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), offset)
	std.AddProperty(ics.ComponentProperty(ics.PropertyTzname), abbr)
}

func offsetString(seconds int) string {
	sign := "+"
	if seconds < 0 {
		sign, seconds = "-", -seconds
	}
	return fmt.Sprintf("%s%02d%02d", sign, seconds/3600, seconds%3600/60)
}
