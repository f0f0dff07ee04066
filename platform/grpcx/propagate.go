package grpcx

import (
	"context"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/baggage"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// When no spans are recorded (telemetry.Recording is false), servers and
// clients carry the W3C trace context in metadata with these interceptors
// instead of otelgrpc's stats handlers: those do per-call and per-message
// bookkeeping (tags, attributes, metadata copies) even for a no-op tracer,
// a few per cent of a booking's CPU. All our RPCs are unary.

// extractUnary puts the caller's trace context into the handler's context.
func extractUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	return handler(otel.GetTextMapPropagator().Extract(ctx, incoming{ctx}), req)
}

// injectUnary sends the context's trace context (if any) with the call.
func injectUnary(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if trace.SpanContextFromContext(ctx).IsValid() || baggage.FromContext(ctx).Len() > 0 {
		var pairs []string
		otel.GetTextMapPropagator().Inject(ctx, outgoing{&pairs})
		ctx = metadata.AppendToOutgoingContext(ctx, pairs...)
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}

// incoming reads propagation fields from incoming metadata without copying
// it (metadata.FromIncomingContext copies every key).
type incoming struct{ ctx context.Context }

func (c incoming) Get(key string) string {
	if v := metadata.ValueFromIncomingContext(c.ctx, key); len(v) > 0 {
		return v[0]
	}
	return ""
}
func (incoming) Set(string, string) {}
func (incoming) Keys() []string     { return nil } // the W3C propagators only Get

// outgoing collects the fields a propagator injects as metadata pairs.
type outgoing struct{ pairs *[]string }

func (outgoing) Get(string) string       { return "" }
func (c outgoing) Set(key, value string) { *c.pairs = append(*c.pairs, key, value) }
func (c outgoing) Keys() []string {
	var keys []string
	for i := 0; i < len(*c.pairs); i += 2 {
		keys = append(keys, (*c.pairs)[i])
	}
	return keys
}
