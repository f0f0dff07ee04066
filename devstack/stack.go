// Package devstack runs the whole back end in one process: the five
// services and the gateway, each with its own listener and real gRPC over
// loopback between them. `make up` and the integration tests use it.
package devstack

import (
	"cmp"
	"context"
	"crypto/ed25519"
	"fmt"
	"log/slog"
	"net"
	"time"

	authsvc "github.com/slotwise/slotwise/auth-svc"
	bookingsvc "github.com/slotwise/slotwise/booking-svc"
	catalogsvc "github.com/slotwise/slotwise/catalog-svc"
	"github.com/slotwise/slotwise/gateway"
	notificationsvc "github.com/slotwise/slotwise/notification-svc"
	"github.com/slotwise/slotwise/platform/app"
	"github.com/slotwise/slotwise/platform/svc"
	reviewsvc "github.com/slotwise/slotwise/review-svc"
)

// Options configure a stack.
type Options struct {
	DatabaseURL  string
	KafkaBrokers []string
	SigningKey   ed25519.PrivateKey
	// GatewayAddr is where the REST API listens, e.g. ":5001" or "127.0.0.1:0".
	GatewayAddr string
	// Host is the interface services listen on ("127.0.0.1").
	Host              string
	Location          *time.Location
	Clock             func() time.Time
	AuthRatePerMinute int
	// BookingsPerMinute limits each user's bookings (0: no limit, for tests
	// and the bench that book in bulk).
	BookingsPerMinute int
	CORSOrigins       []string
	// PublicCacheTTL is the gateway's PUBLIC_CACHE_TTL (zero: it keeps
	// nothing, so a test sees every write at once).
	PublicCacheTTL time.Duration
	// IdempotencyTTL and InboxTTL set booking-svc's IDEMPOTENCY_TTL and
	// every service's INBOX_TTL (zero: their defaults).
	IdempotencyTTL time.Duration
	InboxTTL       time.Duration
	// ReminderInterval is how often notification-svc looks for due
	// reminders (zero: its default).
	ReminderInterval time.Duration
	// SMTPAddr is where notification-svc mails (host:port; empty: every
	// mail fails with that reason). MailBackoff is its first retry's wait
	// (zero: its default).
	SMTPAddr string
	// WebURL is the public address of the web app the mails link to
	// (notification-svc's WEB_URL; empty: its default).
	WebURL      string
	MailBackoff time.Duration
	// MailInterval is how often queued mail is looked for (zero: its default).
	MailInterval time.Duration
	// AccessTokenTTL is how long access tokens live (zero: 24 h, for the
	// tests and the bench, whose clients hold one token and never refresh;
	// make up passes ACCESS_TOKEN_TTL, default 10 min). RefreshTokenTTL is
	// how long a refresh token lives unused (zero: auth-svc's default).
	AccessTokenTTL  time.Duration
	RefreshTokenTTL time.Duration
	// VerifiedEmailDomains are auth-svc's VERIFIED_EMAIL_DOMAINS: addresses
	// on them count as verified at once (DemoVerifiedDomains for the demo's).
	VerifiedEmailDomains []string
	// Logger returns the logger of one component (nil: JSON to stdout).
	Logger func(component string) *slog.Logger
}

// Stack is a running back end.
type Stack struct {
	APIURL    string
	GRPCAddrs map[string]string
	// MetricsURLs are the Prometheus endpoints of each component.
	MetricsURLs map[string]string
	group       *app.Group
}

// Start launches every component and returns once all are listening. The
// stack runs until ctx ends; Wait returns when every component stopped.
func Start(ctx context.Context, o Options) (*Stack, error) {
	if o.Host == "" {
		o.Host = "127.0.0.1"
	}
	if o.Location == nil {
		o.Location, _ = time.LoadLocation("Asia/Kolkata")
	}
	if o.AuthRatePerMinute == 0 {
		o.AuthRatePerMinute = 600
	}
	names := []string{"auth-svc", "catalog-svc", "booking-svc", "review-svc", "notification-svc"}
	lis, addrs, err := listenAll(o.Host, names)
	if err != nil {
		return nil, err
	}
	admin, adminAddrs, err := listenAll(o.Host, append(names, "gateway"))
	if err != nil {
		closeAll(lis)
		return nil, err
	}
	gwLis, err := net.Listen("tcp", o.GatewayAddr)
	if err != nil {
		closeAll(lis)
		return nil, fmt.Errorf("gateway cannot listen on %s: %w", o.GatewayAddr, err)
	}
	logger := func(name string) *slog.Logger {
		if o.Logger == nil {
			return nil
		}
		return o.Logger(name)
	}
	common := func(name string) svc.Config {
		return svc.Config{
			Name: name, DatabaseURL: o.DatabaseURL, KafkaBrokers: o.KafkaBrokers,
			AuthGRPCAddr: addrs["auth-svc"], LogLevel: "info", GRPCListener: lis[name], AdminListener: admin[name], Logger: logger(name),
			InboxTTL: o.InboxTTL,
		}
	}
	g := app.NewGroup(ctx)
	g.Go("auth-svc", func(ctx context.Context) error {
		return authsvc.Run(ctx, authsvc.Config{Config: common("auth-svc"), SigningKey: o.SigningKey,
			AccessTTL: cmp.Or(o.AccessTokenTTL, 24*time.Hour), RefreshTTL: o.RefreshTokenTTL, Clock: o.Clock,
			VerifiedDomains: o.VerifiedEmailDomains})
	})
	g.Go("catalog-svc", func(ctx context.Context) error {
		return catalogsvc.Run(ctx, catalogsvc.Config{Config: common("catalog-svc"), Location: o.Location})
	})
	g.Go("booking-svc", func(ctx context.Context) error {
		return bookingsvc.Run(ctx, bookingsvc.Config{Config: common("booking-svc"), CatalogAddr: addrs["catalog-svc"],
			IdempotencyTTL: o.IdempotencyTTL, BookingsPerMinute: o.BookingsPerMinute,
			Location: o.Location, Clock: o.Clock})
	})
	g.Go("review-svc", func(ctx context.Context) error {
		return reviewsvc.Run(ctx, reviewsvc.Config{Config: common("review-svc"), Location: o.Location, Clock: o.Clock})
	})
	g.Go("notification-svc", func(ctx context.Context) error {
		return notificationsvc.Run(ctx, notificationsvc.Config{Config: common("notification-svc"), Location: o.Location,
			ReminderInterval: o.ReminderInterval, WebURL: o.WebURL, SMTP: notificationsvc.SMTP{Addr: o.SMTPAddr}, MailBackoff: o.MailBackoff,
			MailInterval: o.MailInterval, Clock: o.Clock})
	})
	g.Go("gateway", func(ctx context.Context) error {
		return gateway.Run(ctx, gateway.Config{
			AuthAddr: addrs["auth-svc"], CatalogAddr: addrs["catalog-svc"], BookingAddr: addrs["booking-svc"], ReviewAddr: addrs["review-svc"],
			NotificationAddr: addrs["notification-svc"],
			CORSOrigins:      o.CORSOrigins, AuthRatePerMinute: o.AuthRatePerMinute, PublicCacheTTL: o.PublicCacheTTL, Listener: gwLis, AdminListener: admin["gateway"], Logger: logger("gateway"),
		})
	})
	metricsURLs := map[string]string{}
	for n, a := range adminAddrs {
		metricsURLs[n] = "http://" + a + "/metrics"
	}
	return &Stack{APIURL: "http://" + hostPort(gwLis.Addr()), GRPCAddrs: addrs, MetricsURLs: metricsURLs, group: g}, nil
}

// Wait blocks until the stack stopped and returns the first failure.
func (s *Stack) Wait() error { return s.group.Wait() }

// Done is closed when any component failed or the stack was stopped.
func (s *Stack) Done() <-chan struct{} { return s.group.Context().Done() }

func hostPort(a net.Addr) string {
	host, port, _ := net.SplitHostPort(a.String())
	if host == "::" || host == "0.0.0.0" || host == "" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func listenAll(host string, names []string) (map[string]net.Listener, map[string]string, error) {
	lis := map[string]net.Listener{}
	addrs := map[string]string{}
	for _, n := range names {
		l, err := net.Listen("tcp", host+":0")
		if err != nil {
			closeAll(lis)
			return nil, nil, err
		}
		lis[n], addrs[n] = l, l.Addr().String()
	}
	return lis, addrs, nil
}

func closeAll(m map[string]net.Listener) {
	for _, l := range m {
		l.Close()
	}
}
