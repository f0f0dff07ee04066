package rest

import (
	"net/http"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
)

// propagate is the edge's tracing when no spans are recorded: the caller's
// W3C trace context (if any) goes into the request's context, so the gRPC
// calls carry it on to the services. That is what otelhttp does with a
// no-op tracer, without its per-request metrics and attribute work (a few
// per cent of the gateway's CPU).
func propagate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := otel.GetTextMapPropagator().Extract(r.Context(), propagation.HeaderCarrier(r.Header))
		if ctx != r.Context() {
			r = r.WithContext(ctx)
		}
		next.ServeHTTP(w, r)
	})
}
