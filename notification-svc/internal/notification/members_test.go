package notification

import (
	"testing"

	"github.com/slotwise/slotwise/platform/identity"
)

// memberDrafts are the drafts of a change to members only.
func memberDrafts(a AppointmentChange) []Draft {
	var out []Draft
	for _, d := range ForAppointment(a, ist) {
		if d.ToEmail != "" {
			out = append(out, d)
		}
	}
	return out
}

// A member with an email hears of their own appointments; the owner and a
// member without an email never do; a move to someone else tells both.
func TestMembersAreToldOfTheirAppointments(t *testing.T) {
	withAnn := func(a AppointmentChange) AppointmentChange {
		a.Provider, a.StaffID, a.StaffName, a.StaffEmail = "Glow Salon", "ann", "Ann", "ann@example.com"
		return a
	}
	ann := MemberRecipient("prov", "ann")
	for name, tc := range map[string]struct {
		a    AppointmentChange
		want []Draft
	}{
		"booked": {withAnn(change(EventCreated, "", StatusPending, identity.RoleCustomer)), []Draft{{RecipientID: ann,
			Kind: KindMemberBooked, Text: "Asha booked Haircut with you on Tue 1 Dec, 9:00 AM."}}},
		"moved": {withAnn(change(EventRescheduled, StatusPending, StatusScheduled, identity.RoleCustomer)), []Draft{{RecipientID: ann,
			Kind: KindMemberRescheduled, Text: "Asha moved their appointment for Haircut with you to Tue 1 Dec, 9:00 AM."}}},
		"declined": {withAnn(change(EventStatusChanged, StatusPending, StatusCancelled, identity.RoleProvider)), []Draft{{RecipientID: ann,
			Kind: KindMemberCancelled, Text: "Asha's appointment for Haircut with you on Tue 1 Dec, 9:00 AM is cancelled."}}},
		"accepted: not a member's concern": {withAnn(change(EventStatusChanged, StatusPending, StatusScheduled, identity.RoleProvider)), nil},
		"her day closed": {func() AppointmentChange {
			a := withAnn(change(EventDayClosed, "", StatusScheduled, identity.RoleProvider))
			a.ClosedBy = "Ann"
			return a
		}(), []Draft{{RecipientID: ann, Kind: KindMemberDayClosed,
			Text: "You are off on Tuesday, 1 December, so Asha's appointment for Haircut with you on Tue 1 Dec, 9:00 AM needs a new time: they were asked to reschedule or cancel it."}}},
		"moved to Zoe": {func() AppointmentChange {
			a := withAnn(change(EventRescheduled, StatusScheduled, StatusScheduled, identity.RoleCustomer))
			a.PreviousStaffID, a.PreviousStaffName, a.PreviousStaffEmail = "ann", "Ann", "ann@example.com"
			a.StaffID, a.StaffName, a.StaffEmail = "zoe", "Zoe", "zoe@example.com"
			return a
		}(), []Draft{
			{RecipientID: ann, Kind: KindMemberReleased, Text: "Asha's appointment for Haircut on Tue 1 Dec, 9:00 AM is no longer with you: it is now with Zoe."},
			{RecipientID: MemberRecipient("prov", "zoe"), Kind: KindMemberAssigned,
				Text: "Asha moved their appointment for Haircut to Tue 1 Dec, 9:00 AM, and it is now with you."}}},
		"the owner": {func() AppointmentChange {
			a := withAnn(change(EventCreated, "", StatusPending, identity.RoleCustomer))
			a.StaffID = identity.OwnerMemberID("prov")
			return a
		}(), nil},
		"no email": {func() AppointmentChange {
			a := withAnn(change(EventCreated, "", StatusPending, identity.RoleCustomer))
			a.StaffEmail = ""
			return a
		}(), nil},
	} {
		got := memberDrafts(tc.a)
		if len(got) != len(tc.want) {
			t.Errorf("%s: %+v, want %+v", name, got, tc.want)
			continue
		}
		for i, w := range tc.want {
			g := got[i]
			if g.RecipientID != w.RecipientID || g.Kind != w.Kind || g.Text != w.Text || g.AppointmentID != "a1" || !MailOnly(g.Kind) || subjects[g.Kind] == "" {
				t.Errorf("%s: %+v, want %+v (mail only, with a subject)", name, g, w)
			}
		}
	}
}
