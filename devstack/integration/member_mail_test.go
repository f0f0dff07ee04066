package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestMemberMails reads, over real SMTP, the mails a team member with an
// email gets about the appointments they perform (docs/product.md "Team
// members"): booked with them (details and a REQUEST .ics), reassigned away
// (a CANCEL for their calendar) and to the other member, and cancelled.
// No link to an account they do not have, a footer naming who can stop the
// mails, nothing listed in anyone's notifications, nothing to the owner.
func TestMemberMails(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond,
		WebURL: "http://web.example"})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	svcID := bkPricedService(t, st, p, "Dental check-up", 1500, "09:00", "10:00")
	annEmail, zoeEmail := stacktest.UniqueEmail("ann"), stacktest.UniqueEmail("zoe")
	member := func(name, email string) string {
		t.Helper()
		return st.Post(t, "/providers/me/staff", p.Token, map[string]any{"name": name, "email": email,
			"serviceIds": []string{svcID}, "hours": everyDay()}).ExpectStatus(t, http.StatusCreated).String("data._id")
	}
	ann, zoe := member("Ann", annEmail), member("Zoe", zoeEmail)

	mailTo := func(to, subject string) stacktest.Mail {
		t.Helper()
		var found stacktest.Mail
		stacktest.Eventually(t, 15*time.Second, subject+" to "+to, func() bool {
			for _, m := range mails.Mails() {
				if m.To == to && m.Subject == subject {
					found = m
					return true
				}
			}
			return false
		})
		return found
	}
	event := func(m stacktest.Mail, method, id string) *ics.VEvent {
		t.Helper()
		if len(m.Attachments) != 1 || m.Attachments[0].Params["method"] != method {
			var got []string
			for _, a := range m.Attachments {
				got = append(got, a.Filename+" "+a.Params["method"])
			}
			t.Fatalf("%q: attachments %v, want one .ics of method %s", m.Subject, got, method)
		}
		cal, err := ics.ParseCalendar(strings.NewReader(string(m.Attachments[0].Data)))
		if err != nil || calendarMethod(cal) != method || len(cal.Events()) != 1 || cal.Events()[0].Id() != id+"@slotwise" {
			t.Fatalf("%q: the .ics (%v):\n%s", m.Subject, err, m.Attachments[0].Data)
		}
		return cal.Events()[0]
	}

	booked := bookAs(t, st, c, svcID, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	start := clk.at(1, "09:00")
	m := mailTo(annEmail, "You have a new booking")
	if !m.Alternative {
		t.Fatalf("the text and HTML parts are not alternatives: %s", m.ContentType)
	}
	for _, part := range []string{m.Text, m.HTML} {
		for _, want := range []string{"Hello Ann,", "Asha Rao booked Dental check-up with you on", "Smile Clinic",
			start.Format("Monday, 2 January 2006") + ", 9:00 AM IST (Asia/Kolkata)", "30 minutes", "₹1,500", "12 MG Road, Bengaluru",
			"ask Smile Clinic to remove your email from the team"} {
			if !strings.Contains(part, want) {
				t.Errorf("Ann's booking mail lacks %q:\n%s", want, part)
			}
		}
	}
	if strings.Contains(m.Text, "http://web.example") || strings.Contains(m.Text, "Unsubscribe") || m.ListUnsubscribe != "" {
		t.Errorf("a member's mail links to an account they do not have:\n%s\nList-Unsubscribe %q", m.Text, m.ListUnsubscribe)
	}
	ev := event(m, "REQUEST", booked)
	if s, err := ev.GetStartAt(); err != nil || !s.Equal(start) {
		t.Fatalf("DTSTART %v (%v), want %v", s, err, start)
	}

	// Reassigned: it leaves Ann's calendar and joins Zoe's.
	st.Put(t, "/appointments/"+booked+"/staff", p.Token, map[string]any{"staffId": zoe}).ExpectStatus(t, http.StatusOK)
	mailsSettled(t, st, "member_assigned", 1) // the reassignment's mails wait coalesceWindow
	st.Clock.Advance(coalesceWindow)
	away := mailTo(annEmail, "A booking is no longer yours")
	if !strings.Contains(away.Text, "is no longer with you: it is now with Zoe") {
		t.Errorf("Ann's reassignment mail:\n%s", away.Text)
	}
	if seq := event(away, "CANCEL", booked).GetProperty(ics.ComponentPropertySequence).Value; seq != "2" {
		t.Errorf("Ann's CANCEL has SEQUENCE %s, want 2", seq)
	}
	to := mailTo(zoeEmail, "A booking is now yours")
	if !strings.Contains(to.Text, "Hello Zoe,") || !strings.Contains(to.Text, "gave you Asha Rao's appointment for Dental check-up") {
		t.Errorf("Zoe's reassignment mail:\n%s", to.Text)
	}
	event(to, "REQUEST", booked)

	// Cancelled by the customer: Zoe's calendar drops it.
	bkCustomerStatus(t, st, c, booked, "cancelled").ExpectStatus(t, http.StatusOK)
	event(mailTo(zoeEmail, "Your booking is cancelled"), "CANCEL", booked)

	// A booking with the owner mails no member; nothing of the members'
	// is listed in the provider's notifications.
	owner := bookAs(t, st, c, svcID, clk.day(1), "10:00", "").ExpectStatus(t, http.StatusCreated).String("appointment._id")
	mailTo(p.Email, "New booking request")
	for _, x := range mails.Mails() {
		if x.To != annEmail && x.To != zoeEmail && strings.HasPrefix(x.Subject, "You have a new booking") {
			t.Errorf("a member mail went to %s (the owner's appointment %s)", x.To, owner)
		}
	}
	if r := st.Get(t, "/notifications", p.Token).ExpectStatus(t, http.StatusOK); strings.Contains(string(r.Raw), "member_") {
		t.Fatalf("members' mails are listed to the provider: %s", r.Raw)
	}
}
