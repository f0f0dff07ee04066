package kit

import (
	"context"
	"time"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
)

// Instrumenting records each call's duration and outcome (the gRPC code the
// client gets) in the service's RED metrics.
func Instrumenting(m *metrics.Metrics, method string) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (resp any, err error) {
			defer func(begin time.Time) {
				m.ObserveRPC(method, grpcx.Code(failure(resp, err)).String(), time.Since(begin))
			}(time.Now())
			return next(ctx, req)
		}
	}
}
