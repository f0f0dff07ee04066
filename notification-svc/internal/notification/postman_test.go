package notification

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// outbox is an in-memory Outgoing: one queued email per notification. The
// postman delivers a claim's emails concurrently, hence the lock.
type outbox struct {
	mu      sync.Mutex
	queued  []Delivery
	outcome map[string]string
	next    map[string]time.Time
	// sentCalls is each SentAll call's ids, in order.
	sentCalls [][]string
}

func newOutbox(queued ...Delivery) *outbox {
	return &outbox{outcome: map[string]string{}, next: map[string]time.Time{}, queued: queued}
}

func (o *outbox) Claim(_ context.Context, _ time.Time, limit int, _ time.Duration) ([]Delivery, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := min(limit, len(o.queued))
	out := o.queued[:n]
	o.queued = o.queued[n:]
	return out, nil
}

// SentAll fails on an ended ctx, as the database would.
func (o *outbox) SentAll(ctx context.Context, ids []string, _ time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sentCalls = append(o.sentCalls, ids)
	for _, id := range ids {
		o.outcome[id] = "sent"
	}
	return nil
}
func (o *outbox) Retry(_ context.Context, id string, next time.Time, reason string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outcome[id], o.next[id] = "retry: "+reason, next
	return nil
}
func (o *outbox) Failed(_ context.Context, id, reason string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outcome[id] = "failed: " + reason
	return nil
}
func (o *outbox) Off(_ context.Context, id string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outcome[id] = "off"
	return nil
}

type book map[string]Contact

func (b book) Contact(_ context.Context, id string) (Contact, error) {
	if id == "lookup-down" {
		return Contact{}, errors.New("auth-svc unavailable")
	}
	c, ok := b[id]
	if !ok {
		return Contact{}, ErrNoContact
	}
	return c, nil
}

// countedBook is a book that counts its lookups per recipient.
type countedBook struct {
	book
	mu      sync.Mutex
	lookups map[string]int
}

func (b *countedBook) Contact(ctx context.Context, id string) (Contact, error) {
	b.mu.Lock()
	b.lookups[id]++
	b.mu.Unlock()
	return b.book.Contact(ctx, id)
}

type mailerFunc func(Mail) error

func (f mailerFunc) Send(_ context.Context, m Mail) error { return f(m) }

func TestPostmanRecordsEveryOutcome(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	contacts := book{
		"on": {Email: "on@example.com", Name: "On", EmailOn: true}, "off": {Email: "off@example.com", EmailOn: false},
		"refused": {Email: "refused@example.com", EmailOn: true}, "busy": {Email: "busy@example.com", EmailOn: true},
		"no-address": {EmailOn: true},
	}
	var sent []Mail
	m := mailerFunc(func(m Mail) error {
		switch m.To {
		case "refused@example.com":
			return PermanentError{Err: errors.New("550 no such mailbox")}
		case "busy@example.com":
			return errors.New("451 try again")
		}
		sent = append(sent, m)
		return nil
	})
	d := func(id, recipient string, attempt int) Delivery {
		return Delivery{Notification: Notification{ID: id, RecipientID: recipient, Kind: KindConfirmed, Text: "Confirmed."}, Attempt: attempt}
	}
	o := newOutbox(
		d("n-on", "on", 1), d("n-off", "off", 1), d("n-refused", "refused", 1), d("n-busy", "busy", 2),
		d("n-busy-last", "busy", 4), d("n-unknown", "ghost", 1), d("n-no-address", "no-address", 1), d("n-lookup", "lookup-down", 1),
	)
	p := Postman{Store: o, Contacts: contacts, Mailer: m, Composer: Composer{WebURL: "https://slotwise.in", Location: time.UTC, Now: time.Now}, Now: func() time.Time { return now },
		MaxAttempts: 4, Backoff: 5 * time.Second, Logger: slog.New(slog.DiscardHandler)}
	p.RunOnce(context.Background())

	want := map[string]string{
		"n-on": "sent", "n-off": "off", "n-refused": "failed: 550 no such mailbox", "n-busy": "retry: 451 try again",
		"n-busy-last": "failed: 451 try again (gave up after 4 attempts)", "n-unknown": "failed: the recipient has no account",
		"n-no-address": "failed: the recipient has no email address", "n-lookup": "retry: looking up the recipient: auth-svc unavailable",
	}
	for id, w := range want {
		if o.outcome[id] != w {
			t.Errorf("%s: %q, want %q", id, o.outcome[id], w)
		}
	}
	if len(o.sentCalls) != 1 || !slices.Equal(o.sentCalls[0], []string{"n-on"}) {
		t.Errorf("SentAll calls %v, want one with n-on", o.sentCalls)
	}
	if got := o.next["n-busy"]; !got.Equal(now.Add(10 * time.Second)) {
		t.Errorf("second attempt's retry at %v, want after 10 s", got)
	}
	if len(sent) != 1 || sent[0].To != "on@example.com" || sent[0].NotificationID != "n-on" ||
		!strings.Contains(sent[0].Text, "https://slotwise.in/my-appointments") || !strings.Contains(sent[0].HTML, "Hello On,") {
		t.Fatalf("sent %+v", sent)
	}
}

func delivery(id, recipient string, attempt int) Delivery {
	return Delivery{Notification: Notification{ID: id, RecipientID: recipient, Kind: KindNewBooking, Text: "New booking."}, Attempt: attempt}
}

func postman(o *outbox, c Contacts, m Mailer) Postman {
	return Postman{Store: o, Contacts: c, Mailer: m, Composer: Composer{WebURL: "https://slotwise.in", Location: time.UTC, Now: time.Now}, Now: time.Now,
		MaxAttempts: 4, Backoff: 5 * time.Second, Logger: slog.New(slog.DiscardHandler)}
}

// A busy provider's many mails in one batch: one lookup per recipient, and
// every mail sent recorded by one statement.
func TestPostmanLooksEachRecipientUpOnceAndRecordsTheBatchAtOnce(t *testing.T) {
	contacts := &countedBook{lookups: map[string]int{}, book: book{
		"busy-provider": {Email: "p@example.com", EmailOn: true}, "customer": {Email: "c@example.com", EmailOn: true},
		"quiet": {Email: "q@example.com", EmailOn: false},
	}}
	var wantSent []string
	var batch []Delivery
	for i := range 20 {
		id := fmt.Sprintf("n-%02d", i)
		batch = append(batch, delivery(id, "busy-provider", 1))
		wantSent = append(wantSent, id)
	}
	batch = append(batch, delivery("n-customer", "customer", 1), delivery("n-quiet-1", "quiet", 1), delivery("n-quiet-2", "quiet", 1))
	wantSent = append(wantSent, "n-customer")
	var mu sync.Mutex
	mailed := 0
	o := newOutbox(batch...)
	postman(o, contacts, mailerFunc(func(Mail) error { mu.Lock(); mailed++; mu.Unlock(); return nil })).RunOnce(context.Background())

	if want := map[string]int{"busy-provider": 1, "customer": 1, "quiet": 1}; !maps.Equal(contacts.lookups, want) {
		t.Errorf("lookups %v, want %v", contacts.lookups, want)
	}
	if mailed != len(wantSent) {
		t.Errorf("%d mails sent, want %d", mailed, len(wantSent))
	}
	if len(o.sentCalls) != 1 || !slices.Equal(o.sentCalls[0], wantSent) {
		t.Errorf("SentAll calls %v, want one with %v", o.sentCalls, wantSent)
	}
	if o.outcome["n-quiet-1"] != "off" || o.outcome["n-quiet-2"] != "off" {
		t.Errorf("switched-off recipient's mails: %q, %q", o.outcome["n-quiet-1"], o.outcome["n-quiet-2"])
	}
}

// One failed lookup is shared by the recipient's mails, and each is retried
// (or given up) on its own attempt count, as if looked up alone.
func TestPostmanRetriesEveryMailOfARecipientWhoseLookupFailed(t *testing.T) {
	contacts := &countedBook{lookups: map[string]int{}, book: book{"on": {Email: "on@example.com", EmailOn: true}}}
	o := newOutbox(delivery("n-1", "lookup-down", 1), delivery("n-2", "lookup-down", 3), delivery("n-3", "lookup-down", 4), delivery("n-on", "on", 1))
	postman(o, contacts, mailerFunc(func(Mail) error { return nil })).RunOnce(context.Background())

	want := map[string]string{
		"n-1": "retry: looking up the recipient: auth-svc unavailable", "n-2": "retry: looking up the recipient: auth-svc unavailable",
		"n-3": "failed: looking up the recipient: auth-svc unavailable (gave up after 4 attempts)", "n-on": "sent",
	}
	if !maps.Equal(o.outcome, want) {
		t.Errorf("outcomes %v, want %v", o.outcome, want)
	}
	if contacts.lookups["lookup-down"] != 1 {
		t.Errorf("%d lookups of the failing recipient, want 1", contacts.lookups["lookup-down"])
	}
}

// A postman stopped mid-batch still records the mails already out, so they
// are not all mailed again after the lease.
func TestPostmanRecordsWhatWasSentWhenStoppedMidBatch(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	o := newOutbox(delivery("n-1", "on", 1))
	m := mailerFunc(func(Mail) error { stop(); return nil }) // the mail went out as the service was stopping
	postman(o, book{"on": {Email: "on@example.com", EmailOn: true}}, m).RunOnce(ctx)
	if o.outcome["n-1"] != "sent" {
		t.Fatalf("n-1: %q, want sent", o.outcome["n-1"])
	}
}

// The next batch is claimed and mailed while the last mail of the batch
// before is still out: the senders do not wait for a batch's slowest mail.
func TestPostmanMailsTheNextBatchWhileOneIsOut(t *testing.T) {
	var queued []Delivery
	for i := range mailBatch + 1 {
		queued = append(queued, delivery(fmt.Sprintf("n-%03d", i), "on", 1))
	}
	o := newOutbox(queued...)
	slow, last := queued[0].Notification.ID, queued[mailBatch].Notification.ID
	lastSent := make(chan struct{})
	m := mailerFunc(func(mail Mail) error {
		switch mail.NotificationID {
		case slow: // the first batch's slowest mail ends only once the second batch is out
			select {
			case <-lastSent:
			case <-time.After(10 * time.Second):
				return errors.New("the second batch was not mailed while the first was out")
			}
		case last:
			close(lastSent)
		}
		return nil
	})
	postman(o, book{"on": {Email: "on@example.com", EmailOn: true}}, m).RunOnce(context.Background())
	for _, d := range queued {
		if got := o.outcome[d.Notification.ID]; got != "sent" {
			t.Fatalf("%s: %q, want sent", d.Notification.ID, got)
		}
	}
	if len(o.sentCalls) != 2 {
		t.Errorf("SentAll calls %d, want one per batch", len(o.sentCalls))
	}
}

func TestBackoffDoublesUpToItsBound(t *testing.T) {
	for attempt, want := range map[int]time.Duration{1: 5 * time.Second, 2: 10 * time.Second, 3: 20 * time.Second, 12: MaxBackoff, 40: MaxBackoff} {
		if got := Backoff(5*time.Second, attempt); got != want {
			t.Errorf("attempt %d: %v, want %v", attempt, got, want)
		}
	}
}

// A team member is mailed only while their provider's own address is
// verified: an unverified provider's member mail is switched off; a
// provider gone fails it; a provider's lookup down retries it.
func TestMemberMailNeedsAVerifiedProvider(t *testing.T) {
	member := func(id, provider string) Delivery {
		return Delivery{Notification: Notification{ID: id, RecipientID: MemberRecipient(provider, "staff-1"), Kind: KindMemberBooked,
			Text: "Asha booked a haircut with you.", ToEmail: "ann@example.com", ToName: "Ann"}, Attempt: 1}
	}
	contacts := book{
		"verified":   {Email: "p@example.com", EmailOn: false, Verified: true}, // their own mails off: the member's still go
		"unverified": {Email: "q@example.com", EmailOn: true},
	}
	o := newOutbox(member("to-verified", "verified"), member("to-unverified", "unverified"), member("gone", "nobody"),
		member("down", "lookup-down"), Delivery{Notification: Notification{ID: "malformed", RecipientID: "member:", ToEmail: "x@example.com"}, Attempt: 1})
	var to []string
	var mu sync.Mutex
	postman(o, contacts, mailerFunc(func(m Mail) error { mu.Lock(); to = append(to, m.To); mu.Unlock(); return nil })).RunOnce(context.Background())
	if len(to) != 1 || to[0] != "ann@example.com" {
		t.Errorf("mailed %v, want only the verified provider's member", to)
	}
	want := map[string]string{"to-verified": "sent", "to-unverified": "off", "gone": "failed: " + ErrNoContact.Error(),
		"malformed": "failed: " + ErrNoContact.Error()}
	for id, w := range want {
		if o.outcome[id] != w {
			t.Errorf("%s: %q, want %q", id, o.outcome[id], w)
		}
	}
	if !strings.HasPrefix(o.outcome["down"], "retry: ") {
		t.Errorf("down: %q, want a retry", o.outcome["down"])
	}
}
