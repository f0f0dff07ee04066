package notification

import (
	"net/url"
	"time"
)

// Contact is where and whether a user's notifications are mailed (auth-svc
// owns it: the account's email and the profile's emailNotifications, and
// signs the link that switches them off).
type Contact struct {
	Email   string
	Name    string
	EmailOn bool
	// Verified: the account's own address is proved (a provider's, for
	// their team members' mails: postman.go memberContact).
	Verified bool
	// UnsubscribeToken is auth-svc's signature of the user for its
	// unsubscribe link; empty leaves the link out.
	UnsubscribeToken string
}

// Mail is one notification as an email, in plain text and HTML, with the
// appointment's calendar file when it has one.
type Mail struct {
	To, ToName     string
	Subject        string
	Text, HTML     string
	NotificationID string
	// Calendar is the .ics attachment and CalendarMethod its METHOD
	// (REQUEST or CANCEL); empty: none.
	Calendar, CalendarMethod string
	// Unsubscribe is the recipient's one-click unsubscribe address, for
	// the List-Unsubscribe headers (RFC 8058); empty: none.
	Unsubscribe string
}

// subjects are the mails' subject lines by kind.
var subjects = map[string]string{
	KindBookingReceived:     "We sent your booking request",
	KindYouRescheduled:      "Your appointment was moved",
	KindYouCancelled:        "Your appointment is cancelled",
	KindNewBooking:          "New booking request",
	KindCustomerCancelled:   "A booking was cancelled",
	KindCustomerRescheduled: "A booking was rescheduled",
	KindNewReview:           "You have a new review",
	KindAccepted:            "Your booking was accepted",
	KindConfirmed:           "Your appointment is confirmed",
	KindRejected:            "Your booking was rejected",
	KindDeclined:            "Your booking request was declined",
	KindProviderCancelled:   "Your appointment was cancelled",
	KindProviderClosed:      "Your appointment was cancelled",
	KindCustomerClosed:      "A booking was cancelled",
	KindCompleted:           "How was your appointment?",
	KindDayClosed:           "Your appointment needs a new time",
	KindReassigned:          "Your appointment is with someone new",
	KindMemberLeft:          "A booking is back with you",
	KindReminder24h:         "Reminder: your appointment is tomorrow",
	KindReminder1h:          "Reminder: your appointment starts in an hour",
	KindReviewReply:         "The business replied to your review",
	KindReviewHidden:        "A reported review was hidden",
	KindReviewKept:          "A reported review stays up",
	KindMemberBooked:        "You have a new booking",
	KindMemberRescheduled:   "Your booking was moved",
	KindMemberCancelled:     "Your booking is cancelled",
	KindMemberAssigned:      "A booking is now yours",
	KindMemberReleased:      "A booking is no longer yours",
	KindMemberDayClosed:     "Your booking needs a new time",
}

// providerKinds are told to providers; every other kind to customers.
var providerKinds = map[string]bool{KindNewBooking: true, KindCustomerCancelled: true, KindCustomerClosed: true, KindCustomerRescheduled: true, KindNewReview: true,
	KindMemberLeft: true}

// LinkPath is where the web app shows a notification's appointment: the
// provider's dashboard, or the customer's appointments (where a completed
// one offers its review).
func LinkPath(kind, appointmentID string) string {
	page := "/my-appointments"
	if providerKinds[kind] {
		page = "/my-services"
	}
	if appointmentID == "" {
		return page
	}
	return page + "?appointment=" + url.QueryEscape(appointmentID)
}

// UnsubscribePagePath is the web app's page a mail's unsubscribe link
// opens: it asks, and only its button POSTs, so a link scanner that opens
// every link of a mail switches nothing off.
const UnsubscribePagePath = "/unsubscribe"

// UnsubscribePath is auth-svc's unsubscribe endpoint under the web app's
// address (the web server passes /api/… on to the gateway): POST only,
// for mail programs' one-click (RFC 8058).
const UnsubscribePath = "/api/auth/unsubscribe"

// UnsubscribeLink is the recipient's signed link to the page that switches
// their mails off, built from the configured public web address.
func UnsubscribeLink(webURL, token string) string {
	return webURL + UnsubscribePagePath + "?token=" + url.QueryEscape(token)
}

// OneClickUnsubscribe is the address of the List-Unsubscribe header, which
// mail programs POST to with List-Unsubscribe=One-Click (RFC 8058).
func OneClickUnsubscribe(webURL, token string) string {
	return webURL + UnsubscribePath + "?token=" + url.QueryEscape(token)
}

// footer says why the mail came.
const footer = "You get these emails because email notifications are on in your profile."

// Composer writes notifications as mails: the layout (letter.go), the
// appointment's details in the business zone and its calendar file.
type Composer struct {
	// WebURL is the web app's public address, for every link.
	WebURL string
	// Location is the business time zone; Organizer the sender's address
	// that calendar files name.
	Location  *time.Location
	Organizer string
	Now       func() time.Time
}

func businessOf(d *Details) string {
	if d == nil {
		return ""
	}
	return d.Business
}

// Compose writes n as a mail to c; d is its appointment (nil: none).
func (cm Composer) Compose(n Notification, d *Details, c Contact) (Mail, error) {
	subject := orDefault(subjects[n.Kind], "Slotwise notification")
	l := Letter{
		Title: subject, Greeting: "Hello " + orDefault(c.Name, "there") + ",", Paragraphs: []string{n.Text},
		Button: Link{Label: "Open Slotwise", URL: cm.WebURL + LinkPath(n.Kind, n.AppointmentID)}, Footer: footer,
	}
	m := Mail{To: c.Email, ToName: c.Name, Subject: subject, NotificationID: n.ID}
	if c.UnsubscribeToken != "" {
		l.Unsubscribe = UnsubscribeLink(cm.WebURL, c.UnsubscribeToken)
		m.Unsubscribe = OneClickUnsubscribe(cm.WebURL, c.UnsubscribeToken)
	}
	if memberKinds[n.Kind] {
		// A member has no account: no page to open, no switch to turn off.
		l.Button, l.Footer = Link{}, memberFooter(businessOf(d))
	}
	if d != nil && n.AppointmentID != "" {
		l.Details = d.rows(cm.Location)
		if l.Button.URL != "" {
			l.Button.Label = "Manage your booking"
			if providerKinds[n.Kind] {
				l.Button.Label = "Open the booking"
			}
		}
		invite := *d
		if n.Kind == KindMemberReleased {
			invite.Status = StatusCancelled // it leaves the member's calendar
		}
		m.CalendarMethod, m.Calendar = Invitation(invite, cm.Location, cm.Organizer, c.Email, cm.Now())
	}
	var err error
	m.Text, m.HTML, err = Render(l)
	return m, err
}
