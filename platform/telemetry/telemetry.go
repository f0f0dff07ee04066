// Package telemetry configures OpenTelemetry tracing. The W3C propagator is
// always installed so trace context crosses every hop even when no exporter
// is configured; spans are exported over OTLP/HTTP only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set.
package telemetry

import (
	"context"
	"log/slog"
	"os"
	"sync"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Setup installs the global propagator and, when an OTLP endpoint is
// configured, a tracer provider for the service; export failures are
// reported through log. The returned function flushes and stops the
// exporter.
func Setup(ctx context.Context, service string, log *slog.Logger) (trace.TracerProvider, func(context.Context) error, error) {
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == "" {
		return noop.NewTracerProvider(), func(context.Context) error { return nil }, nil
	}
	otel.SetErrorHandler(&exportErrors{log: log})
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, nil, err
	}
	res := resource.NewSchemaless(semconv.ServiceName(service))
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exp, sdktrace.WithBatchTimeout(500*time.Millisecond)),
		sdktrace.WithResource(res),
	)
	return tp, tp.Shutdown, nil
}

// Recording reports whether tp records spans: false for the no-op provider
// Setup returns when no exporter is configured. Trace context still crosses
// every hop then (the propagator is global); only span bookkeeping can go.
func Recording(tp trace.TracerProvider) bool {
	_, off := tp.(noop.TracerProvider)
	return tp != nil && !off
}

// End closes span, recording err and marking the span failed when err is set.
func End(span trace.Span, err error) {
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

// errorEvery is how often a failure to export spans is reported again.
const errorEvery = 10 * time.Minute

// exportErrors reports the first failure to export spans, then at most one
// every errorEvery. While the collector is away (the devstack's Jaeger is
// still building, a collector restarts) every batch fails, and OpenTelemetry's
// default handler would log each one.
type exportErrors struct {
	log        *slog.Logger
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

func (h *exportErrors) Handle(err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.last.IsZero() && time.Since(h.last) < errorEvery {
		h.suppressed++
		return
	}
	h.log.Warn("telemetry: spans could not be exported and were dropped (repeats are reported at most every 10 minutes)",
		"err", err, "suppressedSinceLastReport", h.suppressed)
	h.last, h.suppressed = time.Now(), 0
}
