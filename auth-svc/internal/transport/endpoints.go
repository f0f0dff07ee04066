// Package transport is auth-svc's go-kit layer: the endpoint Set
// (endpoints.go) over the domain, and the gRPC transport (grpc.go) that
// decodes requests into the endpoints' and encodes their results.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// Set is auth-svc's endpoints, one per gRPC method but GetJWKS (the
// service's public keys, served by the transport itself: it has no domain
// and cannot fail).
type Set struct {
	Register      endpoint.Endpoint
	LoginWithRole endpoint.Endpoint
	GetUserRole   endpoint.Endpoint
	GetProfile    endpoint.Endpoint
	UpdateProfile endpoint.Endpoint
	UserExists    endpoint.Endpoint
	// GetContact is notification-svc's lookup of where to mail a user.
	GetContact endpoint.Endpoint
}

// NewSet wraps s in mw. Registration, login and the lookups are public; the
// profile is the logged-in user's.
func NewSet(s auth.Service, mw kit.Middlewares) Set {
	return Set{
		Register:      mw.Wrap("Register", kit.Endpoint(s.Register)),
		LoginWithRole: mw.Wrap("LoginWithRole", kit.Endpoint(s.Login)),
		GetUserRole:   mw.Wrap("GetUserRole", kit.Endpoint(s.UserRole)),
		GetProfile:    mw.Wrap("GetProfile", makeGetProfile(s), mw.Authenticated),
		UpdateProfile: mw.Wrap("UpdateProfile", makeUpdateProfile(s), mw.Authenticated),
		UserExists:    mw.Wrap("UserExists", kit.Endpoint(s.UserExists)),
		GetContact:    mw.Wrap("GetContact", kit.Endpoint(s.Contact)),
	}
}

func makeGetProfile(s auth.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, _ struct{}) (auth.User, error) {
		return s.Profile(ctx, c.UserID)
	})
}

func makeUpdateProfile(s auth.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, u auth.ProfileUpdate) (auth.User, error) {
		return s.UpdateProfile(ctx, c.UserID, u)
	})
}
