// Package auth is the domain of accounts: registration, login with a role,
// role lookup and profiles. It knows nothing of gRPC, HTTP or PostgreSQL.
package auth

import "time"

// Genders accepted at registration.
var Genders = []string{"male", "female", "other", "prefer-not-to-say"}

// User is an account.
type User struct {
	ID           string
	Email        string
	PasswordHash string
	FullName     string
	PhoneNumber  string
	Address      string
	DateOfBirth  *time.Time // a calendar date, nil when not given
	Gender       string
	Role         string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	Provider     *ProviderInfo // providers only
	// EmailNotifications is whether notifications are also mailed.
	EmailNotifications bool
	// EmailVerified is whether Email was proved by its link (or counts as
	// verified: WithVerifiedDomains).
	EmailVerified bool
	// PendingEmail is the address an email change waits on (verification.go).
	PendingEmail string
	// Operator is whether the account may decide reported reviews; only
	// the command line sets it (cmd/auth-svc "operator").
	Operator bool
}

// ProviderInfo is a provider's business.
type ProviderInfo struct {
	BusinessName        string
	BusinessDescription string
	BusinessCategory    string
	BusinessHours       string
	Location            string
	Specializations     []string
	Experience          float64
}

// BusinessInput is the business part of a registration or profile update.
type BusinessInput struct {
	BusinessName        string
	BusinessDescription string
	BusinessCategory    string
	BusinessHours       string
	Location            string
	Specializations     []string
	Experience          *float64
}

// Registration is what a new user sends.
type Registration struct {
	Email           string
	Password        string
	ConfirmPassword *string
	FullName        string
	PhoneNumber     string
	Address         string
	Gender          string
	Role            string
	DateOfBirth     string
	Business        *BusinessInput
}

// Login is what a returning user sends.
type Login struct {
	Email    string
	Password string
	Role     string
}

// ProfileUpdate changes only the fields that are set.
type ProfileUpdate struct {
	FullName    *string
	Email       *string
	PhoneNumber *string
	Address     *string
	DateOfBirth *string
	Gender      *string
	Business    *BusinessInput
	// CurrentPassword confirms an email change; other changes ignore it.
	CurrentPassword *string
	// EmailNotifications switches mailed notifications on or off.
	EmailNotifications *bool
	// SessionID is the caller's session, which an email change keeps
	// (every other session of the account ends).
	SessionID string
}

// Session is the outcome of a login or a refresh.
type Session struct {
	Tokens
	User User
}
