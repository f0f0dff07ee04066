// Package kittest checks a service's transport against its shape (platform/kit).
package kittest

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/metrics"
)

// EveryCallThroughItsEndpoint checks the shape of a service's transport
// (docs/architecture.md "Anatomy of a service"): the one server newServer
// builds, over one endpoint Set wrapped in the middlewares it is given,
// answers every method of descs (its public and internal services), and
// every call runs the endpoint named after its method in its own service:
// the instrumenting middleware counted it. A method answered beside the
// endpoint chain, or wrapped under another service's name, fails. The
// domain behind the endpoints may be a nil interface: a call that panics
// in its endpoint is still counted.
func EveryCallThroughItsEndpoint(t testing.TB, newServer func(middlewares func(service string) kit.Middlewares) any, descs ...*grpc.ServiceDesc) {
	t.Helper()
	m := metrics.New("transport-test")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	keys := authn.NewVerifier(func(context.Context) (*authv1.JWKS, error) { return &authv1.JWKS{}, nil })
	server := newServer(func(service string) kit.Middlewares { return kit.NewMiddlewares(service, log, m, keys) })
	var want []string
	for _, d := range descs {
		for _, md := range d.Methods {
			// A zero request and no token: the call fails, counted.
			_, _ = md.Handler(server, context.Background(), func(any) error { return nil }, nil)
			want = append(want, "/"+d.ServiceName+"/"+md.MethodName)
		}
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	var counted []string
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if strings.HasPrefix(line, "rpc_server_requests_total{") {
			counted = append(counted, line)
		}
	}
	for _, method := range want {
		found := false
		for _, line := range counted {
			found = found || strings.Contains(line, `method="`+method+`"`)
		}
		if !found {
			t.Errorf("%s was not counted by its endpoint's middleware: it is answered beside the endpoint chain, or under another name", method)
		}
	}
	if len(counted) != len(want) {
		t.Errorf("%d methods, %d counted: %s", len(want), len(counted), strings.Join(counted, "\n"))
	}
}
