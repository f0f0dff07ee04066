package rest

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"

	"github.com/slotwise/slotwise/platform/httpsec"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/telemetry"
)

// Options configure the REST edge.
type Options struct {
	CORSOrigins       []string
	AuthRatePerMinute int
	TracerProvider    trace.TracerProvider
	Metrics           *metrics.Metrics
	// Logger logs the failures no service logged (errorHandler).
	Logger *slog.Logger
	// PublicCacheTTL is how long anonymous catalogue answers are kept
	// (microcache.go; 0: none are).
	PublicCacheTTL time.Duration
	// TrustedProxies is how many proxies in front of the gateway append to
	// X-Forwarded-For (ClientIP).
	TrustedProxies int
}

// NewHandler returns the whole REST edge as one http.Handler.
func NewHandler(ctx context.Context, b Backends, o Options) (http.Handler, error) {
	mux, err := newMux(ctx, b, o.TrustedProxies, o.Logger)
	if err != nil {
		return nil, err
	}
	root := http.NewServeMux()
	root.HandleFunc("GET /healthz", liveness)
	root.Handle("GET /readyz", readiness(map[string]*grpc.ClientConn{
		"auth-svc": b.Auth, "catalog-svc": b.Catalog, "booking-svc": b.Booking, "review-svc": b.Review,
		"notification-svc": b.Notification,
	}))
	root.Handle("GET /auth/export", exportHandler(b, o.TrustedProxies, o.Logger))
	root.Handle("DELETE /auth/account", deleteAccountHandler(b, o.TrustedProxies, o.Logger))
	root.Handle("GET /stats", statsHandler(b, o.Logger))
	root.Handle("/", publicCache(newMicroCache(o.PublicCacheTTL), mux))

	var h http.Handler = root
	h = newIPLimiter(o.AuthRatePerMinute, o.TrustedProxies).middleware(h)
	h = limitBody(h)
	h = clientHeaders(h)
	h = validText(h)
	h = requireJSON(h)
	h = noStore(h)
	h = trimTrailingSlash(h)
	h = compress(h)
	h = cors(o.CORSOrigins, h)
	h = httpsec.Headers(httpsec.APIPolicy, h)
	h = o.Metrics.HTTPMiddleware(h)
	if !telemetry.Recording(o.TracerProvider) {
		return propagate(h), nil
	}
	h = otelhttp.NewHandler(h, "http",
		otelhttp.WithTracerProvider(o.TracerProvider),
		otelhttp.WithFilter(func(r *http.Request) bool { return r.URL.Path != "/healthz" && r.URL.Path != "/readyz" }),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method + " " + r.URL.Path }),
	)
	return h, nil
}
