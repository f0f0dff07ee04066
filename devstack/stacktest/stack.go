// Package stacktest starts the whole back end for an integration test: a
// fresh PostgreSQL database, an embedded Kafka-protocol broker, the five
// services and the gateway, with real gRPC between them. Tests talk REST to
// the gateway exactly as the web app does.
package stacktest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/testkit"
)

// TrustedDomain is the domain whose addresses a test stack counts as
// verified at once (auth-svc's VERIFIED_EMAIL_DOMAINS): UniqueEmail's, so
// tests of mail need no verification step. VerifyEmail tests use others.
const TrustedDomain = "example.com"

// Stack is a running back end owned by one test.
type Stack struct {
	*devstack.Stack
	Client
	DatabaseURL string
	Brokers     []string
	Kafka       *kfake.Cluster
	Clock       *Clock
	SigningKey  ed25519.PrivateKey
}

// Options tune Start.
type Options struct {
	// Now starts a controllable clock at this instant (zero: wall clock).
	Now               time.Time
	AuthRatePerMinute int
	// IdempotencyTTL shortens booking-svc's IDEMPOTENCY_TTL (zero: 24 h).
	IdempotencyTTL time.Duration
	// BookingsPerMinute limits each user's bookings (0: no limit).
	BookingsPerMinute int
	// ReminderInterval is how often notification-svc looks for due
	// reminders (zero: its default).
	ReminderInterval time.Duration
	// SMTPAddr is where notification-svc mails (a MailServer's Addr);
	// MailInterval and MailBackoff tune its sending (zero: defaults).
	SMTPAddr     string
	MailInterval time.Duration
	MailBackoff  time.Duration
	// AccessTokenTTL is how long access tokens live (zero: 24 h, so a
	// test's tokens never expire under it).
	AccessTokenTTL time.Duration
	// WebURL is the web app's public address the mails link to (zero:
	// notification-svc's default).
	WebURL string
}

// Start runs a stack until the test ends. Logs are discarded unless
// STACK_LOG=1.
func Start(t testing.TB, opts ...Options) *Stack {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	db := testkit.NewDatabase(t)
	cluster, brokers := testkit.NewKafka(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	clock := &Clock{}
	if !o.Now.IsZero() {
		clock.Set(o.Now)
	}
	ctx, cancel := context.WithCancel(context.Background())
	st, err := devstack.Start(ctx, devstack.Options{
		DatabaseURL: capPools(db), KafkaBrokers: brokers, SigningKey: key, GatewayAddr: "127.0.0.1:0",
		Clock: clock.Now, AuthRatePerMinute: o.AuthRatePerMinute, IdempotencyTTL: o.IdempotencyTTL, BookingsPerMinute: o.BookingsPerMinute,
		ReminderInterval: o.ReminderInterval, SMTPAddr: o.SMTPAddr, MailInterval: o.MailInterval, MailBackoff: o.MailBackoff,
		AccessTokenTTL: o.AccessTokenTTL, WebURL: o.WebURL, Logger: testLogger, VerifiedEmailDomains: []string{TrustedDomain},
	})
	if err != nil {
		cancel()
		t.Fatalf("stacktest: start: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		st.Wait()
	})
	if err := st.WaitReady(ctx, 30*time.Second); err != nil {
		t.Fatalf("stacktest: %v", err)
	}
	return &Stack{Stack: st, Client: Client{BaseURL: st.APIURL}, DatabaseURL: db, Brokers: brokers, Kafka: cluster, Clock: clock, SigningKey: key}
}

func testLogger(component string) *slog.Logger {
	if os.Getenv("STACK_LOG") == "1" {
		return logging.New(os.Stderr, component, "debug")
	}
	return slog.New(slog.NewJSONHandler(io.Discard, nil))
}

// Clock is a time source tests can move; unset it follows the wall clock.
type Clock struct {
	mu  sync.Mutex
	set bool
	at  time.Time
}

// Now is the current test time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.set {
		return time.Now()
	}
	return c.at
}

// Set fixes the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.set, c.at = true, t
}

// Advance moves a fixed clock forward (starting it at now when unset).
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.set {
		c.set, c.at = true, time.Now()
	}
	c.at = c.at.Add(d)
}
