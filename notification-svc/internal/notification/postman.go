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
	// Details is the notification's appointment as last seen; nil: none.
	Details *Details
	Attempt int
}

// Outgoing keeps each notification's email status: queued until it is sent,
// switched off, or failed with its reason.
type Outgoing interface {
	// Claim takes up to limit queued emails due at now for one attempt
	// each; another claim sees them again only after lease (a replica that
	// died mid-send leaves them to the others).
	Claim(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]Delivery, error)
	// SentAll records many emails sent at once: one statement (and one
	// commit) for a batch rather than one per mail.
	SentAll(ctx context.Context, ids []string, at time.Time) error
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
	// Composer writes each mail (its WebURL is the web app's public
	// address, for every link in it).
	Composer Composer
	Now      func() time.Time
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
	// mailBatch emails are claimed at a time and sent mailSenders at once;
	// up to batchesInFlight batches are out together, so the next one is
	// claimed while the last mails of the one before are in flight and
	// the senders never wait for a batch's slowest mail, its record and
	// the next claim. One batch at a time kept up with about a quarter of
	// the bookings 64 clients made on the bench (docs/bench/README.md,
	// fifth session).
	mailBatch       = 50
	mailSenders     = 8
	batchesInFlight = 2
	// recordTimeout bounds recording a batch's sent mails once the postman
	// is stopping (see recordSent).
	recordTimeout = 5 * time.Second
)

// Run mails what is queued every p.Every until ctx ends.
func (p Postman) Run(ctx context.Context) error { return every(ctx, p.Every, p.RunOnce) }

// RunOnce sends every email due now, batchesInFlight batches at a time,
// and returns once they are all sent and recorded.
func (p Postman) RunOnce(ctx context.Context) {
	senders := make(chan struct{}, mailSenders) // shared by the batches out
	batches := make(chan struct{}, batchesInFlight)
	var wg sync.WaitGroup
	defer wg.Wait()
	for ctx.Err() == nil {
		batches <- struct{}{}
		batch, err := p.Store.Claim(ctx, p.Now(), mailBatch, mailLease)
		if err != nil {
			if ctx.Err() == nil {
				p.Logger.ErrorContext(ctx, "claiming queued emails failed", "err", err)
			}
			return
		}
		wg.Add(1)
		go func() {
			defer func() { <-batches; wg.Done() }()
			p.mail(ctx, batch, senders)
		}()
		if len(batch) < mailBatch {
			return
		}
	}
}

// mail delivers a claimed batch on the senders free, then records the
// mails sent in one statement. Each recipient is looked up once for the
// whole batch: a busy provider gets many mails in one claim, and every
// lookup is a call to auth-svc and a query there.
func (p Postman) mail(ctx context.Context, batch []Delivery, sem chan struct{}) {
	contacts := lookUpOnceEach(p.Contacts)
	sent := make([]bool, len(batch)) // each sender writes only its own element
	var wg sync.WaitGroup
	for i, d := range batch {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			ok, err := p.deliver(ctx, contacts, d)
			if err != nil && ctx.Err() == nil {
				p.Logger.ErrorContext(ctx, "recording an email's outcome failed", "notification_id", d.Notification.ID, "err", err)
			}
			sent[i] = ok
		}()
	}
	wg.Wait()
	var ids []string
	for i, ok := range sent {
		if ok {
			ids = append(ids, batch[i].Notification.ID)
		}
	}
	p.recordSent(ctx, ids)
}

// recordSent marks the batch's sent mails in one statement. If that fails
// the mails stay claimed and are mailed again once the lease ends: at least
// once, as after a crash between a send and its record (SMTP has no
// idempotency to prevent it). The same holds for a batch that outlasts
// mailLease before it gets here (another replica may claim its sent mails
// before they are recorded). The statement runs even if ctx ended during
// the batch (bounded by recordTimeout): the mails are out, and a postman
// stopped mid-batch should not mail them all again.
func (p Postman) recordSent(ctx context.Context, ids []string) {
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	if err := p.Store.SentAll(ctx, ids, p.Now()); err != nil {
		p.Logger.ErrorContext(ctx, "recording sent emails failed; they are mailed again after the lease", "count", len(ids), "err", err)
	}
}

// deliver makes one attempt and records its outcome, except a sent mail:
// that it reports (sent), for the batch to record with the others.
func (p Postman) deliver(ctx context.Context, contacts Contacts, d Delivery) (sent bool, err error) {
	n := d.Notification
	c, err := contactOf(ctx, contacts, n)
	switch {
	case errors.Is(err, ErrNoContact):
		return false, p.Store.Failed(ctx, n.ID, err.Error())
	case err != nil:
		return false, p.retry(ctx, d, "looking up the recipient: "+err.Error())
	case !c.EmailOn:
		return false, p.Store.Off(ctx, n.ID)
	case c.Email == "":
		return false, p.Store.Failed(ctx, n.ID, "the recipient has no email address")
	}
	m, err := p.Composer.Compose(n, d.Details, c)
	if err != nil {
		return false, p.Store.Failed(ctx, n.ID, "composing the mail: "+err.Error())
	}
	err = p.Mailer.Send(ctx, m)
	var permanent PermanentError
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &permanent):
		return false, p.Store.Failed(ctx, n.ID, err.Error())
	default:
		return false, p.retry(ctx, d, err.Error())
	}
}

// contactOf is where n goes: a team member's own address (they have no
// account, so nothing to look up or switch off), else the recipient's
// account.
func contactOf(ctx context.Context, contacts Contacts, n Notification) (Contact, error) {
	if n.ToEmail != "" {
		return memberContact(ctx, contacts, n)
	}
	return contacts.Contact(ctx, n.RecipientID)
}

// memberContact is where a team member's mail goes: the address their
// provider gave, mailed only while the provider's own address is verified.
// Anyone can register a provider and type in any address as a member's;
// a provider who has not proved they read their own mail does not get
// Slotwise to mail strangers. A provider gone is a recipient gone.
func memberContact(ctx context.Context, contacts Contacts, n Notification) (Contact, error) {
	providerID, ok := memberProvider(n.RecipientID)
	if !ok {
		return Contact{}, ErrNoContact
	}
	p, err := contacts.Contact(ctx, providerID)
	if err != nil {
		return Contact{}, err
	}
	return Contact{Email: n.ToEmail, Name: n.ToName, EmailOn: p.Verified}, nil
}

// onceEach is Contacts looking each recipient up at most once; concurrent
// askers for one recipient wait for that one lookup and share its answer,
// error included (so each of their mails is retried as it would be on its
// own). It lives for one batch: a profile change counts from the next.
type onceEach struct {
	contacts Contacts
	mu       sync.Mutex
	lookups  map[string]*lookup
}

type lookup struct {
	once    sync.Once
	contact Contact
	err     error
}

func lookUpOnceEach(c Contacts) *onceEach {
	return &onceEach{contacts: c, lookups: map[string]*lookup{}}
}

func (o *onceEach) Contact(ctx context.Context, userID string) (Contact, error) {
	o.mu.Lock()
	l, ok := o.lookups[userID]
	if !ok {
		l = &lookup{}
		o.lookups[userID] = l
	}
	o.mu.Unlock()
	l.once.Do(func() { l.contact, l.err = o.contacts.Contact(ctx, userID) })
	return l.contact, l.err
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
