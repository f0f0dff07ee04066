// Package authn verifies the Ed25519-signed access tokens that auth-svc
// issues, using the public keys auth-svc publishes (JWKS). No service shares
// a secret with another.
package authn

import (
	"context"
	"errors"
)

// Roles.
const (
	RoleCustomer = "customer"
	RoleProvider = "provider"
)

// Claims is who is calling.
type Claims struct {
	UserID string
	Role   string
	Email  string
}

var (
	// ErrNoToken means the request carried no bearer token.
	ErrNoToken = errors.New("Authentication required: please log in")
	// ErrBadToken means the token was malformed, expired, or not signed by auth-svc.
	ErrBadToken = errors.New("Invalid or expired token: please log in again")
)

type ctxKey struct{}

type result struct {
	claims Claims
	err    error
}

// WithResult stores the outcome of token verification in ctx.
func WithResult(ctx context.Context, c Claims, err error) context.Context {
	return context.WithValue(ctx, ctxKey{}, result{c, err})
}

// FromContext returns the verified caller, or ErrNoToken / ErrBadToken.
// Public calls ignore the error; protected calls return it.
func FromContext(ctx context.Context) (Claims, error) {
	r, ok := ctx.Value(ctxKey{}).(result)
	if !ok {
		return Claims{}, ErrNoToken
	}
	return r.claims, r.err
}
