package rest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

func TestPropagateCarriesTheCallersTraceContext(t *testing.T) {
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	var got trace.SpanContext
	h := propagate(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = trace.SpanContextFromContext(r.Context())
	}))

	r := httptest.NewRequest("POST", "/appointments", nil)
	r.Header.Set("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if !got.IsRemote() || got.TraceID().String() != "4bf92f3577b34da6a3ce929d0e0e4736" || got.SpanID().String() != "00f067aa0ba902b7" {
		t.Fatalf("span context %+v, want the caller's trace 4bf92f… span 00f067…", got)
	}

	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/services", nil))
	if got.IsValid() {
		t.Fatalf("a request without traceparent got span context %+v", got)
	}
}
