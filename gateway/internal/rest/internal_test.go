package rest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	// The internal services' descriptors register with the packages the
	// gateway imports (mux.go); authv1 only through export.go.
	_ "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/metrics"
)

// internalServices are the services only other programs call
// (docs/adr/0067-internal-calls-in-internal-services.md).
var internalServices = []string{
	"slotwise.auth.v1.AuthInternal", "slotwise.booking.v1.BookingInternal",
	"slotwise.catalog.v1.CatalogInternal", "slotwise.review.v1.ReviewInternal",
}

// slotwiseServices is every gRPC service of our protos the gateway links in.
func slotwiseServices(t *testing.T) []protoreflect.ServiceDescriptor {
	t.Helper()
	var out []protoreflect.ServiceDescriptor
	protoregistry.GlobalFiles.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		if strings.HasPrefix(string(f.Package()), "slotwise.") {
			for i := range f.Services().Len() {
				out = append(out, f.Services().Get(i))
			}
		}
		return true
	})
	return out
}

func httpRule(m protoreflect.MethodDescriptor) *annotations.HttpRule {
	rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
	return rule
}

// The split the gateway relies on: a public service is exactly the REST
// contract (every method has a google.api.http route, which grpc-gateway
// turns into a handler on the mux), an internal service has no route at
// all, so no handler for it exists to register.
func TestPublicServicesAreRoutesInternalOnesHaveNone(t *testing.T) {
	var internal []string
	for _, s := range slotwiseServices(t) {
		isInternal := strings.HasSuffix(string(s.Name()), "Internal")
		if isInternal {
			internal = append(internal, string(s.FullName()))
		}
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			switch rule := httpRule(m); {
			case isInternal && rule != nil:
				t.Errorf("%s has a REST route (%v): an internal call must have none", m.FullName(), rule)
			case !isInternal && rule == nil:
				t.Errorf("%s has no REST route: a call only other programs make belongs in the package's internal service", m.FullName())
			}
		}
	}
	slices.Sort(internal)
	if !slices.Equal(internal, internalServices) {
		t.Fatalf("internal services %v, want %v", internal, internalServices)
	}
}

// calls records every gRPC call that reaches the services, whatever its
// method: the backend of every service in TestInternalMethodsAreNotRoutes.
type calls struct {
	mu      sync.Mutex
	methods []string
}

func (c *calls) record(_ any, stream grpc.ServerStream) error {
	method, _ := grpc.MethodFromServerStream(stream)
	c.mu.Lock()
	c.methods = append(c.methods, method)
	c.mu.Unlock()
	return status.Error(codes.Unavailable, "recorded")
}

func (c *calls) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.methods
	c.methods = nil
	return out
}

// No request to the REST edge reaches an internal method: a path shaped
// like one is 404 and no service is called.
func TestInternalMethodsAreNotRoutes(t *testing.T) {
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
	b := Backends{Auth: conn, Catalog: conn, Booking: conn, Review: conn, Notification: conn}
	h, err := NewHandler(context.Background(), b, Options{Metrics: metrics.New("gateway-test"),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	serve := func(method, path string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, path, strings.NewReader("{}"))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer x")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}

	for _, s := range slotwiseServices(t) {
		if !strings.HasSuffix(string(s.Name()), "Internal") {
			continue
		}
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			grpcPath := "/" + string(s.FullName()) + "/" + string(m.Name())
			for _, path := range []string{grpcPath, strings.ToLower(grpcPath), "/" + strings.ToLower(string(m.Name()))} {
				for _, method := range []string{http.MethodGet, http.MethodPost} {
					if w := serve(method, path); w.Code != http.StatusNotFound {
						t.Errorf("%s %s answered %d %s, want 404", method, path, w.Code, w.Body)
					}
				}
			}
		}
	}
	if got := seen.take(); len(got) != 0 {
		t.Fatalf("requests to internal methods reached %v", got)
	}

	// The recorder does see what reaches a service: GET /stats asks the
	// internal stats calls itself (the first failure cancels the others,
	// so at least one arrives).
	serve(http.MethodGet, "/stats")
	if got := seen.take(); len(got) == 0 || !strings.HasSuffix(got[0], "Stats") {
		t.Fatalf("GET /stats reached %v, want the stats calls", got)
	}
}
