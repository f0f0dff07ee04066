// Package mailer sends notification mails over SMTP with go-mail
// (docs/decisions.md, "Notifications").
package mailer

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/wneessen/go-mail"

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

// Send delivers m as one message with a plain-text and an HTML part. A
// refusal the server calls permanent (5xx) is a notification.PermanentError.
func (s SMTP) Send(ctx context.Context, m notification.Mail) error {
	msg := mail.NewMsg()
	if err := msg.FromFormat("Slotwise", s.From); err != nil {
		return notification.PermanentError{Err: fmt.Errorf("sender %q: %w", s.From, err)}
	}
	if err := msg.AddToFormat(m.ToName, m.To); err != nil {
		return notification.PermanentError{Err: fmt.Errorf("recipient %q: %w", m.To, err)}
	}
	msg.Subject(m.Subject)
	msg.SetGenHeader("X-Slotwise-Notification", m.NotificationID)
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(mail.TypeTextHTML, m.HTML)

	client, err := s.client()
	if err != nil {
		return notification.PermanentError{Err: err}
	}
	err = client.DialAndSendWithContext(ctx, msg)
	var se *mail.SendError
	if errors.As(err, &se) && !se.IsTemp() {
		return notification.PermanentError{Err: err}
	}
	return err
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
	opts := []mail.Option{mail.WithPort(port), mail.WithTLSPolicy(policy), mail.WithTimeout(15 * time.Second)}
	if s.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(s.Username), mail.WithPassword(s.Password))
	}
	return mail.NewClient(host, opts...)
}
