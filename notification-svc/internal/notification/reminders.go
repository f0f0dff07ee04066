package notification

import (
	"fmt"
	"time"
)

// Reminder is a customer's reminder of one appointment, kept until it is due
// (the store claims due ones; one row per appointment and kind).
type Reminder struct {
	AppointmentID string
	Kind          string
	RecipientID   string
	Text          string
	StartsAt      time.Time
	DueAt         time.Time
	// Due is false when the reminder must not go out: the appointment was
	// cancelled, is not yet accepted, or the due time had already passed
	// when it was booked or moved.
	Due bool
	// Version is the appointment's: a reminder is only replaced by a newer
	// change.
	Version int64
}

// reminderLeads are the reminders and how long before the start each is due.
var reminderLeads = []struct {
	kind  string
	lead  time.Duration
	label string
}{
	{KindReminder24h, 24 * time.Hour, "tomorrow"},
	{KindReminder1h, time.Hour, "in 1 hour"},
}

// RemindersFor is the state of an appointment's reminders after a change:
// due 24 h and 1 h before its start while it is scheduled or confirmed, moved
// with a reschedule, dropped with any other status. A reminder whose time
// had passed at the change (a booking for the next hour) is not due: it
// would arrive late.
func RemindersFor(a AppointmentChange, loc *time.Location) []Reminder {
	if a.CustomerID == "" || a.AppointmentID == "" || a.StartsAt.IsZero() {
		return nil
	}
	if a.Type == EventDayClosed {
		return nil // a closed-day notice changes nothing about the appointment
	}
	active := a.Status == StatusScheduled || a.Status == StatusConfirmed
	service := orDefault(a.ServiceName, "Your appointment")
	out := make([]Reminder, 0, len(reminderLeads))
	for _, l := range reminderLeads {
		due := a.StartsAt.Add(-l.lead)
		out = append(out, Reminder{
			AppointmentID: a.AppointmentID, Kind: l.kind, RecipientID: a.CustomerID,
			Text:     fmt.Sprintf("Reminder: %s %s, %s.", service, l.label, When(a.StartsAt, loc)),
			StartsAt: a.StartsAt, DueAt: due, Due: active && due.After(a.OccurredAt), Version: a.Version,
		})
	}
	return out
}

// Draft is the notification a due reminder becomes.
func (r Reminder) Draft() Draft {
	return Draft{RecipientID: r.RecipientID, Kind: r.Kind, Text: r.Text, AppointmentID: r.AppointmentID}
}
