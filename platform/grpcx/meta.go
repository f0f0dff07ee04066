package grpcx

import (
	"context"
	"strconv"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// FreshReadKey is the metadata key (value "1") by which the gateway asks a
// service for an answer built on the catalog as its database has it, not
// on pages or copies the service keeps: the gateway keeps what it reads
// until it hears of the catalog's next write, so it must not keep what a
// replica built before dropping its copy for a write the gateway already
// heard of (docs/decisions.md "Public pages in the gateway").
const FreshReadKey = "x-fresh-read"

// FreshRead tells whether the caller asked for an answer built on the
// catalog as its database has it (FreshReadKey): no kept page, total or
// copy may serve it.
func FreshRead(ctx context.Context) bool { return IncomingHeader(ctx, FreshReadKey) != "" }

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
