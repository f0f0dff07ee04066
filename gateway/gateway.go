// Package gateway is the REST edge of Slotwise: it translates the REST
// contract to gRPC calls on the five services.
package gateway

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/gateway/internal/rest"
	"github.com/slotwise/slotwise/platform/adminhttp"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/telemetry"
)

// DefaultCORSOrigins is the web app served by `make up`.
var DefaultCORSOrigins = []string{"http://localhost:3000", "http://127.0.0.1:3000", "http://localhost:4200"}

// Config is the gateway's environment.
type Config struct {
	HTTPAddr          string
	AuthAddr          string
	CatalogAddr       string
	BookingAddr       string
	ReviewAddr        string
	NotificationAddr  string
	CORSOrigins       []string
	AuthRatePerMinute int
	TrustForwardedFor bool
	LogLevel          string
	// AdminAddr serves /metrics (Prometheus); empty: off.
	AdminAddr string
	// KafkaBrokers is where catalog.services.v1 is read: the gateway keeps
	// public catalog answers only while it consumes the catalog's changes
	// (empty: it keeps none).
	KafkaBrokers []string
	// CopyTTL is CATALOG_CACHE_TTL, the longest catalog-svc waits for a copy
	// holder to drop an edit: no page is served longer (0: none are kept).
	CopyTTL time.Duration
	// PagesBytes bounds the pages kept (GATEWAY_PAGES_BYTES).
	PagesBytes int
	// AvailabilityBytes bounds the availability answers kept
	// (GATEWAY_AVAILABILITY_BYTES).
	AvailabilityBytes int

	// Clock is the time availability answers are judged by (nil: the wall
	// clock): booking-svc's, which in-process test stacks move.
	Clock func() time.Time

	Listener      net.Listener // set by in-process runners instead of HTTPAddr
	AdminListener net.Listener
	Logger        *slog.Logger
}

// LoadConfig reads the gateway's variables.
func LoadConfig(r *config.Reader) Config {
	return Config{
		HTTPAddr:          r.String("HTTP_ADDR", ":5001"),
		AuthAddr:          r.Required("AUTH_GRPC_ADDR"),
		CatalogAddr:       r.Required("CATALOG_GRPC_ADDR"),
		BookingAddr:       r.Required("BOOKING_GRPC_ADDR"),
		ReviewAddr:        r.Required("REVIEW_GRPC_ADDR"),
		NotificationAddr:  r.Required("NOTIFICATION_GRPC_ADDR"),
		CORSOrigins:       r.List("CORS_ORIGINS", DefaultCORSOrigins),
		AuthRatePerMinute: r.Int("AUTH_RATE_LIMIT_PER_MINUTE", 60),
		TrustForwardedFor: r.String("TRUST_FORWARDED_FOR", "false") == "true",
		LogLevel:          r.String("LOG_LEVEL", "info"),
		AdminAddr:         r.String("ADMIN_ADDR", ""),
		KafkaBrokers:      r.List("KAFKA_BROKERS", nil),
		CopyTTL:           r.Duration("CATALOG_CACHE_TTL", copies.DefaultTTL),
		PagesBytes:        r.Int("GATEWAY_PAGES_BYTES", DefaultPagesBytes),
		AvailabilityBytes: r.Int("GATEWAY_AVAILABILITY_BYTES", DefaultAvailabilityBytes),
	}
}

// DefaultPagesBytes is GATEWAY_PAGES_BYTES's default: some thousand
// 24-service pages (docs/operations.md).
const DefaultPagesBytes = 32 << 20

// DefaultAvailabilityBytes is GATEWAY_AVAILABILITY_BYTES's default: the
// default window of some 27,000 services (about 3.6 KB each as kept, four
// slots a day), inside the chart's 256 MiB beside the pages.
const DefaultAvailabilityBytes = 96 << 20

// Run serves until ctx ends.
func Run(ctx context.Context, cfg Config) error {
	log := cfg.Logger
	if log == nil {
		log = logging.New(os.Stdout, "gateway", cfg.LogLevel)
	}
	if len(cfg.CORSOrigins) == 0 {
		cfg.CORSOrigins = DefaultCORSOrigins
	}
	tp, flush, err := telemetry.Setup(ctx, "gateway", log)
	if err != nil {
		return err
	}
	defer flush(context.Background())

	var b rest.Backends
	for _, d := range []struct {
		addr string
		conn **grpc.ClientConn
	}{{cfg.AuthAddr, &b.Auth}, {cfg.CatalogAddr, &b.Catalog}, {cfg.BookingAddr, &b.Booking}, {cfg.ReviewAddr, &b.Review}, {cfg.NotificationAddr, &b.Notification}} {
		conn, err := grpcx.Dial(d.addr, tp)
		if err != nil {
			return err
		}
		defer conn.Close()
		*d.conn = conn
	}

	m := metrics.New("gateway")
	if err := serveAdmin(ctx, cfg, m); err != nil {
		return err
	}
	h, err := rest.NewHandler(ctx, b, rest.Options{
		CORSOrigins: cfg.CORSOrigins, AuthRatePerMinute: cfg.AuthRatePerMinute,
		TrustForwardedFor: cfg.TrustForwardedFor, TracerProvider: tp, Metrics: m, Logger: log,
		Pages: keepPages(ctx, cfg, b, log, tp, m),
	})
	if err != nil {
		return err
	}
	// A panic in a handler is logged by net/http through ErrorLog: once, by
	// the gateway's logger.
	srv := &http.Server{Handler: UnderAPI(h), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelError)}
	lis := cfg.Listener
	if lis == nil {
		if lis, err = net.Listen("tcp", cfg.HTTPAddr); err != nil {
			return fmt.Errorf("listen on HTTP_ADDR %s: %w", cfg.HTTPAddr, err)
		}
	}
	log.Info("gateway started", "http", lis.Addr().String())
	return adminhttp.Serve(ctx, srv, func() error { return srv.Serve(lis) })
}

// APIPrefix is where the web app reaches the API on its own origin: the
// devstack's web server and the chart's ingress send /api/… of the web
// app's address to the gateway, which serves every route under it as well as
// at the root (docs/decisions.md "The API on the web app's origin").
const APIPrefix = "/api"

// UnderAPI serves next at the root and under APIPrefix: /api/services is
// /services. Nothing of the contract lives at /api itself.
func UnderAPI(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p == APIPrefix || strings.HasPrefix(p, APIPrefix+"/") {
			r2 := new(http.Request)
			*r2 = *r
			u := *r.URL
			u.Path = strings.TrimPrefix(p, APIPrefix)
			if u.Path == "" {
				u.Path = "/"
			}
			if u.RawPath != "" {
				u.RawPath = strings.TrimPrefix(u.RawPath, APIPrefix)
			}
			r2.URL = &u
			r = r2
		}
		next.ServeHTTP(w, r)
	})
}

// keepPages returns the gateway's public pages, dropped on every catalog
// change it consumes in a copies group of its own (so catalog-svc waits
// for it before acknowledging an edit), and availability answers, dropped
// on every slot change booking-svc announces; or nil without Kafka or a
// TTL.
func keepPages(ctx context.Context, cfg Config, b rest.Backends, log *slog.Logger, tp trace.TracerProvider, m *metrics.Metrics) *rest.Pages {
	if len(cfg.KafkaBrokers) == 0 || cfg.CopyTTL <= 0 {
		return nil
	}
	if cfg.PagesBytes <= 0 {
		cfg.PagesBytes = DefaultPagesBytes
	}
	if cfg.AvailabilityBytes <= 0 {
		cfg.AvailabilityBytes = DefaultAvailabilityBytes
	}
	pages := rest.NewPages(cfg.CopyTTL, cfg.PagesBytes, cfg.AvailabilityBytes, cfg.Clock)
	pages.Instrument(m)
	c := copies.Consumer("gateway", copies.Invalidating(pages, log))
	c.Brokers, c.Logger, c.TracerProvider = cfg.KafkaBrokers, log, tp
	c.Instrument(m)
	go copies.Run(ctx, c, pages.Live)
	go pages.WatchSlots(ctx, bookingv1.NewBookingServiceClient(b.Booking), log)
	go pages.WatchCatalogWrites(ctx, cfg.CopyTTL/4, copies.ReadWriteMark(catalogv1.NewCatalogServiceClient(b.Catalog)), log)
	return pages
}

// serveAdmin exposes /metrics, /healthz and /readyz on the admin port.
func serveAdmin(ctx context.Context, cfg Config, m *metrics.Metrics) error {
	lis := cfg.AdminListener
	if lis == nil {
		if cfg.AdminAddr == "" {
			return nil
		}
		var err error
		if lis, err = net.Listen("tcp", cfg.AdminAddr); err != nil {
			return fmt.Errorf("listen on ADMIN_ADDR %s: %w", cfg.AdminAddr, err)
		}
	}
	srv := &http.Server{Handler: adminhttp.Handler(func(context.Context) error { return nil }, m.Handler()), ReadHeaderTimeout: 5 * time.Second}
	go adminhttp.Serve(ctx, srv, func() error { return srv.Serve(lis) })
	return nil
}
