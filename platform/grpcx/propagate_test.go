package grpcx

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// A trace context goes out with a call and comes back into the server's
// handler context unchanged; a call without one sends nothing.
func TestPropagationInterceptorsRoundTrip(t *testing.T) {
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled})

	var sent metadata.MD
	invoker := func(ctx context.Context, _ string, _, _ any, _ *grpc.ClientConn, _ ...grpc.CallOption) error {
		sent, _ = metadata.FromOutgoingContext(ctx)
		return nil
	}
	ctx := trace.ContextWithSpanContext(context.Background(), sc)
	if err := injectUnary(ctx, "/booking.v1.BookingService/CreateAppointment", nil, nil, nil, invoker); err != nil {
		t.Fatal(err)
	}
	if got := sent.Get("traceparent"); len(got) != 1 || got[0] != "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" {
		t.Fatalf("traceparent sent: %v", got)
	}

	var seen trace.SpanContext
	handler := func(ctx context.Context, _ any) (any, error) {
		seen = trace.SpanContextFromContext(ctx)
		return nil, nil
	}
	if _, err := extractUnary(metadata.NewIncomingContext(context.Background(), sent), nil, nil, handler); err != nil {
		t.Fatal(err)
	}
	if !seen.IsRemote() || seen.TraceID() != traceID || seen.SpanID() != spanID || !seen.IsSampled() {
		t.Fatalf("server saw %+v, want the caller's span context", seen)
	}

	sent = nil
	if err := injectUnary(context.Background(), "/m", nil, nil, nil, invoker); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 0 {
		t.Fatalf("a call without trace context sent %v", sent)
	}
}
