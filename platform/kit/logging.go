package kit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/grpcx"
)

// Logging logs each call that failed, once, with the service's logger (which
// adds the service and, from ctx, the trace id): a server fault (a bug, a
// dependency down: a 5xx) at error level with its real cause, which the
// client never sees; a refusal (a 4xx the user can act on) at debug level.
// A failure a called service has already logged (grpcx.Logged) is not
// logged again.
// A panic in the endpoint is logged here once, with its stack, and the call
// fails as Internal.
func Logging(log *slog.Logger, method string) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (resp any, err error) {
			defer func() {
				if r := recover(); r != nil {
					log.ErrorContext(ctx, "request failed: panic", "method", method, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
					grpcx.MarkLogged(ctx)
					resp, err = nil, errPanicked
					return
				}
				logFailure(ctx, log, method, failure(resp, err))
			}()
			return next(ctx, req)
		}
	}
}

var errPanicked = errors.New("the endpoint panicked")

func logFailure(ctx context.Context, log *slog.Logger, method string, err error) {
	if err == nil {
		return
	}
	if grpcx.Logged(err) {
		grpcx.MarkLogged(ctx) // logged where it failed, downstream
		return
	}
	if grpcx.ServerFault(grpcx.Code(err)) {
		log.ErrorContext(ctx, "request failed", "method", method, "err", err.Error())
		grpcx.MarkLogged(ctx)
	} else if log.Enabled(ctx, slog.LevelDebug) {
		log.DebugContext(ctx, "request refused", "method", method, "err", err.Error())
	}
}
