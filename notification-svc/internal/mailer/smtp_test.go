package mailer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
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
	return nil
}
func (ss serverSession) Data(r io.Reader) error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	ss.s.mu.Lock()
	ss.s.messages++
	ss.s.mu.Unlock()
	return nil
}

// TestSenderKeepsItsConnection: mails one after another share one SMTP
// session; a kept connection the server dropped is replaced without
// losing the mail; a permanent refusal is a PermanentError and costs the
// connection nothing.
func TestSenderKeepsItsConnection(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	backend := &server{}
	srv := smtp.NewServer(backend)
	srv.Domain = "localhost"
	noops := &noopCounter{Listener: lis}
	go srv.Serve(noops)
	t.Cleanup(func() { srv.Close() })

	sender := NewSender(SMTP{Addr: lis.Addr().String(), From: "notifications@slotwise.localhost", TLS: TLSOff})
	t.Cleanup(sender.Close)
	ctx := context.Background()
	mail := func(to string) notification.Mail {
		return notification.Mail{To: to, ToName: "Asha", Subject: "Booked", Text: "Your booking", HTML: "<p>Your booking</p>", NotificationID: "n1"}
	}
	for range 3 {
		if err := sender.Send(ctx, mail("asha@example.com")); err != nil {
			t.Fatal(err)
		}
	}
	if sessions, messages := backend.counts(); sessions != 1 || messages != 3 {
		t.Fatalf("three mails: %d sessions, %d messages (want 1 and 3)", sessions, messages)
	}
	if n := noops.count.Load(); n != 0 {
		t.Fatalf("a kept connection is used as it is: %d NOOP checks, a round trip each", n)
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
	if err := sender.Send(ctx, mail("asha@example.com")); err != nil {
		t.Fatal(err)
	}
	if _, messages := backend.counts(); messages != 5 {
		t.Fatalf("%d messages, want 5", messages)
	}
}

// noopCounter counts the NOOP commands clients send through its listener.
type noopCounter struct {
	net.Listener
	count atomic.Int64
}

func (l *noopCounter) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &noopConn{Conn: c, count: &l.count}, nil
}

type noopConn struct {
	net.Conn
	count *atomic.Int64
}

func (c *noopConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.count.Add(int64(bytes.Count(bytes.ToUpper(b[:n]), []byte("NOOP\r\n"))))
	return n, err
}
