package notification

import (
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

var ist, _ = time.LoadLocation("Asia/Kolkata")

func withReasonGiven(a AppointmentChange, reason string) AppointmentChange {
	a.Reason = reason
	return a
}

func closed(a AppointmentChange, reason string) AppointmentChange {
	a.AccountClosed, a.Reason = true, reason
	return a
}

func declinedMove(a AppointmentChange) AppointmentChange {
	a.Declined = true
	return a
}

func change(typ, prev, status, actor string) AppointmentChange {
	return AppointmentChange{EventID: "e1", Type: typ, AppointmentID: "a1", ServiceName: "Haircut", CustomerID: "cust",
		CustomerName: "Asha", ProviderID: "prov", Status: status, PreviousStatus: prev, ActorRole: actor,
		StartsAt: time.Date(2026, 12, 1, 3, 30, 0, 0, time.UTC), OccurredAt: time.Date(2026, 11, 25, 3, 30, 0, 0, time.UTC), Version: 2}
}

// ownChange is the mail a customer gets of their own change.
var ownChange = map[string]Draft{
	"booked": {Kind: KindBookingReceived,
		Text: "Your booking request for Haircut on Tue 1 Dec, 9:00 AM was sent to the provider. We will mail you when they answer."},
	"rescheduled":                             {Kind: KindYouRescheduled, Text: "Your appointment for Haircut is now on Tue 1 Dec, 9:00 AM."},
	"cancelled by the customer":               {Kind: KindYouCancelled, Text: "You cancelled your appointment for Haircut on Tue 1 Dec, 9:00 AM."},
	"cancelled by the customer with a reason": {Kind: KindYouCancelled, Text: "You cancelled your appointment for Haircut on Tue 1 Dec, 9:00 AM."},
}

func TestWhoIsToldWhat(t *testing.T) {
	const c, p = identity.RoleCustomer, identity.RoleProvider
	cases := []struct {
		name      string
		a         AppointmentChange
		recipient string
		kind      string
		text      string
	}{
		{"booked", change(EventCreated, "", StatusPending, c), "prov", KindNewBooking, "New booking request from Asha: Haircut on Tue 1 Dec, 9:00 AM."},
		{"cancelled by the customer", change(EventStatusChanged, StatusScheduled, StatusCancelled, c), "prov", KindCustomerCancelled, "Asha cancelled Haircut on Tue 1 Dec, 9:00 AM."},
		{"rescheduled", change(EventRescheduled, StatusConfirmed, StatusScheduled, c), "prov", KindCustomerRescheduled, "Asha rescheduled Haircut to Tue 1 Dec, 9:00 AM."},
		{"accepted", change(EventStatusChanged, StatusPending, StatusScheduled, p), "cust", KindAccepted, "Your booking for Haircut on Tue 1 Dec, 9:00 AM was accepted."},
		{"confirmed", change(EventStatusChanged, StatusScheduled, StatusConfirmed, p), "cust", KindConfirmed, "Your appointment for Haircut on Tue 1 Dec, 9:00 AM is confirmed."},
		{"rejected", change(EventStatusChanged, StatusPending, StatusRejected, p), "cust", KindRejected, "Your booking for Haircut on Tue 1 Dec, 9:00 AM was rejected."},
		{"declined", change(EventStatusChanged, StatusPending, StatusCancelled, p), "cust", KindDeclined, "Your booking request for Haircut on Tue 1 Dec, 9:00 AM was declined."},
		{"declined after the customer moved it", declinedMove(change(EventStatusChanged, StatusScheduled, StatusCancelled, p)), "cust", KindDeclined,
			"Your booking request for Haircut on Tue 1 Dec, 9:00 AM was declined."},
		{"cancelled by the provider", change(EventStatusChanged, StatusConfirmed, StatusCancelled, p), "cust", KindProviderCancelled, "Your appointment for Haircut on Tue 1 Dec, 9:00 AM was cancelled by the provider."},
		{"declined with a reason", withReasonGiven(change(EventStatusChanged, StatusPending, StatusCancelled, p), "Closed for Diwali"), "cust", KindDeclined,
			"Your booking request for Haircut on Tue 1 Dec, 9:00 AM was declined. Reason: “Closed for Diwali”"},
		{"cancelled by the customer with a reason", withReasonGiven(change(EventStatusChanged, StatusScheduled, StatusCancelled, c), "Feeling better"), "prov", KindCustomerCancelled,
			"Asha cancelled Haircut on Tue 1 Dec, 9:00 AM. Reason: “Feeling better”"},
		{"cancelled by the provider with a reason", withReasonGiven(change(EventStatusChanged, StatusConfirmed, StatusCancelled, p), "Staff ill"), "cust", KindProviderCancelled,
			"Your appointment for Haircut on Tue 1 Dec, 9:00 AM was cancelled by the provider. Reason: “Staff ill”"},
		{"completed", change(EventStatusChanged, StatusConfirmed, StatusCompleted, p), "cust", KindCompleted, "Your appointment for Haircut is completed. How was it? Leave a review."},
		// A closing account's cancellations tell only the other side, naming nobody.
		{"the customer's account closed", closed(change(EventStatusChanged, StatusScheduled, StatusCancelled, c), "The customer closed their account"), "prov", KindCustomerClosed,
			"A booking of Haircut on Tue 1 Dec, 9:00 AM was cancelled. Reason: “The customer closed their account”"},
		{"the provider's account closed", closed(change(EventStatusChanged, StatusPending, StatusCancelled, p), "The provider closed their account"), "cust", KindProviderClosed,
			"Your appointment for Haircut on Tue 1 Dec, 9:00 AM was cancelled. Reason: “The provider closed their account”"},
	}
	for _, tc := range cases {
		got := ForAppointment(tc.a, ist)
		// What the customer did is confirmed to them by mail only, after
		// the provider's notification.
		if own, ok := ownChange[tc.name]; ok {
			own.RecipientID, own.AppointmentID = "cust", "a1"
			if len(got) != 2 || got[1] != own || !MailOnly(own.Kind) {
				t.Fatalf("%s: %+v, want the customer's mail-only %+v second", tc.name, got, own)
			}
			got = got[:1]
		}
		if len(got) != 1 {
			t.Fatalf("%s: %d drafts, want 1: %+v", tc.name, len(got), got)
		}
		want := Draft{RecipientID: tc.recipient, Kind: tc.kind, Text: tc.text, AppointmentID: "a1"}
		if got[0] != want {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, got[0], want)
		}
	}
}

// A day the provider closed after the booking: the customer is told what to
// do, with the provider's note; the appointment's reminders stay as they were.
func TestClosedDayTellsTheCustomerWhatToDo(t *testing.T) {
	a := change(EventDayClosed, "", StatusConfirmed, identity.RoleProvider)
	a.Provider, a.ClosureNote = "Glow Salon", "Diwali"
	got := ForAppointment(a, ist)
	want := []Draft{{RecipientID: "cust", Kind: KindDayClosed, AppointmentID: "a1",
		Text: "Glow Salon is closed on Tuesday, 1 December (Diwali). Your appointment for Haircut on Tue 1 Dec, 9:00 AM needs a new time: please reschedule or cancel it."}}
	if len(got) != 1 || got[0] != want[0] {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	a.ClosureNote = ""
	if got := ForAppointment(a, ist)[0].Text; !strings.HasPrefix(got, "Glow Salon is closed on Tuesday, 1 December. Your appointment") {
		t.Errorf("without a note: %q", got)
	}
	if r := RemindersFor(a, ist); r != nil {
		t.Errorf("a closed-day notice must leave the reminders alone, got %+v", r)
	}
	if LinkPath(KindDayClosed, "a1") != "/my-appointments?appointment=a1" {
		t.Errorf("the notice opens the customer's appointment, got %s", LinkPath(KindDayClosed, "a1"))
	}
	if subjects[KindDayClosed] == "" {
		t.Error("the notice's mail has no subject")
	}
}

// A reassignment tells the customer who they will now see; a member's own
// day off names the member, not the business.
func TestTeamChangesTellTheCustomer(t *testing.T) {
	a := change(EventReassigned, StatusConfirmed, StatusConfirmed, identity.RoleProvider)
	a.StaffName = "Ann"
	got := ForAppointment(a, ist)
	want := Draft{RecipientID: "cust", Kind: KindReassigned, AppointmentID: "a1",
		Text: "Your appointment for Haircut on Tue 1 Dec, 9:00 AM will now be with Ann."}
	if len(got) != 1 || got[0] != want || subjects[KindReassigned] == "" {
		t.Fatalf("reassigned: %+v", got)
	}
	off := change(EventDayClosed, "", StatusConfirmed, identity.RoleProvider)
	off.Provider, off.ClosedBy, off.ClosureNote = "Glow Salon", "Zoe", "Dentist"
	if got := ForAppointment(off, ist)[0].Text; got != "Zoe is off on Tuesday, 1 December (Dentist). Your appointment for Haircut on Tue 1 Dec, 9:00 AM needs a new time: please reschedule or cancel it." {
		t.Fatalf("a member's day off: %q", got)
	}
}

func TestNobodyIsToldOfWhatTheyDidOrWhatIsUnknown(t *testing.T) {
	for name, a := range map[string]AppointmentChange{
		"in progress":                  change(EventStatusChanged, StatusConfirmed, "in-progress", identity.RoleProvider),
		"no-show":                      change(EventStatusChanged, StatusConfirmed, "no-show", identity.RoleProvider),
		"cancelled by someone unknown": change(EventStatusChanged, StatusConfirmed, StatusCancelled, ""),
		"an unknown event type":        change("merged", StatusConfirmed, StatusConfirmed, identity.RoleProvider),
		"a customer setting a status":  change(EventStatusChanged, StatusScheduled, StatusConfirmed, identity.RoleCustomer),
		"a booking without its parties": func() AppointmentChange {
			a := change(EventCreated, "", StatusPending, "customer")
			a.ProviderID, a.CustomerID = "", ""
			return a
		}(),
	} {
		if got := ForAppointment(a, ist); len(got) != 0 {
			t.Errorf("%s: %+v, want none", name, got)
		}
	}
}

func TestNewReviewTellsTheProvider(t *testing.T) {
	got := ForReview(ReviewCreated{EventID: "e", AppointmentID: "a1", ServiceName: "Haircut", ProviderID: "prov", Rating: 4})
	if len(got) != 1 || got[0].RecipientID != "prov" || got[0].Kind != KindNewReview || got[0].Text != "New 4★ review of Haircut." {
		t.Fatalf("%+v", got)
	}
	if got := ForReview(ReviewCreated{EventID: "e", Rating: 4}); len(got) != 0 {
		t.Fatalf("no provider: %+v", got)
	}
}

func TestRemindersFollowTheAppointment(t *testing.T) {
	a := change(EventStatusChanged, StatusPending, StatusScheduled, identity.RoleProvider)
	rs := RemindersFor(a, ist)
	if len(rs) != 2 {
		t.Fatalf("%d reminders", len(rs))
	}
	for i, lead := range []time.Duration{24 * time.Hour, time.Hour} {
		r := rs[i]
		if !r.Due || !r.DueAt.Equal(a.StartsAt.Add(-lead)) || r.RecipientID != "cust" || r.Version != 2 || !strings.HasPrefix(r.Text, "Reminder: Haircut") {
			t.Errorf("reminder %d: %+v", i, r)
		}
	}
	for _, status := range []string{StatusPending, StatusCancelled, StatusRejected, StatusCompleted, "no-show", "in-progress"} {
		for _, r := range RemindersFor(change(EventStatusChanged, StatusScheduled, status, identity.RoleProvider), ist) {
			if r.Due {
				t.Errorf("%s: %s is due", status, r.Kind)
			}
		}
	}
	// Booked 3 hours ahead: the 24 h reminder's time has passed, the 1 h one has not.
	soon := change(EventStatusChanged, StatusPending, StatusConfirmed, identity.RoleProvider)
	soon.OccurredAt = soon.StartsAt.Add(-3 * time.Hour)
	if rs := RemindersFor(soon, ist); rs[0].Due || !rs[1].Due {
		t.Fatalf("3 h ahead: 24h due=%v, 1h due=%v", rs[0].Due, rs[1].Due)
	}
}

// A reply tells the review's author; an operator's decision tells the author
// and each reporter once, about the review and no appointment
// (docs/product.md "Replies and reports").
func TestRepliesAndDecisionsTellTheAuthorAndReporters(t *testing.T) {
	base := ReviewCreated{EventID: "e1", AppointmentID: "a1", ServiceName: "Haircut", ProviderID: "p1", Rating: 2, CustomerID: "c1"}
	summary := func(ds []Draft) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.RecipientID+" "+d.Kind+" "+d.AppointmentID+": "+d.Text)
		}
		return out
	}
	replied := base
	replied.Type, replied.BusinessName = ReviewReplied, "Glow Studio"
	hidden := base
	hidden.Type, hidden.ReporterIDs = ReviewHidden, []string{"c2", "p1", "c2", "c1"}
	kept := base
	kept.Type, kept.ReporterIDs = ReviewKept, []string{"c2"}
	cases := map[string]struct {
		in   ReviewCreated
		want []string
	}{
		"replied": {replied, []string{"c1 review_reply : Glow Studio replied to your review of Haircut."}},
		"hidden": {hidden, []string{
			"c1 review_hidden : Your review of Haircut was reported and an operator hid it: it broke the review rules.",
			"c2 review_hidden : Thank you for your report: the review of Haircut is now hidden.",
			"p1 review_hidden : Thank you for your report: the review of Haircut is now hidden.",
		}},
		"kept": {kept, []string{
			"c1 review_kept : Your review of Haircut was reported; an operator checked it and it stays up.",
			"c2 review_kept : An operator checked the review of Haircut you reported: it follows the review rules and stays up.",
		}},
	}
	for name, c := range cases {
		if got := summary(ForReview(c.in)); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", name, got, c.want)
		}
	}
}

// A removed member's appointment handed back to the owner by booking-svc:
// the provider is told to reassign it, the customer who they will see,
// and the removed member (named, not addressed) nothing.
func TestHandedBackTellsProviderAndCustomer(t *testing.T) {
	a := change(EventReassigned, StatusScheduled, StatusScheduled, ActorSystem)
	a.StaffID, a.StaffName, a.PreviousStaffID, a.PreviousStaffName = "owner", "Glow Salon", "m1", "Ravi"
	got := ForAppointment(a, ist)
	want := []Draft{
		{RecipientID: "prov", Kind: KindMemberLeft, AppointmentID: "a1",
			Text: "Ravi left your team, so Asha's appointment for Haircut on Tue 1 Dec, 9:00 AM is yours now: reassign it if someone else should take it."},
		{RecipientID: "cust", Kind: KindReassigned, AppointmentID: "a1",
			Text: "Your appointment for Haircut on Tue 1 Dec, 9:00 AM will now be with Glow Salon."},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	// The provider's own reassignment tells only the customer.
	a.ActorRole = identity.RoleProvider
	if got := ForAppointment(a, ist); len(got) != 1 || got[0].Kind != KindReassigned {
		t.Fatalf("a provider's reassignment: %+v", got)
	}
}
