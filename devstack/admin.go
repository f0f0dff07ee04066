package devstack

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/slotwise/slotwise/platform/adminhttp"
	"github.com/slotwise/slotwise/platform/metrics"
)

// ServeAdmin serves the devstack process's own admin endpoints (/metrics,
// /debug/pprof/) on a free loopback port until ctx ends and returns their
// base URL. In split mode the devstack is a process of its own, holding the
// embedded broker: this is where its memory is measured.
func ServeAdmin(ctx context.Context) (string, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	alive := func(context.Context) error { return nil }
	srv := &http.Server{Handler: adminhttp.Handler(alive, metrics.New("devstack").Handler()), ReadHeaderTimeout: 5 * time.Second}
	go adminhttp.Serve(ctx, srv, func() error { return srv.Serve(lis) })
	return "http://" + lis.Addr().String(), nil
}
