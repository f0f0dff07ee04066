package notification

import (
	"bytes"
	"html/template"
	"net/url"
)

// Contact is where and whether a user's notifications are mailed (auth-svc
// owns it: the account's email and the profile's emailNotifications).
type Contact struct {
	Email   string
	Name    string
	EmailOn bool
}

// Mail is one notification as an email, in plain text and HTML.
type Mail struct {
	To, ToName     string
	Subject        string
	Text, HTML     string
	NotificationID string
}

// subjects are the mails' subject lines by kind.
var subjects = map[string]string{
	KindNewBooking:          "New booking request",
	KindCustomerCancelled:   "A booking was cancelled",
	KindCustomerRescheduled: "A booking was rescheduled",
	KindNewReview:           "You have a new review",
	KindAccepted:            "Your booking was accepted",
	KindConfirmed:           "Your appointment is confirmed",
	KindRejected:            "Your booking was rejected",
	KindDeclined:            "Your booking request was declined",
	KindProviderCancelled:   "Your appointment was cancelled",
	KindCompleted:           "How was your appointment?",
	KindDayClosed:           "Your appointment needs a new time",
	KindReminder24h:         "Reminder: your appointment is tomorrow",
	KindReminder1h:          "Reminder: your appointment starts in an hour",
}

// providerKinds are told to providers; every other kind to customers.
var providerKinds = map[string]bool{KindNewBooking: true, KindCustomerCancelled: true, KindCustomerRescheduled: true, KindNewReview: true}

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

var htmlMail = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Hello {{.Name}},</p>
<p>{{.Text}}</p>
<p><a href="{{.Link}}">Open Slotwise</a></p>
<p style="color:#666;font-size:0.9em">You get these emails because email notifications are on in your profile.</p>
</body></html>`))

// Compose writes n as a mail to c; webURL is the web app's address.
func Compose(n Notification, c Contact, webURL string) (Mail, error) {
	name := orDefault(c.Name, "there")
	link := webURL + LinkPath(n.Kind, n.AppointmentID)
	var html bytes.Buffer
	if err := htmlMail.Execute(&html, struct{ Name, Text, Link string }{name, n.Text, link}); err != nil {
		return Mail{}, err
	}
	return Mail{
		To: c.Email, ToName: c.Name, Subject: orDefault(subjects[n.Kind], "Slotwise notification"), NotificationID: n.ID,
		Text: "Hello " + name + ",\n\n" + n.Text + "\n\nOpen Slotwise: " + link +
			"\n\nYou get these emails because email notifications are on in your profile.\n",
		HTML: html.String(),
	}, nil
}
