// Package transport is auth-svc's go-kit layer: one endpoint Set
// (endpoints.go) over the domain, with every method of AuthService and
// AuthInternal, and one gRPC server (grpc.go) that decodes requests into the
// endpoints' and encodes their results.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// Set is auth-svc's endpoints, one per gRPC method of AuthService and of
// AuthInternal (the calls only other programs make,
// docs/adr/0067-internal-calls-in-internal-services.md).
type Set struct {
	Register      endpoint.Endpoint
	LoginWithRole endpoint.Endpoint
	GetUserRole   endpoint.Endpoint
	GetProfile    endpoint.Endpoint
	UpdateProfile endpoint.Endpoint
	// GetJWKS is the public keys that verify access tokens.
	GetJWKS endpoint.Endpoint
	// Refresh and Logout take a refresh token (no bearer: the access token
	// may have expired); LogoutAll and ChangePassword are the caller's.
	Refresh        endpoint.Endpoint
	Logout         endpoint.Endpoint
	LogoutAll      endpoint.Endpoint
	ChangePassword endpoint.Endpoint
	// VerifyEmail, ForgotPassword and ResetPassword take a mailed link's
	// token or an address (public); ResendVerification is the caller's.
	VerifyEmail        endpoint.Endpoint
	ResendVerification endpoint.Endpoint
	ForgotPassword     endpoint.Endpoint
	ResetPassword      endpoint.Endpoint
	// Unsubscribe is public: a signed link from a mail (auth/unsubscribe.go).
	Unsubscribe endpoint.Endpoint

	// AuthInternal's: DeleteAccount is the caller's (the gateway's DELETE
	// /auth/account passes their token on); GetContact is
	// notification-svc's lookup of where to mail a user.
	DeleteAccount endpoint.Endpoint
	GetContact    endpoint.Endpoint
	// FinishAccountClosing is booking-svc's, once a closing account has
	// no upcoming appointment left.
	FinishAccountClosing endpoint.Endpoint
}

// NewSet wraps the methods of s, and jwks as GetJWKS, in the middleware
// middlewares gives for the gRPC service each belongs to
// (svc.Runtime.Middlewares), so every call is counted, logged and traced
// under its own gRPC name. Registration, login, the keys and the lookups
// are public; the profile and the account are the logged-in user's.
func NewSet(s auth.Service, jwks func() *authv1.JWKS, middlewares func(service string) kit.Middlewares) Set {
	mw := middlewares(authv1.AuthService_ServiceDesc.ServiceName)
	internal := middlewares(authv1.AuthInternal_ServiceDesc.ServiceName)
	return Set{
		Register:      mw.Wrap("Register", kit.Endpoint(s.Register), fromClient),
		LoginWithRole: mw.Wrap("LoginWithRole", kit.Endpoint(s.Login), fromClient),
		GetUserRole:   mw.Wrap("GetUserRole", kit.Endpoint(s.UserRole)),
		GetProfile:    mw.Wrap("GetProfile", makeGetProfile(s), mw.Authenticated),
		UpdateProfile: mw.Wrap("UpdateProfile", makeUpdateProfile(s), mw.Authenticated, fromClient),
		GetJWKS: mw.Wrap("GetJWKS", kit.Endpoint(func(context.Context, struct{}) (*authv1.JWKS, error) {
			return jwks(), nil
		})),
		Refresh: mw.Wrap("Refresh", kit.Endpoint(s.Refresh)),
		Logout: mw.Wrap("Logout", kit.Endpoint(func(ctx context.Context, token string) (struct{}, error) {
			return struct{}{}, s.Logout(ctx, token)
		})),
		LogoutAll: mw.Wrap("LogoutAll", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, _ struct{}) (string, error) {
			return s.LogoutAll(ctx, c.UserID)
		}), mw.Authenticated),
		Unsubscribe: mw.Wrap("Unsubscribe", kit.Endpoint(s.Unsubscribe)),
		ChangePassword: mw.Wrap("ChangePassword", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, pc auth.PasswordChange) (string, error) {
			return s.ChangePassword(ctx, c.UserID, c.SessionID, pc)
		}), mw.Authenticated, fromClient),
		VerifyEmail: mw.Wrap("VerifyEmail", kit.Endpoint(s.VerifyEmail)),
		ResendVerification: mw.Wrap("ResendVerification", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, _ struct{}) (string, error) {
			return s.ResendVerification(ctx, c.UserID)
		}), mw.Authenticated),
		ForgotPassword: mw.Wrap("ForgotPassword", kit.Endpoint(s.ForgotPassword)),
		ResetPassword:  mw.Wrap("ResetPassword", kit.Endpoint(s.ResetPassword), fromClient),

		DeleteAccount: internal.Wrap("DeleteAccount", kit.CallerEndpoint(func(ctx context.Context, c identity.Caller, password string) (string, error) {
			return s.DeleteAccount(ctx, c.UserID, password)
		}), internal.Authenticated, fromClient),
		GetContact: internal.Wrap("GetContact", kit.Endpoint(s.Contact)),
		FinishAccountClosing: internal.Wrap("FinishAccountClosing", kit.Endpoint(func(ctx context.Context, userID string) (struct{}, error) {
			return struct{}{}, s.FinishAccountClosing(ctx, userID)
		})),
	}
}

// fromClient hands the domain the client the gateway named
// (grpcx.ClientIPKey) on the calls that check or hash a password: the
// hasher's work is shared per client and wrong passwords are counted per
// client (auth/client.go).
func fromClient(next endpoint.Endpoint) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		return next(auth.WithClient(ctx, grpcx.IncomingHeader(ctx, grpcx.ClientIPKey)), req)
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
