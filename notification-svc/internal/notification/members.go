package notification

import (
	"fmt"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

// Kinds mailed to a team member about the appointments they perform
// (docs/product.md "Team members"). A member has no account: the mail goes
// to the address the provider gave them (carried on the appointment's
// event), nothing is listed in the app, and there is no account switch to
// unsubscribe with (memberFooter says who can stop them).
const (
	KindMemberBooked      = "member_booked"
	KindMemberRescheduled = "member_rescheduled"
	KindMemberCancelled   = "member_cancelled"
	KindMemberAssigned    = "member_assigned"
	KindMemberReleased    = "member_released"
	KindMemberDayClosed   = "member_day_closed"
)

// memberKinds are mailed to members: mail only (MailOnlyKinds).
var memberKinds = map[string]bool{KindMemberBooked: true, KindMemberRescheduled: true, KindMemberCancelled: true,
	KindMemberAssigned: true, KindMemberReleased: true, KindMemberDayClosed: true}

// MemberRecipient is the recipient id of a provider's member's mails. It is
// no user id, so nothing of it is ever listed to anyone; the provider's id
// in it lets the provider's erasure find them (store/erase.go).
func MemberRecipient(providerID, staffID string) string {
	return memberPrefix + providerID + ":" + staffID
}

const memberPrefix = "member:"

// memberProvider is the provider of a MemberRecipient; ok is false for
// any other recipient.
func memberProvider(recipientID string) (string, bool) {
	rest, ok := strings.CutPrefix(recipientID, memberPrefix)
	if !ok {
		return "", false
	}
	providerID, _, ok := strings.Cut(rest, ":")
	return providerID, ok && providerID != ""
}

// member is one team member a change concerns.
type member struct{ id, name, email string }

// mailable reports whether m gets mails: they have an address and are not
// the owner (the provider's own account is mailed already).
func (m member) mailable(providerID string) bool {
	return m.email != "" && m.id != "" && providerID != "" && m.id != identity.OwnerMemberID(providerID)
}

// forMembers is what the change tells the members it concerns: the one
// it is with, and the one it was taken from (a reassignment, or a
// reschedule to someone else).
func forMembers(a AppointmentChange, loc *time.Location) []Draft {
	when := When(a.StartsAt, loc)
	service := orDefault(a.ServiceName, "an appointment")
	customer := orDefault(a.CustomerName, "A customer")
	business := orDefault(a.Provider, "The business")
	current := member{a.StaffID, a.StaffName, a.StaffEmail}
	previous := member{a.PreviousStaffID, a.PreviousStaffName, a.PreviousStaffEmail}
	to := func(m member, kind, text string) []Draft {
		if !m.mailable(a.ProviderID) {
			return nil
		}
		return []Draft{{RecipientID: MemberRecipient(a.ProviderID, m.id), Kind: kind, Text: text, AppointmentID: a.AppointmentID,
			ToEmail: m.email, ToName: m.name}}
	}
	released := func() []Draft {
		if previous.id == "" || previous.id == current.id {
			return nil
		}
		return to(previous, KindMemberReleased, fmt.Sprintf("%s's appointment for %s on %s is no longer with you: it is now with %s.",
			customer, service, when, orDefault(current.name, "another member of the team")))
	}
	switch a.Type {
	case EventCreated:
		return to(current, KindMemberBooked, fmt.Sprintf("%s booked %s with you on %s.", customer, service, when))
	case EventRescheduled:
		if previous.id != "" && previous.id != current.id {
			return append(released(), to(current, KindMemberAssigned,
				fmt.Sprintf("%s moved their appointment for %s to %s, and it is now with you.", customer, service, when))...)
		}
		return to(current, KindMemberRescheduled, fmt.Sprintf("%s moved their appointment for %s with you to %s.", customer, service, when))
	case EventReassigned:
		return append(released(), to(current, KindMemberAssigned,
			fmt.Sprintf("%s gave you %s's appointment for %s on %s.", business, customer, service, when))...)
	case EventDayClosed:
		off := fmt.Sprintf("%s is closed on %s", business, a.StartsAt.In(loc).Format("Monday, 2 January"))
		if a.ClosedBy != "" {
			off = fmt.Sprintf("You are off on %s", a.StartsAt.In(loc).Format("Monday, 2 January"))
		}
		return to(current, KindMemberDayClosed, fmt.Sprintf("%s, so %s's appointment for %s with you on %s needs a new time: they were asked to reschedule or cancel it.",
			off, customer, service, when))
	case EventStatusChanged:
		if a.Status == StatusCancelled || a.Status == StatusRejected {
			return to(current, KindMemberCancelled, fmt.Sprintf("%s's appointment for %s with you on %s is cancelled.", customer, service, when))
		}
	}
	return nil
}

// memberFooter says why a member gets the mail and who can stop it: they
// have no account, so no switch or unsubscribe link of their own.
func memberFooter(business string) string {
	business = orDefault(business, "the business")
	return fmt.Sprintf("You get these emails because %s gave this address for you as a member of their team on Slotwise. "+
		"To stop them, ask %s to remove your email from the team.", business, business)
}
