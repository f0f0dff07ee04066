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
	// PublicCacheBytes bounds their memory (0: DefaultPublicCacheBytes).
	PublicCacheBytes int
	// TrustedProxies is how many proxies in front of the gateway append to
	// X-Forwarded-For (ClientIP).
	TrustedProxies int
}

// gatewayRoute is a route the gateway serves itself.
type gatewayRoute struct {
	pattern string // "METHOD /path", as http.ServeMux takes it
	handler http.Handler
}

// gatewayRoutes are the API's routes that no proto describes: each
// composes calls to the services (or takes a body grpc-gateway does not
// bind). api/gateway/gateway.swagger.json describes them in the OpenAPI
// document; routes_test.go checks the two agree.
func gatewayRoutes(b Backends, o Options) []gatewayRoute {
	return []gatewayRoute{
		{"GET /auth/export", exportHandler(b, o.TrustedProxies, o.Logger)},
		{"DELETE /auth/account", deleteAccountHandler(b, o.TrustedProxies, o.Logger)},
		{"GET /stats", statsHandler(b, o.Logger)},
	}
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
	for _, r := range gatewayRoutes(b, o) {
		root.Handle(r.pattern, r.handler)
	}
	budget := o.PublicCacheBytes
	if budget == 0 {
		budget = DefaultPublicCacheBytes
	}
	root.Handle("/", publicCache(newMicroCache(o.PublicCacheTTL, budget), mux))

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
