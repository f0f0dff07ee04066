package kit

import (
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/metrics"
)

// Middlewares is what a service wraps its endpoints in. svc.Runtime builds
// it with the service's own logger, metrics and token verifier.
type Middlewares struct {
	// Service is the gRPC service's full name ("slotwise.booking.v1.BookingService");
	// an endpoint is named after its gRPC method in logs and metrics, as its
	// span is in traces.
	Service string
	Logger  *slog.Logger
	Metrics *metrics.Metrics
	// Authenticated refuses calls without a valid token and hands the
	// caller to CallerEndpoint (authn.Middleware).
	Authenticated endpoint.Middleware
}

// NewMiddlewares returns the middleware of the gRPC service named service.
func NewMiddlewares(service string, log *slog.Logger, m *metrics.Metrics, v *authn.Verifier) Middlewares {
	return Middlewares{Service: service, Logger: log, Metrics: m, Authenticated: authn.Middleware(v)}
}

// Wrap returns the endpoint of method: ep inside inner (the first one
// outermost, e.g. Authenticated, then a rate limit), inside logging,
// inside instrumenting, so every call is counted and every failure logged,
// refusals by the inner middleware included.
func (m Middlewares) Wrap(method string, ep endpoint.Endpoint, inner ...endpoint.Middleware) endpoint.Endpoint {
	name := "/" + m.Service + "/" + method
	for i := len(inner) - 1; i >= 0; i-- {
		ep = inner[i](ep)
	}
	ep = Logging(m.Logger, name)(ep)
	return Instrumenting(m.Metrics, name)(ep)
}
