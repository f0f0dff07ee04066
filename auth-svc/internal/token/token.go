// Package token issues the Ed25519-signed JWTs every service verifies with
// the published JWKS.
package token

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"time"

	"github.com/golang-jwt/jwt/v5"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/authn"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// Signer implements auth.Issuer.
type Signer struct {
	key ed25519.PrivateKey
	kid string
	ttl time.Duration
	now func() time.Time
}

// NewSigner signs with key; tokens live for ttl.
func NewSigner(key ed25519.PrivateKey, ttl time.Duration, now func() time.Time) *Signer {
	return &Signer{key: key, kid: KeyID(key.Public().(ed25519.PublicKey)), ttl: ttl, now: now}
}

// KeyID names a public key by its SHA-256 prefix.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

// Issue returns a token for u in session sessionID (the "sid" claim: the
// refresh-token family a password change keeps).
func (s *Signer) Issue(u auth.User, sessionID string) (string, error) {
	now := s.now()
	claims := jwt.MapClaims{
		"sub":   u.ID,
		"role":  u.Role,
		"email": u.Email,
		"iat":   now.Unix(),
		"exp":   now.Add(s.ttl).Unix(),
	}
	if sessionID != "" {
		claims["sid"] = sessionID
	}
	if u.Operator {
		claims["op"] = true
	}
	t := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	t.Header["kid"] = s.kid
	return t.SignedString(s.key)
}

// TTL is how long a token lives.
func (s *Signer) TTL() time.Duration { return s.ttl }

// JWKS publishes the public key.
func (s *Signer) JWKS() *authv1.JWKS {
	return &authv1.JWKS{Keys: []*authv1.JWK{authn.JWK(s.kid, s.key.Public().(ed25519.PublicKey))}}
}
