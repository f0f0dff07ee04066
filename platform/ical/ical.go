// Package ical writes appointments as iCalendar (RFC 5545) with
// github.com/arran4/golang-ical (docs/adr/0055-calendar-export.md): the
// one encoder of the repo, shared by booking-svc's calendar feeds and
// notification-svc's mail attachments. Times are wall-clock in the business
// zone (TZID with a VTIMEZONE); every TEXT value is cleaned of what could
// forge calendar content.
package ical

import (
	"fmt"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// ProductID names the writer in every calendar (PRODID).
const ProductID = "-//Slotwise//Appointments//EN"

// ContentType is what a calendar file says it is.
const ContentType = "text/calendar; charset=utf-8"

// localLayout is a DATE-TIME in a TZID (RFC 5545 3.3.5, form 3).
const localLayout = "20060102T150405"

// Method is a calendar's METHOD.
type Method = ics.Method

// Methods of a calendar (RFC 5546): a feed publishes; a mail asks the
// attendee's calendar to add or update an event, or to cancel it.
const (
	MethodPublish = ics.MethodPublish
	MethodRequest = ics.MethodRequest
	MethodCancel  = ics.MethodCancel
)

// Event statuses.
const (
	StatusConfirmed = ics.ObjectStatusConfirmed
	StatusTentative = ics.ObjectStatusTentative
	StatusCancelled = ics.ObjectStatusCancelled
)

// Event is one appointment as a calendar event. The same appointment has
// the same UID everywhere and a Sequence that grows with each change, so a
// calendar program updates the one event it has.
type Event struct {
	UID      string
	Sequence int
	Modified time.Time
	Start    time.Time
	// Minutes is the length; 0 leaves the event without an end (RFC 5545:
	// it ends where it starts).
	Minutes                        int
	Summary, Location, Description string
	Status                         ics.ObjectStatus
	// Organizer and Attendee are mail addresses, for a method other than
	// PUBLISH (RFC 5546 requires an organizer on REQUEST and CANCEL).
	Organizer, Attendee string
}

// UID is an appointment's event UID.
func UID(appointmentID string) string { return appointmentID + "@slotwise" }

// Calendar is a calendar being written.
type Calendar struct {
	cal *ics.Calendar
	loc *time.Location
	now time.Time
}

// New starts a calendar of method whose times are written in loc; now is
// the DTSTAMP of its events.
func New(method Method, loc *time.Location, now time.Time) *Calendar {
	cal := ics.NewCalendar()
	cal.SetProductId(ProductID)
	cal.SetMethod(method)
	addZone(cal, loc, now)
	return &Calendar{cal: cal, loc: loc, now: now}
}

// Name names the calendar (a feed's title in calendar programs).
func (c *Calendar) Name(name string) {
	c.cal.SetXWRCalName(Text(name))
	c.cal.SetXWRTimezone(c.loc.String())
}

// Add writes e.
func (c *Calendar) Add(e Event) {
	ev := c.cal.AddEvent(e.UID)
	ev.SetDtStampTime(c.now.UTC())
	if !e.Modified.IsZero() {
		ev.SetModifiedAt(e.Modified.UTC())
	}
	ev.SetSequence(e.Sequence)
	start := e.Start.In(c.loc)
	ev.SetProperty(ics.ComponentPropertyDtStart, start.Format(localLayout), ics.WithTZID(c.loc.String()))
	if e.Minutes > 0 {
		ev.SetProperty(ics.ComponentPropertyDtEnd, start.Add(time.Duration(e.Minutes)*time.Minute).Format(localLayout), ics.WithTZID(c.loc.String()))
	}
	ev.SetSummary(Text(e.Summary))
	if e.Location != "" {
		ev.SetLocation(Text(e.Location))
	}
	if e.Description != "" {
		ev.SetDescription(Text(e.Description))
	}
	if e.Status != "" {
		ev.SetStatus(e.Status)
	}
	if e.Organizer != "" {
		ev.SetOrganizer("mailto:" + e.Organizer)
	}
	if e.Attendee != "" {
		ev.AddAttendee("mailto:"+e.Attendee, ics.WithRSVP(false))
	}
}

// String is the calendar as a file. RFC 5545 3.1: every content line ends
// with CRLF (golang-ical's default is the platform's, LF here); it folds
// at 75 octets on a UTF-8 boundary by itself.
func (c *Calendar) String() string { return c.cal.Serialize(ics.WithNewLineWindows) }

// lineBreaks turns every kind of line break into LF, the only one
// golang-ical escapes (as \n, with backslash, semicolon and comma;
// ToText in its property.go): a bare CR left in a value ends the line
// for parsers such as vobject, so a note could forge a second event.
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// Text is s as a TEXT value may hold it: line breaks as LF, and no other
// control character (RFC 5545 3.3.11 allows none but HTAB).
func Text(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, lineBreaks.Replace(s))
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
