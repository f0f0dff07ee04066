package notification

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Delivery is a notification whose email is claimed for one attempt
// (Attempt counts from 1).
type Delivery struct {
	Notification Notification
	Attempt      int
}

// Outgoing keeps each notification's email status: queued until it is sent,
// switched off, or failed with its reason.
type Outgoing interface {
	// Claim takes up to limit queued emails due at now for one attempt
	// each; another claim sees them again only after lease (a replica that
	// died mid-send leaves them to the others).
	Claim(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]Delivery, error)
	Sent(ctx context.Context, id string, at time.Time) error
	Retry(ctx context.Context, id string, next time.Time, reason string) error
	Failed(ctx context.Context, id, reason string) error
	Off(ctx context.Context, id string) error
}

// Contacts finds where a recipient's mail goes; ErrNoContact when the
// recipient has no account.
type Contacts interface {
	Contact(ctx context.Context, userID string) (Contact, error)
}

// Mailer sends one mail. A failure wrapped in PermanentError cannot succeed
// on a retry (the server refused the recipient); any other may.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// ErrNoContact is a recipient auth-svc does not know.
var ErrNoContact = errors.New("the recipient has no account")

// PermanentError is a mail failure retrying cannot fix.
type PermanentError struct{ Err error }

func (e PermanentError) Error() string { return e.Err.Error() }
func (e PermanentError) Unwrap() error { return e.Err }

// Postman mails notifications: each one's email is sent once, or switched
// off by its recipient, or given up after MaxAttempts with the reason kept.
type Postman struct {
	Store    Outgoing
	Contacts Contacts
	Mailer   Mailer
	// WebURL is the web app's address, for the link in each mail.
	WebURL string
	Now    func() time.Time
	// Every is how often queued mail is looked for.
	Every time.Duration
	// MaxAttempts bounds the tries of one email; Backoff is the wait after
	// the first failure, doubled after each next one (at most MaxBackoff).
	MaxAttempts int
	Backoff     time.Duration
	Logger      *slog.Logger
}

// Email delivery defaults.
const (
	DefaultMailInterval = time.Second
	DefaultMaxAttempts  = 6
	DefaultMailBackoff  = 5 * time.Second
	MaxBackoff          = 10 * time.Minute
	// mailLease is how long a claimed email is left to its sender.
	mailLease = 2 * time.Minute
	// mailBatch emails are claimed at a time and sent mailSenders at once.
	mailBatch   = 50
	mailSenders = 8
)

// Run mails what is queued every p.Every until ctx ends.
func (p Postman) Run(ctx context.Context) error { return every(ctx, p.Every, p.RunOnce) }

// RunOnce sends every email due now, a batch at a time.
func (p Postman) RunOnce(ctx context.Context) {
	for ctx.Err() == nil {
		batch, err := p.Store.Claim(ctx, p.Now(), mailBatch, mailLease)
		if err != nil {
			if ctx.Err() == nil {
				p.Logger.ErrorContext(ctx, "claiming queued emails failed", "err", err)
			}
			return
		}
		sem := make(chan struct{}, mailSenders)
		var wg sync.WaitGroup
		for _, d := range batch {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				if err := p.deliver(ctx, d); err != nil && ctx.Err() == nil {
					p.Logger.ErrorContext(ctx, "recording an email's outcome failed", "notification_id", d.Notification.ID, "err", err)
				}
			}()
		}
		wg.Wait()
		if len(batch) < mailBatch {
			return
		}
	}
}

// deliver makes one attempt and records its outcome.
func (p Postman) deliver(ctx context.Context, d Delivery) error {
	n := d.Notification
	c, err := p.Contacts.Contact(ctx, n.RecipientID)
	switch {
	case errors.Is(err, ErrNoContact):
		return p.Store.Failed(ctx, n.ID, err.Error())
	case err != nil:
		return p.retry(ctx, d, "looking up the recipient: "+err.Error())
	case !c.EmailOn:
		return p.Store.Off(ctx, n.ID)
	case c.Email == "":
		return p.Store.Failed(ctx, n.ID, "the recipient has no email address")
	}
	m, err := Compose(n, c, p.WebURL)
	if err != nil {
		return p.Store.Failed(ctx, n.ID, "composing the mail: "+err.Error())
	}
	err = p.Mailer.Send(ctx, m)
	var permanent PermanentError
	switch {
	case err == nil:
		return p.Store.Sent(ctx, n.ID, p.Now())
	case errors.As(err, &permanent):
		return p.Store.Failed(ctx, n.ID, err.Error())
	default:
		return p.retry(ctx, d, err.Error())
	}
}

// retry queues the email again after a backoff, or gives up once
// MaxAttempts were made.
func (p Postman) retry(ctx context.Context, d Delivery, reason string) error {
	if d.Attempt >= p.MaxAttempts {
		return p.Store.Failed(ctx, d.Notification.ID, fmt.Sprintf("%s (gave up after %d attempts)", reason, d.Attempt))
	}
	return p.Store.Retry(ctx, d.Notification.ID, p.Now().Add(Backoff(p.Backoff, d.Attempt)), reason)
}

// Backoff is the wait after the attempt-th failure: base, doubled after
// each further one, at most MaxBackoff.
func Backoff(base time.Duration, attempt int) time.Duration {
	d := base
	for i := 1; i < attempt && d < MaxBackoff; i++ {
		d *= 2
	}
	return min(d, MaxBackoff)
}
