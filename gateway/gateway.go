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

	"google.golang.org/grpc"

	"github.com/slotwise/slotwise/gateway/internal/rest"
	"github.com/slotwise/slotwise/platform/adminhttp"
	"github.com/slotwise/slotwise/platform/config"
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
	// TrustedProxies is TRUSTED_PROXIES: how many proxies in front of the
	// gateway append to X-Forwarded-For (0: the client is the socket peer).
	TrustedProxies int
	// PublicCacheTTL is PUBLIC_CACHE_TTL: how long the gateway keeps an
	// anonymous catalogue answer (0: none; at most MaxPublicCacheTTL).
	PublicCacheTTL time.Duration
	// PublicCacheBytes is PUBLIC_CACHE_BYTES: the memory those answers
	// may take (0: DefaultPublicCacheBytes).
	PublicCacheBytes int
	LogLevel         string
	// AdminAddr serves /metrics (Prometheus); empty: off.
	AdminAddr     string
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
		TrustedProxies:    trustedProxies(r),
		PublicCacheTTL:    publicCacheTTL(r),
		PublicCacheBytes:  publicCacheBytes(r),
		LogLevel:          r.String("LOG_LEVEL", "info"),
		AdminAddr:         r.String("ADMIN_ADDR", ""),
	}
}

// DefaultPublicCacheTTL is PUBLIC_CACHE_TTL's default, and
// MaxPublicCacheTTL its bound: an answer kept that long may still be kept
// by a browser or CDN for the rest of its 5 s (docs/product.md "Fresh and
// kept"), and a shorter keep leaves them more of it.
const (
	DefaultPublicCacheTTL = time.Second
	MaxPublicCacheTTL     = 2 * time.Second
)

func publicCacheTTL(r *config.Reader) time.Duration {
	d := r.Duration("PUBLIC_CACHE_TTL", DefaultPublicCacheTTL)
	r.Check(d >= 0 && d <= MaxPublicCacheTTL, "PUBLIC_CACHE_TTL must be between 0 (keep nothing) and 2s")
	return d
}

// DefaultPublicCacheBytes is PUBLIC_CACHE_BYTES's default: an eighth of
// the gateway's 256 MiB memory limit in the chart
// (helm/slotwise/values.yaml), some 1,600 default listing pages.
// MinPublicCacheBytes holds one page of the largest kept (rest.maxKeptPage).
const (
	DefaultPublicCacheBytes = rest.DefaultPublicCacheBytes
	MinPublicCacheBytes     = 256 << 10
)

func publicCacheBytes(r *config.Reader) int {
	n := r.Int("PUBLIC_CACHE_BYTES", DefaultPublicCacheBytes)
	r.Check(n >= MinPublicCacheBytes, "PUBLIC_CACHE_BYTES must be at least 262144 (256 KiB); PUBLIC_CACHE_TTL=0 keeps nothing")
	return n
}

// trustedProxies reads TRUSTED_PROXIES, and refuses the boolean it
// replaced: TRUST_FORWARDED_FOR=true took the first, client-written,
// X-Forwarded-For entry, so a setting left behind must not pass unseen.
func trustedProxies(r *config.Reader) int {
	n := r.Int("TRUSTED_PROXIES", 0)
	r.Check(n >= 0, "TRUSTED_PROXIES must be the number of proxies in front of the gateway (0 or more)")
	r.Check(r.String("TRUST_FORWARDED_FOR", "") == "",
		"TRUST_FORWARDED_FOR was replaced by TRUSTED_PROXIES: set it to the number of proxies in front of the gateway (1 behind one ingress)")
	return n
}

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
	if err := serveAdmin(ctx, cfg, m, log); err != nil {
		return err
	}
	h, err := rest.NewHandler(ctx, b, rest.Options{
		CORSOrigins: cfg.CORSOrigins, AuthRatePerMinute: cfg.AuthRatePerMinute,
		TrustedProxies: cfg.TrustedProxies, PublicCacheTTL: cfg.PublicCacheTTL, PublicCacheBytes: cfg.PublicCacheBytes, TracerProvider: tp, Metrics: m, Logger: log,
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
// at the root (docs/adr/0045-api-on-the-web-apps-origin.md).
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

// serveAdmin exposes /metrics, /healthz and /readyz on the admin port.
func serveAdmin(ctx context.Context, cfg Config, m *metrics.Metrics, log *slog.Logger) error {
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
	go func() {
		// The port is bound already; a later failure only loses /metrics and
		// the probes, which must not stop the API, but it must be seen.
		if err := adminhttp.Serve(ctx, srv, func() error { return srv.Serve(lis) }); err != nil {
			log.Error("admin server stopped", "err", err)
		}
	}()
	return nil
}
