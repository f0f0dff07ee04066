package grpcx

import (
	"context"
	"log/slog"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Serve runs a go-kit gRPC handler and maps its error through ToStatus.
// go-kit's gRPC transport has no error encoder, so every service method goes
// through here to get truthful status codes. Internal errors are logged with
// their real cause, which the client never sees.
func Serve[T any](ctx context.Context, h kitgrpc.Handler, req any) (T, error) {
	var zero T
	_, resp, err := h.ServeGRPC(ctx, req)
	if err != nil {
		st := ToStatus(err)
		if status.Code(st) == codes.Internal {
			slog.Default().ErrorContext(ctx, "internal error", "err", err)
		}
		return zero, st
	}
	return resp.(T), nil
}

// Passthrough is a go-kit decode/encode function for transports whose
// request and response are already the types the endpoint uses.
func Passthrough(_ context.Context, v any) (any, error) { return v, nil }
