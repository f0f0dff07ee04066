package stacktest

import (
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
)

// Mail is one message the test's SMTP server accepted.
type Mail struct {
	From, To, Subject string
	// Notification is the X-Slotwise-Notification header.
	Notification string
	// ContentType is the top-level type (multipart/alternative for both
	// parts, multipart/mixed around them with attachments).
	ContentType string
	// Alternative: the text and HTML parts are the two alternatives of
	// one multipart/alternative, at the top or inside multipart/mixed.
	Alternative bool
	// Text and HTML are the plain-text and HTML parts.
	Text, HTML string
	// ListUnsubscribe and ListUnsubscribePost are those headers.
	ListUnsubscribe, ListUnsubscribePost string
	// Attachments are the parts sent as files.
	Attachments []Attachment
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Filename    string
	ContentType string // the media type, its parameters in Params
	Params      map[string]string
	Data        []byte
}

// MailServer is a real SMTP server (emersion/go-smtp) on a free loopback
// port for one test. It keeps what it accepts; Refuse makes it answer a
// recipient with an SMTP error.
type MailServer struct {
	Addr string

	server *smtp.Server
	// headersOnly keeps a mail's envelope and headers, not its parts
	// (NewHeaderMailServer).
	headersOnly bool

	mu      sync.Mutex
	mails   []Mail
	refuse  map[string][]*smtp.SMTPError
	refused int
}

// StartMailServer runs a mail server until the test ends.
func StartMailServer(t testing.TB) *MailServer {
	t.Helper()
	m, err := newMailServer(false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// NewHeaderMailServer runs a mail server until Close that keeps each
// mail's envelope and headers only (Text and HTML stay empty): the bench's,
// which has no testing.TB and reads only X-Slotwise-Notification. It stands
// in for a relay on another machine, so it should cost the bench's cores
// no more than reading the mail: decoding every part of every booking's
// mail was 4 % of a booking run's CPU profile.
func NewHeaderMailServer() (*MailServer, error) { return newMailServer(true) }

func newMailServer(headersOnly bool) (*MailServer, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	m := &MailServer{Addr: lis.Addr().String(), headersOnly: headersOnly, refuse: map[string][]*smtp.SMTPError{}}
	m.server = smtp.NewServer(m)
	m.server.Domain = "localhost"
	m.server.AllowInsecureAuth = true
	go m.server.Serve(lis)
	return m, nil
}

// Close stops the server.
func (m *MailServer) Close() { m.server.Close() }

// Refuse answers the next len(errs) RCPTs of to with errs in turn: a
// 4xx code is a temporary refusal, 5xx a permanent one.
func (m *MailServer) Refuse(to string, errs ...*smtp.SMTPError) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.refuse[strings.ToLower(to)] = append(m.refuse[strings.ToLower(to)], errs...)
}

// Mails returns what was accepted so far.
func (m *MailServer) Mails() []Mail {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Mail(nil), m.mails...)
}

// Refused counts the RCPTs refused so far.
func (m *MailServer) Refused() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.refused
}

// NewSession implements smtp.Backend.
func (m *MailServer) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &mailSession{server: m}, nil
}

type mailSession struct {
	server   *MailServer
	from, to string
}

func (s *mailSession) Reset()        { s.from, s.to = "", "" }
func (s *mailSession) Logout() error { return nil }

func (s *mailSession) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	m := s.server
	m.mu.Lock()
	defer m.mu.Unlock()
	key := strings.ToLower(to)
	if errs := m.refuse[key]; len(errs) > 0 {
		m.refuse[key] = errs[1:]
		m.refused++
		return errs[0]
	}
	s.to = to
	return nil
}

func (s *mailSession) Data(r io.Reader) error {
	msg, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	dec := new(mime.WordDecoder)
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	got := Mail{From: s.from, To: s.to, Subject: subject, Notification: msg.Header.Get("X-Slotwise-Notification")}
	got.ListUnsubscribe, got.ListUnsubscribePost = msg.Header.Get("List-Unsubscribe"), msg.Header.Get("List-Unsubscribe-Post")
	mediaType, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	got.ContentType = mediaType
	if s.server.headersOnly {
		if _, err := io.Copy(io.Discard, msg.Body); err != nil {
			return err
		}
	} else if strings.HasPrefix(mediaType, "multipart/") {
		readParts(&got, mediaType, params["boundary"], msg.Body)
	}
	s.server.mu.Lock()
	s.server.mails = append(s.server.mails, got)
	s.server.mu.Unlock()
	return nil
}

// readParts reads a multipart body into m: the text and HTML alternatives
// and the attachments, one level of nesting deep (multipart/mixed around
// multipart/alternative).
func readParts(m *Mail, mediaType, boundary string, body io.Reader) {
	parts := multipart.NewReader(body, boundary)
	var text, html bool
	for {
		p, err := parts.NextPart() // decodes quoted-printable
		if err != nil {
			break
		}
		ct, params, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if strings.HasPrefix(ct, "multipart/") {
			readParts(m, ct, params["boundary"], p)
			continue
		}
		data, _ := io.ReadAll(p)
		if disp, _, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition")); disp == "attachment" || p.FileName() != "" {
			if p.Header.Get("Content-Transfer-Encoding") == "base64" {
				if dec, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), "")); err == nil {
					data = dec
				}
			}
			m.Attachments = append(m.Attachments, Attachment{Filename: p.FileName(), ContentType: ct, Params: params, Data: data})
			continue
		}
		switch ct {
		case "text/plain":
			m.Text, text = string(data), true
		case "text/html":
			m.HTML, html = string(data), true
		}
	}
	if mediaType == "multipart/alternative" && text && html {
		m.Alternative = true
	}
}
