// Package identity is who makes a request: the caller a verified access
// token names. Domains take a Caller as an argument (they never read a token
// or a context); the authentication middleware (platform/authn) finds it.
package identity

// Roles an account has, fixed at registration.
const (
	RoleCustomer = "customer"
	RoleProvider = "provider"
)

// Caller is the user a verified token names.
type Caller struct {
	UserID string
	Role   string
	Email  string
	// SessionID is the session (refresh-token family) the token was
	// issued in; empty for tokens without one.
	SessionID string
	// Operator is whether the account may decide reported reviews (the
	// token's "op" claim; set only from the command line:
	// docs/adr/0066-operators-and-the-stats-read.md).
	Operator bool
}
