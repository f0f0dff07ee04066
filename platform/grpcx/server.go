package grpcx

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	"github.com/slotwise/slotwise/platform/telemetry"
)

// ServerOptions configure NewServer.
type ServerOptions struct {
	Logger         *slog.Logger
	TracerProvider trace.TracerProvider
	Interceptors   []grpc.UnaryServerInterceptor
	// MaxConnectionAge is how long a client connection may live (0:
	// DefaultMaxConnectionAge).
	MaxConnectionAge time.Duration
}

// DefaultMaxConnectionAge is how long a client connection lives before the
// server asks the client to reconnect (HTTP/2 GOAWAY). A client re-resolves
// its target when a connection closes, so replicas added since join its
// round-robin: with gRPC re-resolving DNS at most every 30 s, within about
// a minute.
const DefaultMaxConnectionAge = 30 * time.Second

// maxConnectionAgeGrace is how long calls in flight on an aged connection
// may still take before it is closed.
const maxConnectionAgeGrace = 10 * time.Second

// NewServer returns a gRPC server with tracing (or, when tp records no
// spans, trace-context propagation only), recovery and the standard health
// service (reported SERVING). Authentication, logging and metrics of calls
// are endpoint middleware (platform/kit).
func NewServer(o ServerOptions) (*grpc.Server, *health.Server) {
	var chain []grpc.UnaryServerInterceptor
	var tracing grpc.ServerOption = grpc.EmptyServerOption{}
	if telemetry.Recording(o.TracerProvider) {
		tracing = grpc.StatsHandler(otelgrpc.NewServerHandler(
			otelgrpc.WithTracerProvider(o.TracerProvider),
			otelgrpc.WithFilter(traced),
		))
	} else {
		chain = append(chain, extractUnary)
	}
	chain = append(chain, recovery(o.Logger))
	chain = append(chain, o.Interceptors...)
	age := o.MaxConnectionAge
	if age <= 0 {
		age = DefaultMaxConnectionAge
	}
	srv := grpc.NewServer(
		tracing,
		grpc.ChainUnaryInterceptor(chain...),
		// Reused stream workers keep their grown stacks: a fresh goroutine
		// per RPC grew its stack on every call (≈ 4 % of booking-svc's CPU).
		// A call waits on PostgreSQL most of its time, so there are enough
		// workers for the calls in flight, not for the cores; beyond them a
		// call still gets a goroutine of its own.
		grpc.NumStreamWorkers(streamWorkers),
		grpc.InitialWindowSize(windowSize), grpc.InitialConnWindowSize(windowSize),
		grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionAge: age, MaxConnectionAgeGrace: maxConnectionAgeGrace}),
	)
	hs := health.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	return srv, hs
}

// streamWorkers is how many calls a server runs on reused goroutines at once.
const streamWorkers = 64

// windowSize is a fixed HTTP/2 flow-control window. Setting one turns off
// gRPC's bandwidth-delay probing, which sent a PING (and read its ack) after
// bursts of small messages on these low-latency links.
const windowSize = 1 << 20

// traced tells the calls someone's request makes from those a process
// makes on its own, which would bury them in Jaeger: health checks.
func traced(info *stats.RPCTagInfo) bool {
	return !strings.HasPrefix(info.FullMethodName, "/grpc.health.v1.Health/")
}

// recovery turns a panic outside the endpoints (in a decoder or encoder,
// which kit.Logging does not wrap) into Internal, logged once here.
func recovery(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.ErrorContext(ctx, "request failed: panic", "method", info.FullMethod, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				MarkLogged(ctx)
				err = status.Error(codes.Internal, "Internal server error")
			}
		}()
		return handler(ctx, req)
	}
}
