package mailer

import (
	"errors"
	"fmt"
	"net/textproto"
	"strings"

	"github.com/wneessen/go-mail/smtp"
)

// transaction sends one message on a connection go-mail opened (greeting,
// EHLO, STARTTLS, AUTH): the envelope, then the message.
//
// Where the server offers PIPELINING (RFC 2920, as Postfix and Exim do;
// Mailpit does not) MAIL FROM, RCPT TO and DATA leave in one write and
// their replies are read together; the message follows in one write. A
// mail then costs two round trips instead of go-mail's five (each command
// waits for its reply, and an RSET follows every mail, which RFC 5321
// §4.1.1.4 does not ask for after a completed DATA). Against a relay 20 ms
// away that is 40 ms a mail instead of 100 (docs/bench/README.md, fifth
// session, for what it did on one machine). go-mail
// keeps composing the message (MIME, encodings) and the session;
// docs/adr/0052-smtp-sessions-and-pipelining.md says why the transaction is ours.
type transaction struct {
	from, to string // addresses without names: "<a@b.example>"
	message  []byte // as go-mail's Msg.WriteTo writes it
}

// envelopeError is a failure before the server took any part of the
// message: on a kept connection the mail may go again on a new one.
type envelopeError struct{ err error }

func (e envelopeError) Error() string { return e.err.Error() }
func (e envelopeError) Unwrap() error { return e.err }

// send runs t on c. A refusal is a *textproto.Error (its Code says 4xx or
// 5xx); after any error c is in an unknown state and must be closed.
func (t transaction) send(c *smtp.Client) error {
	mailCmd := "MAIL FROM:" + t.from
	if ok, _ := c.Extension("SMTPUTF8"); ok && !isASCII(t.from+t.to) {
		mailCmd += " SMTPUTF8"
	}
	commands := []command{{mailCmd, 250}, {"RCPT TO:" + t.to, 25}, {"DATA", 354}}
	text := c.Text
	pipelining, _ := c.Extension("PIPELINING")
	for i, cmd := range commands {
		if _, err := fmt.Fprintf(text.W, "%s\r\n", cmd.line); err != nil {
			return envelopeError{err}
		}
		if pipelining && i < len(commands)-1 {
			continue // sent with the rest
		}
		if err := text.W.Flush(); err != nil { // text.W buffers: one write for what it holds
			return envelopeError{err}
		}
		if err := readReplies(&text.Reader, commands[:i+1], pipelining); err != nil {
			return err
		}
	}
	w := text.DotWriter()
	if _, err := w.Write(t.message); err != nil {
		return err
	}
	if err := w.Close(); err != nil { // writes the final "." and flushes
		return err
	}
	_, _, err := text.ReadResponse(250)
	return err
}

// command is a line of the envelope and the reply it expects (25 takes
// 250 and 251).
type command struct {
	line string
	code int
}

// readReplies reads the replies to the commands not yet answered: the last
// one without PIPELINING, all of them with it. Every reply is read even
// after a refusal, so none is left to be taken for the next command's; the
// first refusal is returned.
func readReplies(r *textproto.Reader, sent []command, pipelining bool) error {
	if !pipelining {
		sent = sent[len(sent)-1:]
	}
	var first error
	for _, cmd := range sent {
		_, _, err := r.ReadResponse(cmd.code)
		var refused *textproto.Error
		switch {
		case err == nil:
		case errors.As(err, &refused):
			if first == nil {
				name, _, _ := strings.Cut(cmd.line, ":") // "MAIL FROM", "RCPT TO", "DATA"
				first = envelopeError{fmt.Errorf("%s: %w", name, err)}
			}
		default:
			return envelopeError{err} // the connection failed: nothing more to read
		}
	}
	return first
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
