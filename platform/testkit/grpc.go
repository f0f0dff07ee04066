package testkit

import (
	"net"
	"testing"

	"google.golang.org/grpc"

	"github.com/slotwise/slotwise/platform/grpcx"
)

// GRPCConn serves srv on a loopback port for the rest of the test and
// returns a connection to it, dialled as the services dial each other
// (grpcx.Dial); both are closed when the test ends.
func GRPCConn(t testing.TB, srv *grpc.Server) *grpc.ClientConn {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	conn, err := grpcx.Dial(lis.Addr().String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}
