package rest

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/testkit"
)

const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"

// A failed request is logged once: a server fault a service logged (it sets
// grpcx.LoggedTrailer) is not logged again by the gateway; one no service
// could log (the service unreachable) is logged by the gateway, with the
// method, the trace id and the cause.
func TestServerFaultLoggedOnce(t *testing.T) {
	otel.SetTextMapPropagator(propagation.TraceContext{})

	// A service whose every call fails as a logged server fault.
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer(grpc.UnaryInterceptor(func(ctx context.Context, _ any, _ *grpc.UnaryServerInfo, _ grpc.UnaryHandler) (any, error) {
		grpcx.MarkLogged(ctx)
		return nil, status.Error(codes.Internal, "Internal server error")
	}))
	authv1.RegisterAuthServiceServer(srv, authv1.UnimplementedAuthServiceServer{})
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)

	// An address nothing listens on.
	gone, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	goneAddr := gone.Addr().String()
	if err := gone.Close(); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, addr string
		status     int
		logged     bool
	}{
		{"logged by the service", lis.Addr().String(), http.StatusInternalServerError, false},
		{"service unreachable", goneAddr, http.StatusServiceUnavailable, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := grpcx.Dial(tc.addr, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { conn.Close() })
			var logs bytes.Buffer
			h, err := NewHandler(t.Context(), Backends{Auth: conn, Catalog: conn, Booking: conn, Review: conn},
				Options{Metrics: metrics.New("gateway"), Logger: logging.New(&logs, "gateway", "info")})
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest("POST", "/auth/login-with-role", strings.NewReader(`{"email":"a@example.com","password":"secret1","role":"customer"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			lines := testkit.LogLines(t, logs.String())
			if !tc.logged {
				if len(lines) != 0 {
					t.Fatalf("the gateway logged a failure the service logged: %v", lines)
				}
				return
			}
			if len(lines) != 1 {
				t.Fatalf("%d log lines, want 1: %v", len(lines), lines)
			}
			l := lines[0]
			if l["level"] != "ERROR" || l["service"] != "gateway" || l["method"] != "/slotwise.auth.v1.AuthService/LoginWithRole" ||
				l["trace_id"] != traceID || !strings.Contains(l["err"].(string), "Unavailable") {
				t.Fatalf("log line %v", l)
			}
		})
	}
}
