package rest

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/slotwise/slotwise/platform/metrics"
)

// openAPIDocument is the REST contract (scripts/generate.sh).
const openAPIDocument = "../../../api/openapi/slotwise.swagger.json"

// param is a path parameter of either notation ({id}, {token=*}).
var param = regexp.MustCompile(`\{[^}]*\}`)

func routeKey(method, path string) string {
	return strings.ToUpper(method) + " " + param.ReplaceAllString(path, "{}")
}

// documentRoutes are "METHOD /path/{}" of every operation in the document.
func documentRoutes(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile(openAPIDocument)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" {
				out = append(out, routeKey(method, path))
			}
		}
	}
	slices.Sort(out)
	return out
}

// routerRoutes are the routes the gateway's router is built from: every
// google.api.http binding of the public services mux.go registers (the
// internal ones have none: internal_test.go), and gatewayRoutes. The
// probes (/healthz, /readyz) are operations' routes, not the API's.
func routerRoutes(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, s := range slotwiseServices(t) {
		for i := range s.Methods().Len() {
			rule := httpRule(s.Methods().Get(i))
			if rule == nil {
				continue
			}
			for _, r := range append(rule.GetAdditionalBindings(), rule) {
				for method, path := range map[string]string{"GET": r.GetGet(), "POST": r.GetPost(), "PUT": r.GetPut(),
					"PATCH": r.GetPatch(), "DELETE": r.GetDelete()} {
					if path != "" {
						out = append(out, routeKey(method, path))
					}
				}
			}
		}
	}
	for _, r := range gatewayRoutes(Backends{}, Options{}) {
		method, path, _ := strings.Cut(r.pattern, " ")
		out = append(out, routeKey(method, path))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// The contract is the API: the OpenAPI document names exactly the routes
// the gateway serves (the gateway's own included), and each of the
// document's routes reaches a service through the real handler.
func TestEveryRouteIsInTheOpenAPIDocument(t *testing.T) {
	doc, router := documentRoutes(t), routerRoutes(t)
	for _, r := range router {
		if !slices.Contains(doc, r) {
			t.Errorf("%s is served but not in %s (a gateway route belongs in api/gateway/gateway.swagger.json)", r, openAPIDocument)
		}
	}
	for _, r := range doc {
		if !slices.Contains(router, r) {
			t.Errorf("%s is in the document but the gateway does not serve it", r)
		}
	}

	seen := &calls{}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer(grpc.UnknownServiceHandler(seen.record))
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	h, err := NewHandler(context.Background(), Backends{Auth: conn, Catalog: conn, Booking: conn, Review: conn, Notification: conn},
		Options{Metrics: metrics.New("gateway-routes-test"), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, route := range doc {
		method, path, _ := strings.Cut(route, " ")
		path = strings.ReplaceAll(path, "{}", "x")
		r := httptest.NewRequest(method, path, strings.NewReader(`{"password": "x"}`))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer x")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := seen.take(); len(got) == 0 {
			t.Errorf("%s %s reached no service: %d %s", method, path, w.Code, w.Body)
		}
	}
}
