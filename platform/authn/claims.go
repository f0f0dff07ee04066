// Package authn verifies the Ed25519-signed access tokens that auth-svc
// issues, using the public keys auth-svc publishes (JWKS). No service shares
// a secret with another.
package authn

import (
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// Roles (identity's, named here for the token's claims).
const (
	RoleCustomer = identity.RoleCustomer
	RoleProvider = identity.RoleProvider
)

// Claims is who a token names.
type Claims = identity.Caller

var (
	// ErrNoToken means the request carried no bearer token.
	ErrNoToken = apperr.Unauthenticated("Authentication required: please log in")
	// ErrBadToken means the token was malformed, expired, or not signed by auth-svc.
	ErrBadToken = apperr.Unauthenticated("Invalid or expired token: please log in again")
)
