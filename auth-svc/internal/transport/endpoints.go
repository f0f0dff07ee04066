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
	// Refresh and Logout take a refresh token (no bearer: the access token
	// may have expired); LogoutAll and ChangePassword are the caller's.
	Refresh        endpoint.Endpoint
	Logout         endpoint.Endpoint
	LogoutAll      endpoint.Endpoint
	ChangePassword endpoint.Endpoint
	DeleteAccount  endpoint.Endpoint
	// VerifyEmail, ForgotPassword and ResetPassword take a mailed link's
	// token or an address (public); ResendVerification is the caller's.
	VerifyEmail        endpoint.Endpoint
	ResendVerification endpoint.Endpoint
	ForgotPassword     endpoint.Endpoint
	ResetPassword      endpoint.Endpoint
	// Unsubscribe is public: a signed link from a mail (auth/unsubscribe.go).
	Unsubscribe endpoint.Endpoint
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
		Refresh:       mw.Wrap("Refresh", kit.Endpoint(s.Refresh)),
		Logout: mw.Wrap("Logout", kit.Endpoint(func(ctx context.Context, token string) (struct{}, error) {
			return struct{}{}, s.Logout(ctx, token)
		})),
		LogoutAll: mw.Wrap("LogoutAll", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, _ struct{}) (string, error) {
			return s.LogoutAll(ctx, c.UserID)
		}), mw.Authenticated),
		Unsubscribe: mw.Wrap("Unsubscribe", kit.Endpoint(s.Unsubscribe)),
		ChangePassword: mw.Wrap("ChangePassword", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, pc auth.PasswordChange) (string, error) {
			return s.ChangePassword(ctx, c.UserID, c.SessionID, pc)
		}), mw.Authenticated),
		DeleteAccount: mw.Wrap("DeleteAccount", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, password string) (string, error) {
			return s.DeleteAccount(ctx, c.UserID, password)
		}), mw.Authenticated),
		VerifyEmail: mw.Wrap("VerifyEmail", kit.Endpoint(s.VerifyEmail)),
		ResendVerification: mw.Wrap("ResendVerification", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, _ struct{}) (string, error) {
			return s.ResendVerification(ctx, c.UserID)
		}), mw.Authenticated),
		ForgotPassword: mw.Wrap("ForgotPassword", kit.Endpoint(s.ForgotPassword)),
		ResetPassword:  mw.Wrap("ResetPassword", kit.Endpoint(s.ResetPassword)),
	}
}

func makeGetProfile(s auth.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, _ struct{}) (auth.User, error) {
		return s.Profile(ctx, c.UserID)
	})
}

func makeUpdateProfile(s auth.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, u auth.ProfileUpdate) (auth.User, error) {
		u.SessionID = c.SessionID
		return s.UpdateProfile(ctx, c.UserID, u)
	})
}
