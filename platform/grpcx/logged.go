package grpcx

import (
	"context"
	"errors"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Each failed request is logged once, by the program where it failed (see
// docs/architecture.md#logs): a service that logs a call's failure
// (kit.Logging, the recovery interceptor) says so in a trailer, its
// callers' clients (Dial) mark the error, and a caller does not log a marked
// error again. The gateway logs the server faults that come unmarked: a
// service down or unreachable, a deadline passed on the way.

// LoggedTrailer is the trailer a service sets on a call whose failure it
// has logged.
const LoggedTrailer = "x-failure-logged"

// MarkLogged tells the caller that this call's failure has been logged.
func MarkLogged(ctx context.Context) {
	_ = grpc.SetTrailer(ctx, metadata.Pairs(LoggedTrailer, "1"))
}

// Logged reports whether err is, or wraps, the failure of a call the
// called service has logged.
func Logged(err error) bool {
	var l loggedError
	return errors.As(err, &l)
}

// loggedError is such a failure; its status is the call's own.
type loggedError struct{ error }

func (e loggedError) GRPCStatus() *status.Status { return status.Convert(e.error) }
func (e loggedError) Unwrap() error              { return e.error }

// noteLogged marks the failures the called service logged.
func noteLogged(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	var trailer metadata.MD
	err := invoker(ctx, method, req, reply, cc, append(opts, grpc.Trailer(&trailer))...)
	if err != nil && len(trailer.Get(LoggedTrailer)) > 0 {
		return loggedError{err}
	}
	return err
}
