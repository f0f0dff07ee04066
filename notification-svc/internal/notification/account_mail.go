package notification

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/url"
	"time"
)

// Mails about an account (auth.accounts.v1): a verification link, a reset
// link, the notice of an email change. Unlike notifications they are in
// no one's list and ignore the profile's switch and the verified flag: they
// are how an address gets verified and how its owner hears of changes to
// the account. They go to the address the event names.

// AccountMail kinds (events.v1.AccountEvent's type).
const (
	AccountVerifyEmail   = "verify_email"
	AccountEmailChanged  = "email_changed"
	AccountPasswordReset = "password_reset"
)

// Web app pages the links open (frontend's routes).
const (
	VerifyEmailPath   = "/verify-email"
	ResetPasswordPath = "/reset-password"
)

// AccountMail is one account mail to send.
type AccountMail struct {
	ID, Kind, UserID string
	To, Name         string
	Token            string
	NewEmail         string
	ExpiresAt        time.Time
}

// AccountDelivery is an account mail claimed for one attempt.
type AccountDelivery struct {
	Mail    AccountMail
	Attempt int
}

// AccountOutbox keeps account mails until they are sent or given up.
type AccountOutbox interface {
	Claim(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]AccountDelivery, error)
	Sent(ctx context.Context, id string, at time.Time) error
	Retry(ctx context.Context, id string, next time.Time, reason string) error
	Failed(ctx context.Context, id, reason string) error
}

var accountHTML = template.Must(template.New("account").Parse(`<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Hello {{.Name}},</p>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Link}}<p><a href="{{.Link}}">{{.Action}}</a></p>
<p style="color:#666;font-size:0.9em">Or paste this address into your browser: {{.Link}}</p>
{{end}}<p style="color:#666;font-size:0.9em">{{.Footer}}</p>
</body></html>`))

// ComposeAccount writes m as a mail; webURL is the web app's address.
func ComposeAccount(m AccountMail, webURL string, loc *time.Location) (Mail, error) {
	var subject, action, link, footer string
	var paragraphs []string
	until := ""
	if !m.ExpiresAt.IsZero() {
		until = m.ExpiresAt.In(loc).Format("2 Jan 2006, 15:04 MST")
	}
	switch m.Kind {
	case AccountVerifyEmail:
		link = webURL + VerifyEmailPath + "?token=" + url.QueryEscape(m.Token)
		action = "Verify my email address"
		if m.NewEmail != "" {
			subject = "Confirm your new email address"
			paragraphs = []string{"You asked to change your Slotwise email address to " + m.To + ". Open the link below to confirm it; until then your account keeps its old address."}
		} else {
			subject = "Verify your email address"
			paragraphs = []string{"Welcome to Slotwise. Please open the link below to verify this email address. Until you do, we send no booking emails to it (you still see every notification in the app)."}
		}
		paragraphs = append(paragraphs, "The link works until "+until+".")
		footer = "If you did not ask for this, ignore this email: nothing changes."
	case AccountPasswordReset:
		link = webURL + ResetPasswordPath + "?token=" + url.QueryEscape(m.Token)
		action = "Choose a new password"
		subject = "Reset your Slotwise password"
		paragraphs = []string{"Someone (we hope you) asked to reset the password of your Slotwise account. Open the link below to choose a new one; every device signed in to the account is then signed out.",
			"The link works once, until " + until + "."}
		footer = "If you did not ask for this, ignore this email: your password stays as it is."
	case AccountEmailChanged:
		subject = "Your Slotwise email address was changed"
		paragraphs = []string{"The email address of your Slotwise account was changed to " + m.NewEmail + ". We will send no more emails to this address.",
			"If you did not make this change, reset your password from the sign-in page using the new address, or contact support."}
		footer = "You get this email because this address was the account's until now."
	default:
		return Mail{}, fmt.Errorf("unknown account mail kind %q", m.Kind)
	}
	name := orDefault(m.Name, "there")
	var html bytes.Buffer
	if err := accountHTML.Execute(&html, struct {
		Name, Link, Action, Footer string
		Paragraphs                 []string
	}{name, link, action, footer, paragraphs}); err != nil {
		return Mail{}, err
	}
	text := "Hello " + name + ",\n\n"
	for _, p := range paragraphs {
		text += p + "\n\n"
	}
	if link != "" {
		text += action + ": " + link + "\n\n"
	}
	text += footer + "\n"
	return Mail{To: m.To, ToName: m.Name, Subject: subject, Text: text, HTML: html.String(), NotificationID: "account/" + m.Kind}, nil
}

// AccountPostman sends account mails: each once, retried with Backoff
// after a temporary failure, given up after MaxAttempts.
type AccountPostman struct {
	Store       AccountOutbox
	Mailer      Mailer
	WebURL      string
	Location    *time.Location
	Now         func() time.Time
	Every       time.Duration
	MaxAttempts int
	Backoff     time.Duration
	Logger      *slog.Logger
}

// Run sends what is due every p.Every until ctx ends.
func (p AccountPostman) Run(ctx context.Context) error { return every(ctx, p.Every, p.RunOnce) }

// RunOnce sends every account mail due now, one after another: they are
// few (one per registration, reset or email change).
func (p AccountPostman) RunOnce(ctx context.Context) {
	for ctx.Err() == nil {
		batch, err := p.Store.Claim(ctx, p.Now(), mailBatch, mailLease)
		if err != nil {
			if ctx.Err() == nil {
				p.Logger.ErrorContext(ctx, "claiming account mails failed", "err", err)
			}
			return
		}
		for _, d := range batch {
			if err := p.deliver(ctx, d); err != nil && ctx.Err() == nil {
				p.Logger.ErrorContext(ctx, "recording an account mail's outcome failed", "event_id", d.Mail.ID, "err", err)
			}
		}
		if len(batch) < mailBatch {
			return
		}
	}
}

func (p AccountPostman) deliver(ctx context.Context, d AccountDelivery) error {
	m, err := ComposeAccount(d.Mail, p.WebURL, p.Location)
	if err != nil {
		return p.Store.Failed(ctx, d.Mail.ID, "composing the mail: "+err.Error())
	}
	err = p.Mailer.Send(ctx, m)
	var permanent PermanentError
	switch {
	case err == nil:
		return p.Store.Sent(ctx, d.Mail.ID, p.Now())
	case errors.As(err, &permanent):
		return p.Store.Failed(ctx, d.Mail.ID, err.Error())
	case d.Attempt >= p.MaxAttempts:
		return p.Store.Failed(ctx, d.Mail.ID, fmt.Sprintf("%s (gave up after %d attempts)", err, d.Attempt))
	}
	return p.Store.Retry(ctx, d.Mail.ID, p.Now().Add(Backoff(p.Backoff, d.Attempt)), err.Error())
}
