package grpcx

import (
	"context"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
)

// IdempotencyKeyHeader is the metadata key of a call's Idempotency-Key (the
// gateway forwards the REST header under it): a server that records the key
// with its effect answers a repeated call with the first call's result.
const IdempotencyKeyHeader = "idempotency-key"

// retryAttempts is how many times in all a repeatable call is sent.
const retryAttempts = 3

// retryPause is the wait before the second attempt; it grows with each.
const retryPause = 25 * time.Millisecond

// retryUnavailable sends a call again when it failed with UNAVAILABLE (its
// replica died, was draining, or could not be reached) and sending it twice
// is harmless: round-robin gives the next attempt another replica. A call is
// repeatable when its method is declared free of side effects (or
// idempotent) in its proto, or when it carries an Idempotency-Key. Anything
// else (a status change, a review) may already have taken effect on the
// replica that failed, so its failure goes back to the caller.
//
// gRPC's own retry policy is per method and cannot see a call's
// idempotency key, so one interceptor decides for both kinds.
func retryUnavailable(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	err := invoker(ctx, method, req, reply, cc, opts...)
	if status.Code(err) != codes.Unavailable || !repeatable(ctx, method) {
		return err
	}
	for attempt := 1; attempt < retryAttempts && status.Code(err) == codes.Unavailable; attempt++ {
		pause := time.NewTimer(retryPause * time.Duration(attempt))
		select {
		case <-ctx.Done():
			pause.Stop()
			return err
		case <-pause.C:
		}
		err = invoker(ctx, method, req, reply, cc, opts...)
	}
	return err
}

func repeatable(ctx context.Context, method string) bool {
	if md, ok := metadata.FromOutgoingContext(ctx); ok && len(md.Get(IdempotencyKeyHeader)) > 0 {
		return true
	}
	return sideEffectFree(method)
}

// sideEffectFree reports whether the proto of method ("/pkg.Service/Method")
// declares idempotency_level NO_SIDE_EFFECTS or IDEMPOTENT.
func sideEffectFree(method string) bool {
	name := protoreflect.FullName(strings.Replace(strings.TrimPrefix(method, "/"), "/", ".", 1))
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(name)
	if err != nil {
		return false
	}
	md, ok := d.(protoreflect.MethodDescriptor)
	if !ok {
		return false
	}
	opts, _ := md.Options().(*descriptorpb.MethodOptions)
	switch opts.GetIdempotencyLevel() {
	case descriptorpb.MethodOptions_NO_SIDE_EFFECTS, descriptorpb.MethodOptions_IDEMPOTENT:
		return true
	}
	return false
}
