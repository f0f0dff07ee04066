package grpcx

import (
	"context"
	"io"
	"log/slog"
	"net"
	"testing"

	"go.opentelemetry.io/otel/trace/noop"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
)

// catalogServer answers CatalogStats with 7 businesses under whichever
// name it is registered.
type catalogServer struct {
	catalogv1.UnimplementedCatalogServiceServer
	catalogv1.UnimplementedCatalogInternalServer
}

func (catalogServer) CatalogStats(context.Context, *catalogv1.CatalogStatsRequest) (*catalogv1.CatalogStatsResponse, error) {
	return &catalogv1.CatalogStatsResponse{Businesses: 7}, nil
}

// serveCatalog runs a real server with what register puts on it and dials
// it as every program does.
func serveCatalog(t *testing.T, register func(*grpc.Server)) *grpc.ClientConn {
	t.Helper()
	srv, _ := NewServer(ServerOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TracerProvider: noop.NewTracerProvider()})
	register(srv)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := Dial(lis.Addr().String(), noop.NewTracerProvider())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// The previous release's server: the moved methods on the public service only.
func previousRelease(s *grpc.Server) {
	s.RegisterService(WithMovedMethods(&catalogv1.CatalogService_ServiceDesc, &catalogv1.CatalogInternal_ServiceDesc), catalogServer{})
}

// This release's server (svc.Runtime.Serve) answers a caller of the
// previous release, which asks a moved method under its public service's
// name, and a caller of this one.
func TestMovedMethodAnsweredUnderBothNames(t *testing.T) {
	conn := serveCatalog(t, func(s *grpc.Server) {
		previousRelease(s)
		s.RegisterService(&catalogv1.CatalogInternal_ServiceDesc, catalogServer{})
	})
	for _, method := range []string{"/slotwise.catalog.v1.CatalogService/CatalogStats", "/slotwise.catalog.v1.CatalogInternal/CatalogStats"} {
		var out catalogv1.CatalogStatsResponse
		if err := conn.Invoke(context.Background(), method, &catalogv1.CatalogStatsRequest{}, &out); err != nil || out.GetBusinesses() != 7 {
			t.Errorf("%s: %v, %v", method, &out, err)
		}
	}
}

// A client of this release asks a server of the previous release under the
// old name; of a server that knows the method under neither name it gets
// Unimplemented, as before.
func TestClientAsksAnOlderServerTheOldName(t *testing.T) {
	older := catalogv1.NewCatalogInternalClient(serveCatalog(t, previousRelease))
	if out, err := older.CatalogStats(context.Background(), &catalogv1.CatalogStatsRequest{}); err != nil || out.GetBusinesses() != 7 {
		t.Fatalf("a server of the previous release: %v, %v", out, err)
	}
	oldest := catalogv1.NewCatalogInternalClient(serveCatalog(t, func(s *grpc.Server) {
		s.RegisterService(&catalogv1.CatalogService_ServiceDesc, catalogServer{})
	}))
	if _, err := oldest.CatalogStats(context.Background(), &catalogv1.CatalogStatsRequest{}); status.Code(err) != codes.Unimplemented {
		t.Fatalf("a server without the method: %v, want Unimplemented", err)
	}
}

func TestOldName(t *testing.T) {
	for in, want := range map[string]string{
		"/slotwise.catalog.v1.CatalogInternal/GetServiceStaff": "/slotwise.catalog.v1.CatalogService/GetServiceStaff",
		"/slotwise.catalog.v1.CatalogService/GetService":       "",
		"/grpc.health.v1.Health/Check":                         "",
	} {
		if got, _ := oldName(in); got != want {
			t.Errorf("oldName(%s) = %q, want %q", in, got, want)
		}
	}
}
