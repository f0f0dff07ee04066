package notification

import (
	"context"
	"errors"
	"fmt"
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
	// AccountLoginLocked: wrong passwords locked a client out of the
	// account (auth-svc/internal/auth/guessing.go), once per run.
	AccountLoginLocked = "login_locked"
)

// Web app pages the links open (frontend's routes).
const (
	VerifyEmailPath    = "/verify-email"
	ResetPasswordPath  = "/reset-password"
	ForgotPasswordPath = "/forgot-password"
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

// ComposeAccount writes m as a mail in the layout every mail uses
// (letter.go); webURL is the web app's address. Account mails carry no
// unsubscribe link: the profile's switch does not stop them.
func ComposeAccount(m AccountMail, webURL string, loc *time.Location) (Mail, error) {
	until := ""
	if !m.ExpiresAt.IsZero() {
		until = m.ExpiresAt.In(loc).Format("2 Jan 2006, 15:04 MST")
	}
	l := Letter{Greeting: "Hello " + orDefault(m.Name, "there") + ","}
	switch m.Kind {
	case AccountVerifyEmail:
		l.Button = Link{Label: "Verify my email address", URL: webURL + VerifyEmailPath + "?token=" + url.QueryEscape(m.Token)}
		if m.NewEmail != "" {
			l.Title = "Confirm your new email address"
			l.Paragraphs = []string{"You asked to change your Slotwise email address to " + m.To + ". Open the link below to confirm it; until then your account keeps its old address."}
		} else {
			l.Title = "Verify your email address"
			l.Paragraphs = []string{"Welcome to Slotwise. Please open the link below to verify this email address. Until you do, we send no booking emails to it (you still see every notification in the app)."}
		}
		l.Paragraphs = append(l.Paragraphs, "The link works until "+until+".")
		l.Footer = "If you did not ask for this, ignore this email: nothing changes."
	case AccountPasswordReset:
		l.Title = "Reset your Slotwise password"
		l.Button = Link{Label: "Choose a new password", URL: webURL + ResetPasswordPath + "?token=" + url.QueryEscape(m.Token)}
		l.Paragraphs = []string{"Someone (we hope you) asked to reset the password of your Slotwise account. Open the link below to choose a new one; every device signed in to the account is then signed out.",
			"The link works once, until " + until + "."}
		l.Footer = "If you did not ask for this, ignore this email: your password stays as it is."
	case AccountLoginLocked:
		// A link to ask for a reset, not a reset link: a guesser's wrong
		// passwords must not mint a working reset token.
		l.Title = "Someone tried to sign in to your account"
		l.Button = Link{Label: "Reset my password", URL: webURL + ForgotPasswordPath}
		l.Paragraphs = []string{"Someone entered a wrong password for your Slotwise account several times in a row, so we paused sign-ins from where they tried. You can still sign in from your own devices.",
			"If it was not you, reset your password to be safe: the link below asks for a reset link for this address."}
		l.Footer = "If it was you, wait a little and try again: nothing else changed."
	case AccountEmailChanged:
		l.Title = "Your Slotwise email address was changed"
		l.Paragraphs = []string{"The email address of your Slotwise account was changed to " + m.NewEmail + ". We will send no more emails to this address.",
			"If you did not make this change, reset your password from the sign-in page using the new address, or contact support."}
		l.Footer = "You get this email because this address was the account's until now."
	default:
		return Mail{}, fmt.Errorf("unknown account mail kind %q", m.Kind)
	}
	text, html, err := Render(l)
	if err != nil {
		return Mail{}, err
	}
	return Mail{To: m.To, ToName: m.Name, Subject: l.Title, Text: text, HTML: html, NotificationID: "account/" + m.Kind}, nil
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
