package notification

import (
	"fmt"
	"slices"
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

// Kinds of notification: the "type" a client sees.
const (
	// The provider's.
	KindNewBooking          = "new_booking"
	KindCustomerCancelled   = "customer_cancelled"
	KindCustomerRescheduled = "customer_rescheduled"
	KindNewReview           = "new_review"
	// The customer's.
	KindBookingReceived   = "booking_received"
	KindYouRescheduled    = "booking_rescheduled"
	KindYouCancelled      = "booking_cancelled"
	KindAccepted          = "booking_accepted"
	KindConfirmed         = "booking_confirmed"
	KindRejected          = "booking_rejected"
	KindDeclined          = "booking_declined"
	KindProviderCancelled = "provider_cancelled"
	// The closing of an account cancels its appointments: the other side
	// is told, without the closing person's name (docs/product.md "Your
	// data"), and the notice outlives their erasure.
	KindProviderClosed = "provider_closed"
	KindCustomerClosed = "customer_closed"
	KindCompleted      = "appointment_completed"
	KindDayClosed      = "day_closed"
	KindReassigned     = "booking_reassigned"
	// KindMemberLeft tells the provider that a removed member's upcoming
	// appointment is now the owner's (booking-svc/internal/booking/handback.go).
	KindMemberLeft  = "member_left"
	KindReminder24h = "reminder_24h"
	KindReminder1h  = "reminder_1h"
	// A review's author and its reporters (docs/product.md "Replies and reports").
	KindReviewReply  = "review_reply"
	KindReviewHidden = "review_hidden"
	KindReviewKept   = "review_kept"
)

// MailOnlyKinds are mailed but not listed: the customer's own booking,
// move and cancellation, confirmed to them by mail with the calendar file
// that keeps their calendar right (nobody is told in the app of what they
// just did).
var MailOnlyKinds = []string{KindBookingReceived, KindYouRescheduled, KindYouCancelled,
	KindMemberBooked, KindMemberRescheduled, KindMemberCancelled, KindMemberAssigned, KindMemberReleased, KindMemberDayClosed}

// MailOnly reports whether notifications of kind are mailed but not listed.
func MailOnly(kind string) bool { return slices.Contains(MailOnlyKinds, kind) }

// Appointment statuses and event types of booking.appointments.v1 that
// notifications depend on (booking-svc owns the state machine).
const (
	StatusPending   = "pending"
	StatusScheduled = "scheduled"
	StatusConfirmed = "confirmed"
	StatusCompleted = "completed"
	StatusCancelled = "cancelled"
	StatusRejected  = "rejected"

	EventCreated       = "created"
	EventStatusChanged = "status_changed"
	EventRescheduled   = "rescheduled"
	// EventDayClosed: the provider closed the day an appointment falls on
	// (the appointment itself did not change).
	EventDayClosed = "day_closed"
	// EventReassigned: the provider gave the appointment to another
	// member of their team.
	EventReassigned = "reassigned"

	// ActorSystem is the actorRole of a change booking-svc made on its own
	// (a removed member's appointment handed back to the owner, say).
	ActorSystem = "system"
)

// AppointmentChange is one event of booking.appointments.v1: the
// appointment's state after a change and who made it.
type AppointmentChange struct {
	EventID       string
	Type          string
	AppointmentID string
	ServiceName   string
	CustomerID    string
	CustomerName  string
	CustomerEmail string
	ProviderID    string
	// Provider is the business's name; ClosureNote the provider's note on
	// a closed day (EventDayClosed).
	Provider       string
	ClosureNote    string
	Status         string
	PreviousStatus string
	// ActorRole is identity.RoleCustomer or RoleProvider; empty in events
	// written before booking-svc named the actor.
	ActorRole string
	// Price (rupees), Location (the business's address) and Duration
	// (minutes; 0 on events other than created and rescheduled) are for
	// the mails' details.
	Price    float64
	Location string
	Duration int
	// Reason is what the actor said declining or cancelling (may be empty).
	Reason string
	// AccountClosed: booking-svc cancelled it as the actor's account is
	// closing; only the other side is told.
	AccountClosed bool
	// Declined: the provider cancelled it while it awaited their answer
	// (a request, or one the customer moved before they answered).
	Declined bool
	// StaffName is the team member the appointment is with; ClosedBy the
	// member whose own day off made an EventDayClosed notice ("": the
	// business closed the day).
	StaffName string
	ClosedBy  string
	// StaffID and StaffEmail are the member's own id and address (may be
	// empty); the Previous ones the member a reassignment or a reschedule
	// took the appointment from (empty: it stayed with them). Members with
	// an address are mailed (members.go).
	StaffID, StaffEmail                                    string
	PreviousStaffID, PreviousStaffName, PreviousStaffEmail string
	StartsAt                                               time.Time
	OccurredAt                                             time.Time
	Version                                                int64
}

// ReviewCreated is one event of review.reviews.v1.
type ReviewCreated struct {
	EventID string
	// Type is "created" (or empty, in events from before it was set),
	// "replied", "hidden" or "kept".
	Type          string
	AppointmentID string
	ServiceName   string
	ProviderID    string
	Rating        int32
	// CustomerID is the review's author; BusinessName signs a reply;
	// ReporterIDs are those whose reports a decision closed.
	CustomerID   string
	BusinessName string
	ReporterIDs  []string
}

// ForAppointment is who is told what about a change: at most one draft per
// recipient, the customer's and provider's, then the team members'.
// loc is the business time zone the start is written in.
func ForAppointment(a AppointmentChange, loc *time.Location) []Draft {
	return append(forPeople(a, loc), forMembers(a, loc)...)
}

// forPeople is what the customer and the provider (the accounts) are told.
func forPeople(a AppointmentChange, loc *time.Location) []Draft {
	when := When(a.StartsAt, loc)
	service := orDefault(a.ServiceName, "your appointment")
	customer := orDefault(a.CustomerName, "A customer")
	toProvider := func(kind, text string) []Draft {
		if a.ProviderID == "" {
			return nil
		}
		return []Draft{{RecipientID: a.ProviderID, Kind: kind, Text: text, AppointmentID: a.AppointmentID}}
	}
	toCustomer := func(kind, text string) []Draft {
		if a.CustomerID == "" {
			return nil
		}
		return []Draft{{RecipientID: a.CustomerID, Kind: kind, Text: text, AppointmentID: a.AppointmentID}}
	}
	switch a.Type {
	case EventCreated:
		return append(toProvider(KindNewBooking, fmt.Sprintf("New booking request from %s: %s on %s.", customer, service, when)),
			toCustomer(KindBookingReceived, fmt.Sprintf("Your booking request for %s on %s was sent to %s. We will mail you when they answer.",
				service, when, orDefault(a.Provider, "the provider")))...)
	case EventRescheduled:
		return append(toProvider(KindCustomerRescheduled, fmt.Sprintf("%s rescheduled %s to %s.", customer, service, when)),
			toCustomer(KindYouRescheduled, fmt.Sprintf("Your appointment for %s is now on %s.", service, when))...)
	case EventDayClosed:
		return toCustomer(KindDayClosed, DayClosedText(a, loc))
	case EventReassigned:
		told := toCustomer(KindReassigned, fmt.Sprintf("Your appointment for %s on %s will now be with %s.",
			service, when, orDefault(a.StaffName, "another member of the team")))
		if a.ActorRole == ActorSystem && a.PreviousStaffName != "" {
			// A removed member's appointment handed back to the owner: the
			// provider did not choose it, so they are told to reassign it.
			told = append(toProvider(KindMemberLeft, fmt.Sprintf("%s left your team, so %s's appointment for %s on %s is yours now: reassign it if someone else should take it.",
				a.PreviousStaffName, customer, service, when)), told...)
		}
		return told
	case EventStatusChanged:
	default:
		return nil
	}
	if a.Status == StatusCancelled && a.AccountClosed {
		switch a.ActorRole {
		case identity.RoleCustomer:
			return toProvider(KindCustomerClosed, withReason(fmt.Sprintf("A booking of %s on %s was cancelled.", service, when), a.Reason))
		case identity.RoleProvider:
			return toCustomer(KindProviderClosed, withReason(fmt.Sprintf("Your appointment for %s on %s was cancelled.", service, when), a.Reason))
		}
		return nil
	}
	if a.Status == StatusCancelled {
		switch a.ActorRole {
		case identity.RoleCustomer:
			return append(toProvider(KindCustomerCancelled, withReason(fmt.Sprintf("%s cancelled %s on %s.", customer, service, when), a.Reason)),
				toCustomer(KindYouCancelled, fmt.Sprintf("You cancelled your appointment for %s on %s.", service, when))...)
		case identity.RoleProvider:
			if a.Declined || a.PreviousStatus == StatusPending {
				return toCustomer(KindDeclined, withReason(fmt.Sprintf("Your booking request for %s on %s was declined.", service, when), a.Reason))
			}
			return toCustomer(KindProviderCancelled, withReason(fmt.Sprintf("Your appointment for %s on %s was cancelled by the provider.", service, when), a.Reason))
		}
		return nil // who cancelled is unknown (an event older than actorRole): no side is told wrongly
	}
	if a.ActorRole == identity.RoleCustomer {
		return nil // a customer changes a status only by cancelling
	}
	switch a.Status {
	case StatusScheduled:
		return toCustomer(KindAccepted, fmt.Sprintf("Your booking for %s on %s was accepted.", service, when))
	case StatusConfirmed:
		return toCustomer(KindConfirmed, fmt.Sprintf("Your appointment for %s on %s is confirmed.", service, when))
	case StatusRejected:
		return toCustomer(KindRejected, withReason(fmt.Sprintf("Your booking for %s on %s was rejected.", service, when), a.Reason))
	case StatusCompleted:
		return toCustomer(KindCompleted, fmt.Sprintf("Your appointment for %s is completed. How was it? Leave a review.", service))
	}
	return nil
}

// DayClosedText tells a customer their appointment's day was closed and
// what to do: "Smile Clinic is closed on Tuesday, 1 December (Diwali). Your
// appointment for Haircut on Tue 1 Dec, 9:00 AM needs a new time: please
// reschedule or cancel it."
func DayClosedText(a AppointmentChange, loc *time.Location) string {
	closed := fmt.Sprintf("%s is closed on %s", orDefault(a.Provider, "The provider"), a.StartsAt.In(loc).Format("Monday, 2 January"))
	if a.ClosedBy != "" {
		closed = fmt.Sprintf("%s is off on %s", a.ClosedBy, a.StartsAt.In(loc).Format("Monday, 2 January"))
	}
	if a.ClosureNote != "" {
		closed += " (" + a.ClosureNote + ")"
	}
	return fmt.Sprintf("%s. Your appointment for %s on %s needs a new time: please reschedule or cancel it.",
		closed, orDefault(a.ServiceName, "your service"), When(a.StartsAt, loc))
}

// ForReview is who is told what about a review: the provider of a new
// one; its author of a reply; its author and reporters of an operator's
// decision on reports.
func ForReview(r ReviewCreated) []Draft {
	service := orDefault(r.ServiceName, "your service")
	switch r.Type {
	case "", EventCreated:
		if r.ProviderID == "" {
			return nil
		}
		return []Draft{{RecipientID: r.ProviderID, Kind: KindNewReview, AppointmentID: r.AppointmentID,
			Text: fmt.Sprintf("New %d★ review of %s.", r.Rating, service)}}
	case ReviewReplied:
		if r.CustomerID == "" {
			return nil
		}
		return []Draft{{RecipientID: r.CustomerID, Kind: KindReviewReply,
			Text: fmt.Sprintf("%s replied to your review of %s.", orDefault(r.BusinessName, "The business"), service)}}
	case ReviewHidden:
		return decisionDrafts(r, KindReviewHidden,
			fmt.Sprintf("Your review of %s was reported and an operator hid it: it broke the review rules.", service),
			fmt.Sprintf("Thank you for your report: the review of %s is now hidden.", service))
	case ReviewKept:
		return decisionDrafts(r, KindReviewKept,
			fmt.Sprintf("Your review of %s was reported; an operator checked it and it stays up.", service),
			fmt.Sprintf("An operator checked the review of %s you reported: it follows the review rules and stays up.", service))
	}
	return nil
}

// Event types of review.reviews.v1 beside EventCreated.
const (
	ReviewReplied = "replied"
	ReviewHidden  = "hidden"
	ReviewKept    = "kept"
)

// decisionDrafts tell the author and each reporter once; an author who
// also reported is told as the author. Like a reply's, these drafts name no
// appointment: the mail is about the review, without the booking's details
// and calendar file.
func decisionDrafts(r ReviewCreated, kind, toAuthor, toReporter string) []Draft {
	var out []Draft
	told := map[string]bool{"": true}
	if !told[r.CustomerID] {
		told[r.CustomerID] = true
		out = append(out, Draft{RecipientID: r.CustomerID, Kind: kind, Text: toAuthor})
	}
	for _, id := range r.ReporterIDs {
		if !told[id] {
			told[id] = true
			out = append(out, Draft{RecipientID: id, Kind: kind, Text: toReporter})
		}
	}
	return out
}

// When writes a start as people read it in the business zone: "Tue 1 Dec, 9:00 AM".
func When(t time.Time, loc *time.Location) string {
	return t.In(loc).Format("Mon 2 Jan, 3:04 PM")
}

// withReason adds what the other party said declining or cancelling:
// "… was declined. Reason: “Closed for Diwali”".
func withReason(text, reason string) string {
	if reason == "" {
		return text
	}
	return text + " Reason: “" + reason + "”"
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
