package kit_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/testkit"
)

// request and reply stand in for a method's protobuf messages.
type request struct{ Name string }
type reply struct{ Text string }

const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"

type fixture struct {
	logs    *bytes.Buffer
	metrics *metrics.Metrics
	mw      kit.Middlewares
	token   string
}

func newFixture(t *testing.T) *fixture {
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	v := authn.NewVerifier(func(context.Context) (*authv1.JWKS, error) {
		return &authv1.JWKS{Keys: []*authv1.JWK{authn.JWK("k1", pub)}}, nil
	})
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{"sub": "u1", "role": "provider", "email": "p@example.com",
		"exp": time.Now().Add(time.Hour).Unix()})
	tok.Header["kid"] = "k1"
	signed, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{logs: &bytes.Buffer{}, metrics: metrics.New("test-svc"), token: signed}
	f.mw = kit.NewMiddlewares("slotwise.test.v1.TestService", logging.New(f.logs, "test-svc", "info"), f.metrics, v)
	return f
}

// serve runs one call of ep through the gRPC transport as a server would:
// with the caller's metadata and trace context.
func (f *fixture) serve(ep func(context.Context, request) (string, error), authorization string, protected bool) (*reply, error) {
	wrapped := f.mw.Wrap("Do", kit.Endpoint(ep))
	if protected {
		wrapped = f.mw.Wrap("Do", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, r request) (string, error) {
			return ep(ctx, request{Name: r.Name + " for " + c.UserID + "/" + c.Role})
		}), f.mw.Authenticated)
	}
	h := kit.NewHandler(wrapped,
		func(_ context.Context, r *request) request { return *r },
		func(_ context.Context, s string) *reply { return &reply{Text: s} })
	tid, _ := trace.TraceIDFromHex(traceID)
	sid, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid}))
	if authorization != "" {
		ctx = metadata.NewIncomingContext(ctx, metadata.Pairs("authorization", authorization))
	}
	return h.Serve(ctx, &request{Name: "asha"})
}

func (f *fixture) lines(t *testing.T) []map[string]any {
	t.Helper()
	return testkit.LogLines(t, f.logs.String())
}

func TestSuccessEncodes(t *testing.T) {
	f := newFixture(t)
	r, err := f.serve(func(_ context.Context, r request) (string, error) { return "hello " + r.Name, nil }, "", false)
	if err != nil || r.Text != "hello asha" {
		t.Fatalf("got %+v, %v", r, err)
	}
	if l := f.lines(t); len(l) != 0 {
		t.Fatalf("a successful call logged %v", l)
	}
}

// A business failure travels in the response and leaves as its status; a
// refusal is not a server failure and logs nothing at info level.
func TestRefusalIsItsStatusAndNotLogged(t *testing.T) {
	f := newFixture(t)
	_, err := f.serve(func(context.Context, request) (string, error) { return "", apperr.Conflict("This slot is taken") }, "", false)
	if st := status.Convert(err); st.Code() != codes.AlreadyExists || st.Message() != "This slot is taken" {
		t.Fatalf("status %v", st)
	}
	if l := f.lines(t); len(l) != 0 {
		t.Fatalf("a refusal logged %v", l)
	}
}

// A failure that is the server's fault is logged exactly once, with the
// service, the method, the trace id and the real cause; the client gets a
// generic message.
func TestServerFailureLoggedOnceWithCause(t *testing.T) {
	f := newFixture(t)
	_, err := f.serve(func(context.Context, request) (string, error) {
		return "", errors.New("insert appointment: connection reset by peer")
	}, "", false)
	if st := status.Convert(err); st.Code() != codes.Internal || st.Message() != "Internal server error" {
		t.Fatalf("status %v", st)
	}
	l := f.lines(t)
	if len(l) != 1 {
		t.Fatalf("%d log lines, want 1: %v", len(l), l)
	}
	want := map[string]any{"level": "ERROR", "service": "test-svc", "method": "/slotwise.test.v1.TestService/Do",
		"trace_id": traceID, "err": "insert appointment: connection reset by peer"}
	for k, v := range want {
		if l[0][k] != v {
			t.Errorf("log %s = %v, want %v (line %v)", k, l[0][k], v, l[0])
		}
	}
}

// A panic in an endpoint fails the call as Internal and is logged once,
// with its stack.
func TestPanicLoggedOnce(t *testing.T) {
	f := newFixture(t)
	_, err := f.serve(func(context.Context, request) (string, error) { panic("nil map") }, "", false)
	if status.Code(err) != codes.Internal {
		t.Fatalf("status %v", err)
	}
	l := f.lines(t)
	if len(l) != 1 || l[0]["panic"] != "nil map" || !strings.Contains(l[0]["stack"].(string), "kit_test.go") || l[0]["trace_id"] != traceID {
		t.Fatalf("want one line with the panic and its stack, got %v", l)
	}
}

// Authenticated refuses without a valid token (401) before the endpoint
// runs, and hands the verified caller to a CallerEndpoint.
func TestAuthenticated(t *testing.T) {
	f := newFixture(t)
	ran := false
	ep := func(_ context.Context, r request) (string, error) { ran = true; return "hello " + r.Name, nil }
	for header, msg := range map[string]string{"": "Authentication required: please log in", "Bearer not-a-jwt": "Invalid or expired token: please log in again",
		"Basic abc": "Invalid or expired token: please log in again"} {
		_, err := f.serve(ep, header, true)
		if st := status.Convert(err); st.Code() != codes.Unauthenticated || st.Message() != msg {
			t.Errorf("authorization %q: %v, want 401 %q", header, st, msg)
		}
	}
	if ran {
		t.Fatal("the endpoint ran without a valid token")
	}
	r, err := f.serve(ep, "Bearer "+f.token, true)
	if err != nil || r.Text != "hello asha for u1/provider" {
		t.Fatalf("with a valid token: %+v %v", r, err)
	}
}

// A CallerEndpoint left outside Authenticated fails every call as a bug,
// never acting for an anonymous caller.
func TestCallerEndpointNeedsAuthentication(t *testing.T) {
	f := newFixture(t)
	h := kit.NewHandler(f.mw.Wrap("Do", kit.CallerEndpoint(func(context.Context, identity.Caller, request) (string, error) { return "acted", nil })),
		func(_ context.Context, r *request) request { return *r },
		func(_ context.Context, s string) *reply { return &reply{Text: s} })
	_, err := h.Serve(context.Background(), &request{})
	if status.Code(err) != codes.Internal || len(f.lines(t)) != 1 {
		t.Fatalf("got %v and logs %v", err, f.lines(t))
	}
}

// Every call is counted by method and the code the client got.
func TestInstrumenting(t *testing.T) {
	f := newFixture(t)
	f.serve(func(context.Context, request) (string, error) { return "ok", nil }, "", false)
	f.serve(func(context.Context, request) (string, error) { return "", apperr.NotFound("Service not found") }, "", false)
	f.serve(func(context.Context, request) (string, error) { return "", nil }, "", true) // no token
	rec := httptest.NewRecorder()
	f.metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, code := range []string{"OK", "NotFound", "Unauthenticated"} {
		want := `rpc_server_requests_total{code="` + code + `",method="/slotwise.test.v1.TestService/Do",service="test-svc"} 1`
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// A failure of a downstream call is logged once: not again here when the
// called service logged it (its trailer, grpcx.Logged), here when it did not.
func TestDownstreamFailureLoggedOnce(t *testing.T) {
	for _, downstreamLogs := range []bool{true, false} {
		srv := grpc.NewServer(grpc.UnaryInterceptor(func(ctx context.Context, _ any, _ *grpc.UnaryServerInfo, _ grpc.UnaryHandler) (any, error) {
			if downstreamLogs {
				grpcx.MarkLogged(ctx)
			}
			return nil, status.Error(codes.Internal, "Internal server error")
		}))
		authv1.RegisterAuthServiceServer(srv, authv1.UnimplementedAuthServiceServer{})
		conn := testkit.GRPCConn(t, srv)

		f := newFixture(t)
		_, err := f.serve(func(ctx context.Context, _ request) (string, error) {
			_, err := authv1.NewAuthServiceClient(conn).GetJWKS(ctx, &authv1.GetJWKSRequest{})
			return "", fmt.Errorf("ask auth-svc: %w", err)
		}, "", false)
		if status.Code(err) != codes.Internal {
			t.Fatalf("status %v", err)
		}
		want := 1
		if downstreamLogs {
			want = 0
		}
		if l := f.lines(t); len(l) != want {
			t.Errorf("downstream logged: %v; %d log lines, want %d: %v", downstreamLogs, len(l), want, l)
		}
	}
}
