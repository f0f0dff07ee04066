package mailer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// server is a real SMTP server (emersion/go-smtp) that counts sessions and
// messages, refuses recipients starting with "refuse", and can drop every
// open connection as a server does with idle ones.
type server struct {
	mu       sync.Mutex
	sessions int
	messages int
	last     []byte // the last message received
	conns    []*smtp.Conn
}

func (s *server) NewSession(c *smtp.Conn) (smtp.Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions++
	s.conns = append(s.conns, c)
	return serverSession{s}, nil
}

func (s *server) counts() (sessions, messages int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions, s.messages
}

func (s *server) dropAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.Close()
	}
	s.conns = nil
}

type serverSession struct{ s *server }

func (serverSession) Reset()                               {}
func (serverSession) Logout() error                        { return nil }
func (serverSession) Mail(string, *smtp.MailOptions) error { return nil }
func (serverSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "refuse") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	if strings.HasPrefix(to, "later") {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	return nil
}
func (ss serverSession) Data(r io.Reader) error {
	message, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.s.mu.Lock()
	ss.s.messages++
	ss.s.last = message
	ss.s.mu.Unlock()
	return nil
}

// startServer runs a real SMTP server (emersion/go-smtp) on loopback; with
// pipelining false it hides its PIPELINING capability from clients. It
// returns the backend and the log of what clients sent, read by read.
func startServer(t *testing.T, pipelining bool) (*server, *commandLog, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	backend := &server{}
	srv := smtp.NewServer(backend)
	srv.Domain = "localhost"
	log := &commandLog{Listener: lis, hidePipelining: !pipelining}
	go srv.Serve(log)
	t.Cleanup(func() { srv.Close() })
	return backend, log, lis.Addr().String()
}

func newMail(to string) notification.Mail {
	return notification.Mail{To: to, ToName: "Asha", Subject: "Booked", Text: "Your booking", HTML: "<p>Your booking</p>", NotificationID: "n1"}
}

// TestSenderKeepsItsConnection: mails one after another share one SMTP
// session, with no NOOP before and no RSET after each; a kept connection
// the server dropped is replaced without losing the mail; a permanent
// refusal is a PermanentError.
func TestSenderKeepsItsConnection(t *testing.T) {
	backend, log, addr := startServer(t, true)
	sender := NewSender(SMTP{Addr: addr, From: "notifications@slotwise.localhost", TLS: TLSOff})
	t.Cleanup(sender.Close)
	ctx := context.Background()
	mail := newMail
	for range 3 {
		if err := sender.Send(ctx, mail("asha@example.com")); err != nil {
			t.Fatal(err)
		}
	}
	if sessions, messages := backend.counts(); sessions != 1 || messages != 3 {
		t.Fatalf("three mails: %d sessions, %d messages (want 1 and 3)", sessions, messages)
	}
	if n := log.count("NOOP\r\n") + log.count("RSET\r\n"); n != 0 {
		t.Fatalf("a kept connection is used as it is: %d NOOP or RSET commands, a round trip each", n)
	}

	backend.dropAll()
	if err := sender.Send(ctx, mail("asha@example.com")); err != nil {
		t.Fatalf("after the server dropped the connection: %v", err)
	}
	if sessions, messages := backend.counts(); sessions != 2 || messages != 4 {
		t.Fatalf("after a drop: %d sessions, %d messages (want 2 and 4)", sessions, messages)
	}

	var permanent notification.PermanentError
	if err := sender.Send(ctx, mail("refuse@example.com")); !errors.As(err, &permanent) {
		t.Fatalf("refused recipient: %v, want a PermanentError", err)
	}
	// A temporary refusal on a kept connection is the postman's to retry
	// later, not a reason to try a new connection at once.
	if err := sender.Send(ctx, mail("asha@example.com")); err != nil {
		t.Fatal(err)
	}
	sessions, _ := backend.counts()
	if err := sender.Send(ctx, mail("later@example.com")); err == nil || errors.As(err, &permanent) || !strings.Contains(err.Error(), "451") {
		t.Fatalf("temporarily refused recipient: %v, want the 451 as a temporary error", err)
	}
	if after, _ := backend.counts(); after != sessions {
		t.Fatalf("a temporary refusal opened %d new sessions, want none", after-sessions)
	}
	if err := sender.Send(ctx, mail("asha@example.com")); err != nil {
		t.Fatal(err)
	}
	if _, messages := backend.counts(); messages != 6 {
		t.Fatalf("%d messages, want 6", messages)
	}
}

// TestSenderPipelinesTheEnvelope: where the server offers PIPELINING, a
// mail's MAIL FROM, RCPT TO and DATA arrive together (one round trip for
// the three), and the message arrives whole.
func TestSenderPipelinesTheEnvelope(t *testing.T) {
	for _, pipelining := range []bool{true, false} {
		backend, log, addr := startServer(t, pipelining)
		sender := NewSender(SMTP{Addr: addr, From: "notifications@slotwise.localhost", TLS: TLSOff})
		for range 2 {
			if err := sender.Send(context.Background(), newMail("asha@example.com")); err != nil {
				t.Fatal(err)
			}
		}
		sender.Close()
		if _, messages := backend.counts(); messages != 2 {
			t.Fatalf("pipelining %v: %d messages, want 2", pipelining, messages)
		}
		together := log.count("MAIL FROM:<notifications@slotwise.localhost>\r\nRCPT TO:<asha@example.com>\r\nDATA\r\n")
		if want := map[bool]int{true: 2, false: 0}[pipelining]; together != want {
			t.Errorf("pipelining %v: the envelope arrived in one read %d times, want %d (reads: %q)", pipelining, together, want, log.reads())
		}
		backend.mu.Lock()
		last := string(backend.last)
		backend.mu.Unlock()
		for _, want := range []string{"Subject: Booked", "X-Slotwise-Notification: n1", "Your booking", "<p>Your booking</p>"} {
			if !strings.Contains(last, want) {
				t.Errorf("pipelining %v: the message lacks %q:\n%s", pipelining, want, last)
			}
		}
	}
}

// commandLog records what clients send through its listener, one entry
// per read; with hidePipelining it removes PIPELINING from the server's
// EHLO reply.
type commandLog struct {
	net.Listener
	hidePipelining bool
	mu             sync.Mutex
	log            []string
}

func (l *commandLog) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &loggedConn{Conn: c, l: l}, nil
}

func (l *commandLog) count(s string) int {
	n := 0
	for _, r := range l.reads() {
		n += strings.Count(strings.ToUpper(r), strings.ToUpper(s))
	}
	return n
}

func (l *commandLog) reads() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.log)
}

type loggedConn struct {
	net.Conn
	l *commandLog
}

func (c *loggedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.l.mu.Lock()
	c.l.log = append(c.l.log, string(b[:n]))
	c.l.mu.Unlock()
	return n, err
}

func (c *loggedConn) Write(b []byte) (int, error) {
	if c.l.hidePipelining {
		if out := bytes.ReplaceAll(b, []byte("250-PIPELINING\r\n"), nil); len(out) != len(b) {
			_, err := c.Conn.Write(out)
			return len(b), err
		}
	}
	return c.Conn.Write(b)
}
