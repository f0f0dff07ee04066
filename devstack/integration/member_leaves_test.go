package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestRemovedMembersAppointmentsHandedBack: a member with two upcoming
// appointments is removed (issue 50 finding 2). Both become the owner's,
// the customer is told of each (notifications, and one mail each once the
// coalescing window passed) and so is the provider, the member is mailed
// nothing more, their
// calendar feed is gone, and a replay of catalog-svc's events changes
// nothing (docs/product.md#team-members).
func TestRemovedMembersAppointmentsHandedBack(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	cut := bkService(t, st, p, "Haircut", "09:00", "10:00")
	annEmail := stacktest.UniqueEmail("ann")
	ann := st.Post(t, "/providers/me/staff", p.Token, map[string]any{"name": "Ann", "email": annEmail,
		"serviceIds": []string{cut}, "hours": everyDay()}).ExpectStatus(t, http.StatusCreated).String("data._id")
	team := st.Get(t, "/providers/me/staff", p.Token).ExpectStatus(t, http.StatusOK)
	owner, ownerName := team.String("data.0._id"), team.String("data.0.name")
	if team.Field("data.0.isOwner") != true {
		t.Fatalf("team: %s", team.Raw)
	}
	ids := []string{
		bookAs(t, st, c, cut, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id"),
		bookAs(t, st, c, cut, clk.day(2), "10:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id"),
	}
	st.Patch(t, "/appointments/"+ids[1]+"/provider-status", p.Token, map[string]any{"status": "scheduled"}).ExpectStatus(t, http.StatusOK)
	awaitMail(t, mails, annEmail, "You have a new booking", 2)
	feed := st.Get(t, "/providers/me/staff/"+ann+"/calendar-feed", p.Token).ExpectStatus(t, http.StatusOK).String("path")

	st.Delete(t, "/providers/me/staff/"+ann, p.Token).ExpectStatus(t, http.StatusOK)

	type held struct{ staffID, staffName, status string }
	heldBy := func(id string) held {
		r := st.Get(t, "/appointments/"+id, p.Token).ExpectStatus(t, http.StatusOK)
		return held{r.String("appointment.staffId"), r.String("appointment.staffName"), r.String("appointment.status")}
	}
	stamps := map[string]any{}
	for i, id := range ids {
		want := held{owner, ownerName, []string{"pending", "scheduled"}[i]}
		var got held
		if !stacktest.Poll(t.Context(), 15*time.Second, func() bool { got = heldBy(id); return got == want }) {
			t.Fatalf("appointment %d after Ann's removal: %+v, want the owner's %+v", i, got, want)
		}
		stamps[id] = st.Get(t, "/appointments/"+id, p.Token).Field("appointment.updatedAt")
	}
	mailsSettled(t, st, "booking_reassigned", 2)
	ns, _ := notes(t, st, c)
	told := map[string]int{}
	for _, n := range ns {
		if n.kind == "booking_reassigned" {
			told[n.appointment]++
		}
	}
	if told[ids[0]] != 1 || told[ids[1]] != 1 {
		t.Fatalf("the customer's reassignment notifications by appointment: %v", told)
	}
	mailsSettled(t, st, "member_left", 2)
	pn, _ := notes(t, st, p)
	back := map[string]int{}
	for _, n := range pn {
		if n.kind == "member_left" {
			back[n.appointment]++
		}
	}
	if back[ids[0]] != 1 || back[ids[1]] != 1 {
		t.Fatalf("the provider's notices of appointments back with them: %v", back)
	}
	st.Get(t, feed, "").ExpectStatus(t, http.StatusNotFound)
	st.Get(t, "/providers/me/staff/"+ann+"/calendar-feed", p.Token).ExpectError(t, http.StatusNotFound, "Team member not found")

	// The customer's mails wait out the coalescing window, then say who
	// they will see; Ann gets nothing more.
	st.Clock.Advance(coalesceWindow)
	if m := awaitMail(t, mails, c.Email, "Your appointment is with someone new", 2); !strings.Contains(m.Text, "will now be with "+ownerName+".") {
		t.Fatalf("the customer's mail:\n%s", m.Text)
	}
	mailsSettled(t, st, "booking_reassigned", 2)
	if got := mailsTo(mails, annEmail); len(got) != 2 {
		t.Fatalf("%d mails to Ann, want the 2 bookings only", len(got))
	}

	// catalog-svc's events again from offset 0 (the removal among them):
	// booking-svc hands back nothing more and nobody is told again.
	replayTopic(t, st.Brokers, topics.Services)
	waitConsumed(t, st.Brokers, 30*time.Second, map[string]string{
		topics.BookingMembersGroup: topics.Services, topics.NotificationAppointmentsGroup: topics.Appointments})
	for _, id := range ids {
		if v := st.Get(t, "/appointments/"+id, p.Token).Field("appointment.updatedAt"); v != stamps[id] {
			t.Fatalf("appointment %s changed by the replay: updatedAt %v, was %v", id, v, stamps[id])
		}
	}
	mailsSettled(t, st, "booking_reassigned", 2)
	if ns, _ := notes(t, st, c); countKind(ns, "booking_reassigned") != 2 {
		t.Fatalf("after the replay the customer has %d reassignment notifications, want 2", countKind(ns, "booking_reassigned"))
	}
	if ns, _ := notes(t, st, p); countKind(ns, "member_left") != 2 {
		t.Fatalf("after the replay the provider has %d member_left notifications, want 2", countKind(ns, "member_left"))
	}
}

func countKind(ns []note, kind string) int {
	n := 0
	for _, x := range ns {
		if x.kind == kind {
			n++
		}
	}
	return n
}
