package grpcx

import (
	"fmt"
	"strings"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/resolver"
	"google.golang.org/grpc/resolver/manual"

	"github.com/slotwise/slotwise/platform/telemetry"
)

// serviceConfig balances calls round-robin over every address a target
// resolves to, and only to backends whose standard health service says
// SERVING: a replica that is shutting down reports NOT_SERVING first
// (svc.Run), so it stops getting calls before it stops taking them.
const serviceConfig = `{"loadBalancingConfig":[{"round_robin":{}}],"healthCheckConfig":{"serviceName":""}}`

// reconnectBackoff caps how long a client waits between attempts to reach
// a backend that went away, so a replica restarted at its old address gets
// calls again within seconds (gRPC's default grows to two minutes).
var reconnectBackoff = backoff.Config{BaseDelay: 500 * time.Millisecond, Multiplier: 1.6, Jitter: 0.2, MaxDelay: 5 * time.Second}

// Dial returns a client connection to every backend target names, with
// tracing (propagation only when tp records no spans). target is
//   - host:port, or dns:///name:port (on Kubernetes, a headless Service):
//     every address the name resolves to, re-resolved when a connection
//     closes (servers age connections out, NewServer);
//   - a comma-separated list of host:port, for local use.
//
// Calls are balanced round-robin over the healthy backends; calls that may
// safely be sent twice are retried on another backend when one is
// UNAVAILABLE (retry.go); a method of an internal service is asked under its
// old name of a server that does not know it (moved.go).
func Dial(target string, tp trace.TracerProvider) (*grpc.ClientConn, error) {
	// Each attempt of a retried call is a call of its own to the tracing below.
	interceptors := grpc.WithChainUnaryInterceptor(noteLogged, retryUnavailable, injectUnary, askOldName)
	var tracing grpc.DialOption = grpc.EmptyDialOption{}
	if telemetry.Recording(tp) {
		interceptors = grpc.WithChainUnaryInterceptor(noteLogged, retryUnavailable, askOldName)
		tracing = grpc.WithStatsHandler(otelgrpc.NewClientHandler(otelgrpc.WithTracerProvider(tp), otelgrpc.WithFilter(traced)))
	}
	target, resolve := resolverFor(target)
	conn, err := grpc.NewClient(target, append(resolve,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(serviceConfig),
		grpc.WithDisableServiceConfig(), // never take a service config from DNS TXT records
		grpc.WithConnectParams(grpc.ConnectParams{Backoff: reconnectBackoff, MinConnectTimeout: 5 * time.Second}),
		interceptors, tracing,
		grpc.WithInitialWindowSize(windowSize), grpc.WithInitialConnWindowSize(windowSize),
	)...)
	if err != nil {
		return nil, fmt.Errorf("grpc: dial %s: %w", target, err)
	}
	return conn, nil
}

// listScheme names the resolver of comma-separated address lists.
const listScheme = "slotwise-list"

// resolverFor returns the target gRPC dials and the resolver it needs: a
// comma-separated list becomes a fixed set of backends (gRPC's manual
// resolver); anything else goes to gRPC's own resolvers (dns by default).
func resolverFor(target string) (string, []grpc.DialOption) {
	if !strings.Contains(target, ",") {
		return target, nil
	}
	var endpoints []resolver.Endpoint
	for _, addr := range strings.Split(target, ",") {
		if addr = strings.TrimSpace(addr); addr != "" {
			endpoints = append(endpoints, resolver.Endpoint{Addresses: []resolver.Address{{Addr: addr}}})
		}
	}
	if len(endpoints) == 0 {
		return target, nil // gRPC names the malformed target
	}
	r := manual.NewBuilderWithScheme(listScheme)
	r.InitialState(resolver.State{Endpoints: endpoints})
	return listScheme + ":///" + endpoints[0].Addresses[0].Addr, []grpc.DialOption{grpc.WithResolvers(r)}
}
