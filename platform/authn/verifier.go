package authn

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
)

// KeySource returns the current public keys by key id.
type KeySource func(ctx context.Context) (*authv1.JWKS, error)

// Verifier checks tokens against keys from a KeySource, refreshing them when
// a token names a key id it has not seen (key rotation) at most every few
// seconds, so garbage key ids cannot hammer auth-svc.
//
// A token that verified is remembered for a short while (at most
// verifiedTTL, never past its expiry): an Ed25519 check costs about as much
// CPU as the rest of a booking's gRPC hop, and a client sends the same token
// with every request. Only successes are remembered; a token that failed is
// checked again each time.
type Verifier struct {
	source KeySource
	now    func() time.Time

	mu        sync.Mutex
	keys      map[string]ed25519.PublicKey
	fetchedAt time.Time

	verifiedMu sync.RWMutex
	verified   map[string]verifiedToken
}

type verifiedToken struct {
	claims Claims
	until  time.Time
}

// NewVerifier returns a verifier fed by source.
func NewVerifier(source KeySource) *Verifier {
	return &Verifier{source: source, now: time.Now, verified: map[string]verifiedToken{}}
}

const (
	refreshEvery = 5 * time.Second
	// verifiedTTL bounds how long a remembered token skips the signature
	// check; after it the token is verified again (and so re-checked
	// against the current keys).
	verifiedTTL = time.Minute
	// maxVerified bounds the memory the remembered tokens take; when full
	// the map starts over.
	maxVerified = 10000
)

// Verify parses a bearer token and returns its claims.
func (v *Verifier) Verify(ctx context.Context, token string) (Claims, error) {
	now := v.now()
	v.verifiedMu.RLock()
	hit, ok := v.verified[token]
	v.verifiedMu.RUnlock()
	if ok && now.Before(hit.until) {
		return hit.claims, nil
	}
	c, exp, err := v.verify(ctx, token)
	if err != nil {
		return Claims{}, err
	}
	until := now.Add(verifiedTTL)
	if exp.Before(until) {
		until = exp
	}
	v.verifiedMu.Lock()
	if len(v.verified) >= maxVerified {
		v.verified = map[string]verifiedToken{}
	}
	v.verified[token] = verifiedToken{claims: c, until: until}
	v.verifiedMu.Unlock()
	return c, nil
}

// verify checks the signature and claims; exp is the token's expiry.
func (v *Verifier) verify(ctx context.Context, token string) (Claims, time.Time, error) {
	parsed, err := jwt.Parse(token, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		if kid == "" {
			return nil, fmt.Errorf("token has no kid")
		}
		return v.key(ctx, kid)
	}, jwt.WithValidMethods([]string{"EdDSA"}), jwt.WithExpirationRequired(), jwt.WithLeeway(leeway),
		jwt.WithTimeFunc(v.now))
	if err != nil || !parsed.Valid {
		return Claims{}, time.Time{}, ErrBadToken
	}
	mc, ok := parsed.Claims.(jwt.MapClaims)
	if !ok {
		return Claims{}, time.Time{}, ErrBadToken
	}
	exp, err := mc.GetExpirationTime()
	if err != nil || exp == nil {
		return Claims{}, time.Time{}, ErrBadToken
	}
	c := Claims{}
	c.UserID, _ = mc["sub"].(string)
	c.Role, _ = mc["role"].(string)
	c.Email, _ = mc["email"].(string)
	c.SessionID, _ = mc["sid"].(string)
	c.Operator, _ = mc["op"].(bool)
	if c.UserID == "" || (c.Role != RoleCustomer && c.Role != RoleProvider) {
		return Claims{}, time.Time{}, ErrBadToken
	}
	return c, exp.Add(leeway), nil
}

// leeway is the clock skew allowed on a token's expiry.
const leeway = 5 * time.Second

func (v *Verifier) key(ctx context.Context, kid string) (ed25519.PublicKey, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if k, ok := v.keys[kid]; ok {
		return k, nil
	}
	if time.Since(v.fetchedAt) < refreshEvery && v.keys != nil {
		return nil, fmt.Errorf("unknown key id %q", kid)
	}
	jwks, err := v.source(ctx)
	if err != nil {
		return nil, fmt.Errorf("fetch JWKS: %w", err)
	}
	keys, err := ParseJWKS(jwks)
	if err != nil {
		return nil, err
	}
	v.keys, v.fetchedAt = keys, time.Now()
	if k, ok := keys[kid]; ok {
		return k, nil
	}
	return nil, fmt.Errorf("unknown key id %q", kid)
}

// ParseJWKS decodes the Ed25519 keys of a JWKS.
func ParseJWKS(jwks *authv1.JWKS) (map[string]ed25519.PublicKey, error) {
	keys := map[string]ed25519.PublicKey{}
	for _, k := range jwks.GetKeys() {
		if k.GetKty() != "OKP" || k.GetCrv() != "Ed25519" {
			continue
		}
		raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(k.GetX(), "="))
		if err != nil || len(raw) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("JWKS key %q is not a valid Ed25519 public key", k.GetKid())
		}
		keys[k.GetKid()] = ed25519.PublicKey(raw)
	}
	return keys, nil
}

// JWK describes an Ed25519 public key in JWKS form.
func JWK(kid string, pub ed25519.PublicKey) *authv1.JWK {
	return &authv1.JWK{Kty: "OKP", Crv: "Ed25519", X: base64.RawURLEncoding.EncodeToString(pub), Kid: kid, Alg: "EdDSA", Use: "sig"}
}
