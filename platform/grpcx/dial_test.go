package grpcx

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.opentelemetry.io/otel/trace/noop"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
)

// replica is one real gRPC server on loopback, counting the calls it took.
type replica struct {
	addr   string
	calls  atomic.Int64
	health *health.Server
	lis    *countingListener
	// unavailable makes every AuthService call fail with UNAVAILABLE.
	unavailable atomic.Bool
}

type authServer struct {
	authv1.UnimplementedAuthServiceServer
	r *replica
}

func (s authServer) GetJWKS(context.Context, *authv1.GetJWKSRequest) (*authv1.JWKS, error) {
	if s.r.unavailable.Load() {
		return nil, status.Error(codes.Unavailable, "draining")
	}
	return &authv1.JWKS{}, nil
}

func (s authServer) Register(context.Context, *authv1.RegisterRequest) (*authv1.RegisterResponse, error) {
	if s.r.unavailable.Load() {
		return nil, status.Error(codes.Unavailable, "draining")
	}
	return &authv1.RegisterResponse{}, nil
}

func startReplicas(t *testing.T, n int) []*replica {
	t.Helper()
	return startReplicasAged(t, n, 0)
}

// countingListener counts the connections a server accepted.
type countingListener struct {
	net.Listener
	accepted atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted.Add(1)
	}
	return c, err
}

func startReplicasAged(t *testing.T, n int, maxAge time.Duration) []*replica {
	t.Helper()
	var out []*replica
	for range n {
		r := &replica{}
		count := func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			r.calls.Add(1)
			return handler(ctx, req)
		}
		srv, hs := NewServer(ServerOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TracerProvider: noop.NewTracerProvider(),
			Interceptors: []grpc.UnaryServerInterceptor{count}, MaxConnectionAge: maxAge})
		authv1.RegisterAuthServiceServer(srv, authServer{r: r})
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lis := &countingListener{Listener: l}
		go srv.Serve(lis)
		t.Cleanup(srv.Stop)
		r.addr, r.health, r.lis = l.Addr().String(), hs, lis
		out = append(out, r)
	}
	return out
}

func dialAll(t *testing.T, rs []*replica) authv1.AuthServiceClient {
	t.Helper()
	var addrs []string
	for _, r := range rs {
		addrs = append(addrs, r.addr)
	}
	conn, err := Dial(strings.Join(addrs, ","), noop.NewTracerProvider())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	client := authv1.NewAuthServiceClient(conn)
	// Until every backend is connected, round-robin uses the ready ones.
	deadline := time.Now().Add(10 * time.Second)
	for !allCalled(rs) {
		if time.Now().After(deadline) {
			t.Fatalf("not every replica got a call within 10s: %v", counts(rs))
		}
		client.GetJWKS(context.Background(), &authv1.GetJWKSRequest{})
		time.Sleep(5 * time.Millisecond)
	}
	for _, r := range rs {
		r.calls.Store(0)
	}
	return client
}

func allCalled(rs []*replica) bool {
	for _, r := range rs {
		if r.calls.Load() == 0 {
			return false
		}
	}
	return true
}

func counts(rs []*replica) []int64 {
	var out []int64
	for _, r := range rs {
		out = append(out, r.calls.Load())
	}
	return out
}

// A comma-separated target reaches every address, round-robin.
func TestDialListBalancesRoundRobin(t *testing.T) {
	rs := startReplicas(t, 3)
	client := dialAll(t, rs)
	for range 300 {
		if _, err := client.GetJWKS(context.Background(), &authv1.GetJWKSRequest{}); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range counts(rs) {
		if c < 90 || c > 110 {
			t.Errorf("replica %d took %d of 300 calls, want about 100: %v", i, c, counts(rs))
		}
	}
}

// A backend whose health service says NOT_SERVING (it is shutting down)
// gets no more calls.
func TestDialSkipsBackendsNotServing(t *testing.T) {
	rs := startReplicas(t, 3)
	client := dialAll(t, rs)
	rs[0].health.Shutdown()
	time.Sleep(200 * time.Millisecond) // the health watch stream delivers the change
	rs[0].calls.Store(0)
	for range 100 {
		if _, err := client.GetJWKS(context.Background(), &authv1.GetJWKSRequest{}); err != nil {
			t.Fatal(err)
		}
	}
	if c := counts(rs); c[0] != 0 || c[1]+c[2] != 100 {
		t.Fatalf("calls per replica after replica 0 stopped serving: %v", c)
	}
}

// A call its proto declares free of side effects, and a call carrying an
// Idempotency-Key, are sent to the next replica when one answers
// UNAVAILABLE; any other call's failure reaches the caller.
func TestDialRetriesOnlyRepeatableCalls(t *testing.T) {
	rs := startReplicas(t, 2)
	client := dialAll(t, rs)
	rs[0].unavailable.Store(true)
	for i := range 20 {
		if _, err := client.GetJWKS(context.Background(), &authv1.GetJWKSRequest{}); err != nil {
			t.Fatalf("read %d: %v (a read must be retried on the other replica)", i, err)
		}
	}
	keyed := metadata.AppendToOutgoingContext(context.Background(), IdempotencyKeyHeader, "k-1")
	for i := range 20 {
		if _, err := client.Register(keyed, &authv1.RegisterRequest{}); err != nil {
			t.Fatalf("keyed write %d: %v (it must be retried on the other replica)", i, err)
		}
	}
	failed := 0
	for range 20 {
		if _, err := client.Register(context.Background(), &authv1.RegisterRequest{}); status.Code(err) == codes.Unavailable {
			failed++
		}
	}
	if failed != 10 {
		t.Fatalf("%d of 20 unkeyed writes failed, want the 10 sent to the unavailable replica (never retried)", failed)
	}
	if !sideEffectFree("/slotwise.auth.v1.AuthService/GetJWKS") || sideEffectFree("/slotwise.auth.v1.AuthService/Register") || sideEffectFree("/no.such/Method") {
		t.Fatal("sideEffectFree does not read the protos' idempotency_level")
	}
}

// Servers age connections out (GOAWAY after MaxConnectionAge) so clients
// reconnect and re-resolve; calls carry on across it without a failure, even
// calls that are never retried.
func TestConnectionsAgeOutWithoutFailedCalls(t *testing.T) {
	rs := startReplicasAged(t, 2, 300*time.Millisecond)
	client := dialAll(t, rs)
	deadline := time.Now().Add(2 * time.Second)
	calls := 0
	for time.Now().Before(deadline) {
		if _, err := client.Register(context.Background(), &authv1.RegisterRequest{}); err != nil {
			t.Fatalf("call %d failed across connection ageing: %v", calls, err)
		}
		calls++
	}
	for i, r := range rs {
		if n := r.lis.accepted.Load(); n < 3 {
			t.Errorf("replica %d accepted %d connections in 2s with a 300ms connection age, want several", i, n)
		}
	}
}
