package transport

import (
	"context"
	"github.com/slotwise/slotwise/auth-svc/internal/auth"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/authn"
)

// Endpoints are the go-kit endpoints of the auth domain, one per method.
type Endpoints struct {
	Register      endpoint.Endpoint
	Login         endpoint.Endpoint
	UserRole      endpoint.Endpoint
	Profile       endpoint.Endpoint
	UpdateProfile endpoint.Endpoint
	UserExists    endpoint.Endpoint
}

// UpdateProfileRequest pairs the caller with the changes.
type UpdateProfileRequest struct {
	Update auth.ProfileUpdate
}

// MakeEndpoints wraps s. Protected endpoints take the caller from the
// verified token in ctx.
func MakeEndpoints(s auth.Service) Endpoints {
	return Endpoints{
		Register: func(ctx context.Context, req any) (any, error) {
			return s.Register(ctx, req.(auth.Registration))
		},
		Login: func(ctx context.Context, req any) (any, error) {
			return s.Login(ctx, req.(auth.Login))
		},
		UserRole: func(ctx context.Context, req any) (any, error) {
			return s.UserRole(ctx, req.(string))
		},
		Profile: func(ctx context.Context, _ any) (any, error) {
			c, err := authn.FromContext(ctx)
			if err != nil {
				return nil, err
			}
			return s.Profile(ctx, c.UserID)
		},
		UpdateProfile: func(ctx context.Context, req any) (any, error) {
			c, err := authn.FromContext(ctx)
			if err != nil {
				return nil, err
			}
			return s.UpdateProfile(ctx, c.UserID, req.(UpdateProfileRequest).Update)
		},
		UserExists: func(ctx context.Context, req any) (any, error) {
			return s.UserExists(ctx, req.(string))
		},
	}
}
