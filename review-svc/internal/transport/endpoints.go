// Package transport is review-svc's go-kit layer: one endpoint per domain
// method, and the gRPC transport that decodes and encodes the generated types.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/authn"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Endpoints are the go-kit endpoints of the review domain.
type Endpoints struct {
	Create          endpoint.Endpoint
	ListForService  endpoint.Endpoint
	ListForProvider endpoint.Endpoint
}

// MakeEndpoints wraps s. Protected endpoints take the caller from the
// verified token in ctx (no or bad token → 401 before any rule runs).
func MakeEndpoints(s review.Service) Endpoints {
	return Endpoints{
		Create: func(ctx context.Context, req any) (any, error) {
			c, err := caller(ctx)
			if err != nil {
				return nil, err
			}
			return s.Create(ctx, c, req.(review.Input))
		},
		ListForService: func(ctx context.Context, req any) (any, error) {
			return s.ListForService(ctx, req.(string))
		},
		ListForProvider: func(ctx context.Context, _ any) (any, error) {
			c, err := caller(ctx)
			if err != nil {
				return nil, err
			}
			return s.ListForProvider(ctx, c)
		},
	}
}

func caller(ctx context.Context) (review.Caller, error) {
	c, err := authn.FromContext(ctx)
	if err != nil {
		return review.Caller{}, err
	}
	return review.Caller{UserID: c.UserID, Role: c.Role, Email: c.Email}, nil
}
