package notification

import (
	"context"
	"errors"
	"log/slog"
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
}

func (o *outbox) Claim(_ context.Context, _ time.Time, limit int, _ time.Duration) ([]Delivery, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := min(limit, len(o.queued))
	out := o.queued[:n]
	o.queued = o.queued[n:]
	return out, nil
}
func (o *outbox) Sent(_ context.Context, id string, _ time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outcome[id] = "sent"
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
	o := &outbox{outcome: map[string]string{}, next: map[string]time.Time{}, queued: []Delivery{
		d("n-on", "on", 1), d("n-off", "off", 1), d("n-refused", "refused", 1), d("n-busy", "busy", 2),
		d("n-busy-last", "busy", 4), d("n-unknown", "ghost", 1), d("n-no-address", "no-address", 1), d("n-lookup", "lookup-down", 1),
	}}
	p := Postman{Store: o, Contacts: contacts, Mailer: m, WebURL: "https://slotwise.in", Now: func() time.Time { return now },
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
	if got := o.next["n-busy"]; !got.Equal(now.Add(10 * time.Second)) {
		t.Errorf("second attempt's retry at %v, want after 10 s", got)
	}
	if len(sent) != 1 || sent[0].To != "on@example.com" || sent[0].NotificationID != "n-on" ||
		!strings.Contains(sent[0].Text, "https://slotwise.in/my-appointments") || !strings.Contains(sent[0].HTML, "Hello On,") {
		t.Fatalf("sent %+v", sent)
	}
}

func TestBackoffDoublesUpToItsBound(t *testing.T) {
	for attempt, want := range map[int]time.Duration{1: 5 * time.Second, 2: 10 * time.Second, 3: 20 * time.Second, 12: MaxBackoff, 40: MaxBackoff} {
		if got := Backoff(5*time.Second, attempt); got != want {
			t.Errorf("attempt %d: %v, want %v", attempt, got, want)
		}
	}
}

func TestComposeEscapesTheHTMLPart(t *testing.T) {
	m, err := Compose(Notification{ID: "n", Kind: KindNewBooking, Text: `New booking request from <b>Eve</b> & co`, AppointmentID: "a 1"},
		Contact{Email: "p@example.com", Name: `Dr "Who"`}, "http://localhost:3000")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<b>Eve</b>") || !strings.Contains(m.HTML, "&lt;b&gt;Eve&lt;/b&gt; &amp; co") ||
		!strings.Contains(m.HTML, `href="http://localhost:3000/my-services?appointment=a&#43;1"`) || m.Subject != "New booking request" {
		t.Fatalf("%+v", m)
	}
}
