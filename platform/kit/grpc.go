package kit

import (
	"context"

	"github.com/go-kit/kit/endpoint"
	kitgrpc "github.com/go-kit/kit/transport/grpc"

	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/grpcx"
)

// Handler serves one gRPC method with a go-kit endpoint: PB is the method's
// request message, Reply its response message.
type Handler[PB, Reply any] struct{ server *kitgrpc.Server }

// NewHandler is go-kit's gRPC server for ep, with typed decode and encode
// functions: decode turns the request message into the endpoint's request,
// encode the endpoint's successful value into the reply. The call's bearer
// token goes to the endpoint layer (authn.TokenToContext) for the
// endpoints that authenticate.
func NewHandler[PB, Req, Resp, Reply any](ep endpoint.Endpoint, decode func(context.Context, PB) Req, encode func(context.Context, Resp) Reply) Handler[PB, Reply] {
	dec := func(ctx context.Context, r any) (any, error) { return decode(ctx, r.(PB)), nil }
	enc := func(ctx context.Context, r any) (any, error) {
		resp := r.(Response[Resp])
		if resp.Err != nil {
			return nil, resp.Err // a business failure: Serve maps it
		}
		return encode(ctx, resp.Value), nil
	}
	return Handler[PB, Reply]{kitgrpc.NewServer(ep, dec, enc, kitgrpc.ServerBefore(authn.TokenToContext))}
}

// Serve runs one call. Every failure, of the endpoint chain or of the
// domain, leaves as the status grpcx.ToStatus gives it: the one mapping from
// errors to gRPC codes.
func (h Handler[PB, Reply]) Serve(ctx context.Context, req PB) (Reply, error) {
	_, resp, err := h.server.ServeGRPC(ctx, req)
	if err != nil {
		var zero Reply
		return zero, grpcx.ToStatus(err)
	}
	return resp.(Reply), nil
}

// NoRequest decodes a request message that carries nothing for the
// endpoint (the caller is the whole request).
func NoRequest[PB any](context.Context, PB) struct{} { return struct{}{} }
