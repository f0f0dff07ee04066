// Package mailer sends notification mails over SMTP with go-mail
// (docs/adr/0052-smtp-sessions-and-pipelining.md).
package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// TLS modes of SMTP_TLS.
const (
	TLSOpportunistic = "opportunistic" // STARTTLS when the server offers it
	TLSMandatory     = "mandatory"     // STARTTLS or fail
	TLSOff           = "off"           // plain SMTP (a local Mailpit)
)

// SMTP is a mail server.
type SMTP struct {
	// Addr is host:port.
	Addr string
	// Username and Password authenticate (PLAIN) when Username is set.
	Username, Password string
	// From is the sender's address.
	From string
	TLS  string
}

// Sender delivers mail to one SMTP server over connections it keeps open
// between mails: a session costs a TCP handshake, the greeting, EHLO (and
// STARTTLS, AUTH) and QUIT, more than the mail itself, and a burst of
// bookings queues a mail each (docs/adr/0052-smtp-sessions-and-pipelining.md). Safe for
// concurrent use; each mail has a connection to itself.
type Sender struct {
	smtp SMTP

	once   sync.Once
	client *mail.Client // the server's settings; nil when they are wrong
	err    error

	idle chan *session
}

// session is an open connection and when it was last used.
type session struct {
	conn *smtp.Client
	used time.Time
}

// Connection reuse bounds: at most maxIdle connections wait between mails
// (the postman sends that many at once), and one idle longer than
// maxIdleTime is closed rather than used: servers drop quiet sessions
// (RFC 5321 §4.5.3.2.7 lets them after five minutes), and a fresh one is
// cheaper than a failed try.
const (
	// timeout bounds each step: the dial and session, and each mail.
	timeout     = 15 * time.Second
	maxIdle     = 8
	maxIdleTime = 30 * time.Second
)

// NewSender delivers to s.
func NewSender(s SMTP) *Sender { return &Sender{smtp: s, idle: make(chan *session, maxIdle)} }

// Send delivers m as one message with a plain-text and an HTML part. A
// refusal the server calls permanent (5xx) is a notification.PermanentError.
func (s *Sender) Send(ctx context.Context, m notification.Mail) error {
	msg := mail.NewMsg()
	if err := msg.FromFormat("Slotwise", s.smtp.From); err != nil {
		return notification.PermanentError{Err: fmt.Errorf("sender %q: %w", s.smtp.From, err)}
	}
	if err := msg.AddToFormat(m.ToName, m.To); err != nil {
		return notification.PermanentError{Err: fmt.Errorf("recipient %q: %w", m.To, err)}
	}
	msg.Subject(m.Subject)
	msg.SetGenHeader("X-Slotwise-Notification", m.NotificationID)
	if m.Unsubscribe != "" { // one-click unsubscribe (RFC 8058)
		msg.SetGenHeader(mail.HeaderListUnsubscribe, "<"+m.Unsubscribe+">")
		msg.SetGenHeader(mail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(mail.TypeTextHTML, m.HTML)
	if m.Calendar != "" {
		// multipart/mixed: the two alternatives, then the calendar file.
		// The method in its type lets mail programs offer "add to calendar".
		msg.AttachReadSeeker("appointment.ics", strings.NewReader(m.Calendar),
			mail.WithFileContentType(mail.ContentType("text/calendar; charset=utf-8; method="+m.CalendarMethod)))
	}

	from, err := msg.GetSender(false)
	if err != nil {
		return notification.PermanentError{Err: fmt.Errorf("sender %q: %w", s.smtp.From, err)}
	}
	to, err := msg.GetRecipients()
	if err != nil || len(to) != 1 {
		return notification.PermanentError{Err: fmt.Errorf("recipient %q: %v", m.To, err)}
	}
	var message bytes.Buffer
	if _, err := msg.WriteTo(&message); err != nil {
		return notification.PermanentError{Err: fmt.Errorf("composing the mail: %w", err)}
	}

	s.once.Do(func() { s.client, s.err = s.smtp.client() })
	if s.err != nil {
		return notification.PermanentError{Err: s.err}
	}
	err = s.send(ctx, transaction{from: from, to: to[0], message: message.Bytes()})
	if permanent(err) {
		return notification.PermanentError{Err: err}
	}
	return err
}

// permanent is a refusal the server calls permanent (5xx).
func permanent(err error) bool {
	var refused *textproto.Error
	return errors.As(err, &refused) && refused.Code >= 500
}

// send sends t on a kept connection, or a new one. A kept connection the
// server has dropped fails in the envelope, before anything of the mail
// was accepted: then t goes on a new one. (go-mail's NOOP check before
// every mail would find it one round trip earlier, but costs that round
// trip on every mail, WithoutNoop below.)
func (s *Sender) send(ctx context.Context, t transaction) error {
	if kept := s.take(); kept != nil {
		err := s.run(kept, t)
		if !dropped(err) {
			s.done(kept, err)
			return err
		}
		_ = s.client.CloseWithSMTPClient(kept)
	}
	conn, err := s.client.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("dial failed: %w", err)
	}
	err = s.run(conn, t)
	s.done(conn, err)
	return err
}

// dropped is a failure of the connection in the envelope, before any part
// of the mail was accepted: the connection failed, or the server said it
// is closing it (421). A refusal of the mail itself is not: it would be
// refused again, and a temporary one is for the postman to retry later.
func dropped(err error) bool {
	var envelope envelopeError
	if !errors.As(err, &envelope) {
		return false
	}
	var refused *textproto.Error
	return !errors.As(err, &refused) || refused.Code == 421
}

// run sends t on conn within timeout.
func (s *Sender) run(conn *smtp.Client, t transaction) error {
	if err := conn.UpdateDeadline(timeout); err != nil {
		return envelopeError{err}
	}
	return t.send(conn)
}

// take is a kept connection that has not idled too long, or nil.
func (s *Sender) take() *smtp.Client {
	for {
		select {
		case k := <-s.idle:
			if time.Since(k.used) < maxIdleTime {
				return k.conn
			}
			_ = s.client.CloseWithSMTPClient(k.conn)
		default:
			return nil
		}
	}
}

// done keeps conn for the next mail after a success; after a failure its
// session may be mid-command, so it is closed.
func (s *Sender) done(conn *smtp.Client, err error) {
	if err == nil {
		select {
		case s.idle <- &session{conn: conn, used: time.Now()}:
			return
		default:
		}
	}
	_ = s.client.CloseWithSMTPClient(conn)
}

// Close says QUIT on every kept connection.
func (s *Sender) Close() {
	for {
		select {
		case k := <-s.idle:
			_ = s.client.CloseWithSMTPClient(k.conn)
		default:
			return
		}
	}
}

func (s SMTP) client() (*mail.Client, error) {
	host, portText, err := net.SplitHostPort(s.Addr)
	if err != nil {
		return nil, fmt.Errorf("SMTP_ADDR %q: %w", s.Addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("SMTP_ADDR %q: bad port", s.Addr)
	}
	policy := mail.TLSOpportunistic
	switch s.TLS {
	case TLSMandatory:
		policy = mail.TLSMandatory
	case TLSOff:
		policy = mail.NoTLS
	}
	opts := []mail.Option{mail.WithPort(port), mail.WithTLSPolicy(policy), mail.WithTimeout(timeout), mail.WithoutNoop()}
	if s.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(s.Username), mail.WithPassword(s.Password))
	}
	return mail.NewClient(host, opts...)
}
