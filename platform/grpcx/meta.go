package grpcx

import (
	"context"
	"strconv"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// SetHTTPStatus asks the gateway to answer with code (e.g. 201).
func SetHTTPStatus(ctx context.Context, code int) {
	_ = grpc.SetHeader(ctx, metadata.Pairs(HTTPCodeHeader, strconv.Itoa(code)))
}

// IncomingHeader returns the first value of an incoming metadata key
// (without copying the whole metadata, as FromIncomingContext does).
func IncomingHeader(ctx context.Context, key string) string {
	if v := metadata.ValueFromIncomingContext(ctx, key); len(v) > 0 {
		return v[0]
	}
	return ""
}
