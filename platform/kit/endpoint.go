// Package kit is how every service uses go-kit, in the shape of go-kit's own
// examples (addsvc, shipping): per service an endpoint Set whose endpoints
// are wrapped in endpoint middleware (instrumenting, logging, authentication,
// rate limits), business failures carried in the response
// (endpoint.Failer), and a gRPC transport that only decodes and encodes.
//
// What go-kit leaves to each of its users, the type assertions from `any` to
// a method's request and response types and turning a failure into a gRPC
// status, is done here once, with generics: a service's code is typed from
// its gRPC method to its domain (docs/architecture.md, "Anatomy of a service").
package kit

import (
	"context"
	"errors"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/identity"
)

// Response is what an endpoint's domain method returned: its value, or the
// business failure (a refusal such as a taken slot, or a bug). The failure
// travels inside the response, as in go-kit's examples, so middleware tells
// "the method said no" from "the call never reached it"; the transport turns
// both into a status the same way.
type Response[T any] struct {
	Value T
	Err   error
}

// Failed implements endpoint.Failer.
func (r Response[T]) Failed() error { return r.Err }

var _ endpoint.Failer = Response[int]{}

// Endpoint is the go-kit endpoint of a typed method: req is what the
// transport decoded, the result goes back in a Response.
func Endpoint[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		v, err := fn(ctx, request.(Req))
		return Response[Resp]{Value: v, Err: err}, nil
	}
}

// CallerEndpoint is Endpoint for a method on behalf of a logged-in user: c is
// the caller authn.Middleware verified. It must be wrapped in that
// middleware (Middlewares.Authenticated); without it every call fails as a
// bug, never as someone's.
func CallerEndpoint[Req, Resp any](fn func(ctx context.Context, c identity.Caller, req Req) (Resp, error)) endpoint.Endpoint {
	return Endpoint(func(ctx context.Context, req Req) (Resp, error) {
		c, ok := authn.CallerFrom(ctx)
		if !ok {
			var zero Resp
			return zero, errNotAuthenticated
		}
		return fn(ctx, c, req)
	})
}

var errNotAuthenticated = errors.New("kit: a CallerEndpoint is not wrapped in authn.Middleware")

// failure is a call's failure wherever it arose: an error of the endpoint
// chain (authentication, a rate limit) or a business failure in the response.
func failure(resp any, err error) error {
	if err != nil {
		return err
	}
	if f, ok := resp.(endpoint.Failer); ok {
		return f.Failed()
	}
	return nil
}
