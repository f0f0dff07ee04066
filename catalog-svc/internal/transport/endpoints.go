// Package transport is the catalog's go-kit layer: endpoints over the domain
// and the gRPC transport that decodes and encodes the generated types.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/authn"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Endpoints are the go-kit endpoints of the catalog domain, one per method.
type Endpoints struct {
	List    endpoint.Endpoint
	Get     endpoint.Endpoint
	ListOwn endpoint.Endpoint
	Create  endpoint.Endpoint
	Update  endpoint.Endpoint
	Delete  endpoint.Endpoint
}

// UpdateRequest is PATCH /services/{id}.
type UpdateRequest struct {
	ID    string
	Patch catalog.Patch
}

// Updated tells a toggle's answer from a full update's.
type Updated struct {
	Service catalog.Offering
	Toggle  bool
}

// MakeEndpoints wraps s. Protected endpoints take the caller from the
// verified token in ctx (401 without one); public ones ignore it.
func MakeEndpoints(s catalog.Service) Endpoints {
	return Endpoints{
		List: func(ctx context.Context, req any) (any, error) {
			return s.List(ctx, req.(catalog.Query))
		},
		Get: func(ctx context.Context, req any) (any, error) {
			return s.Get(ctx, req.(string))
		},
		ListOwn: func(ctx context.Context, _ any) (any, error) {
			c, err := caller(ctx)
			if err != nil {
				return nil, err
			}
			return s.ListOwn(ctx, c)
		},
		Create: func(ctx context.Context, req any) (any, error) {
			c, err := caller(ctx)
			if err != nil {
				return nil, err
			}
			return s.Create(ctx, c, req.(catalog.Input))
		},
		Update: func(ctx context.Context, req any) (any, error) {
			c, err := caller(ctx)
			if err != nil {
				return nil, err
			}
			r := req.(UpdateRequest)
			o, err := s.Update(ctx, c, r.ID, r.Patch)
			return Updated{Service: o, Toggle: r.Patch.IsToggle()}, err
		},
		Delete: func(ctx context.Context, req any) (any, error) {
			c, err := caller(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, c, req.(string))
		},
	}
}

func caller(ctx context.Context) (catalog.Caller, error) {
	c, err := authn.FromContext(ctx)
	if err != nil {
		return catalog.Caller{}, err
	}
	return catalog.Caller{UserID: c.UserID, Role: c.Role}, nil
}
