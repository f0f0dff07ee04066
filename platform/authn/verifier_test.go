package authn

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
)

func sign(t *testing.T, key ed25519.PrivateKey, kid string, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVerify(t *testing.T) {
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	fetches := 0
	v := NewVerifier(func(context.Context) (*authv1.JWKS, error) {
		fetches++
		return &authv1.JWKS{Keys: []*authv1.JWK{JWK("k1", pub)}}, nil
	})
	valid := jwt.MapClaims{"sub": "u1", "role": "customer", "email": "a@b.c", "exp": time.Now().Add(time.Hour).Unix()}
	good := sign(t, key, "k1", valid)

	c, err := v.Verify(context.Background(), good)
	if err != nil || c.UserID != "u1" || c.Role != RoleCustomer || c.Email != "a@b.c" {
		t.Fatalf("valid token: %+v %v", c, err)
	}

	parts := strings.Split(good, ".")
	tamperedClaims := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"u2","role":"provider","exp":9999999999}`))
	noneHeader := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","kid":"k1","typ":"JWT"}`))
	expired := jwt.MapClaims{"sub": "u1", "role": "customer", "exp": time.Now().Add(-time.Hour).Unix()}
	noExp := jwt.MapClaims{"sub": "u1", "role": "customer"}
	badRole := jwt.MapClaims{"sub": "u1", "role": "admin", "exp": time.Now().Add(time.Hour).Unix()}
	for name, tok := range map[string]string{
		"tampered payload":   parts[0] + "." + tamperedClaims + "." + parts[2],
		"alg none":           noneHeader + "." + parts[1] + ".",
		"other key":          sign(t, other, "k1", valid),
		"unknown kid":        sign(t, other, "k2", valid),
		"expired":            sign(t, key, "k1", expired),
		"no expiry":          sign(t, key, "k1", noExp),
		"unknown role":       sign(t, key, "k1", badRole),
		"garbage":            "not-a-token",
		"hs256 with pub key": hs256(t, pub),
	} {
		if _, err := v.Verify(context.Background(), tok); !errors.Is(err, ErrBadToken) {
			t.Errorf("%s: err = %v, want ErrBadToken", name, err)
		}
	}
	if fetches > 2 {
		t.Errorf("JWKS fetched %d times: unknown kids must not trigger a fetch per token", fetches)
	}
}

// hs256 tries the classic confusion attack: HMAC keyed with the public key.
func hs256(t *testing.T, pub ed25519.PublicKey) string {
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": "u1", "role": "customer", "exp": time.Now().Add(time.Hour).Unix()})
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString([]byte(pub))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A remembered token must still stop working at its expiry, and a token
// that failed must not be remembered as good.
func TestVerifyRemembersOnlyUntilExpiry(t *testing.T) {
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	v := NewVerifier(func(context.Context) (*authv1.JWKS, error) {
		return &authv1.JWKS{Keys: []*authv1.JWK{JWK("k1", pub)}}, nil
	})
	start := time.Now()
	now := start
	v.now = func() time.Time { return now }
	tok := sign(t, key, "k1", jwt.MapClaims{"sub": "u1", "role": "provider", "exp": start.Add(30 * time.Second).Unix()})

	for range 3 {
		if c, err := v.Verify(context.Background(), tok); err != nil || c.UserID != "u1" || c.Role != RoleProvider {
			t.Fatalf("fresh token: %+v %v", c, err)
		}
	}
	now = start.Add(30*time.Second + leeway + time.Second)
	if _, err := v.Verify(context.Background(), tok); !errors.Is(err, ErrBadToken) {
		t.Fatalf("remembered token past its expiry: err = %v, want ErrBadToken", err)
	}

	parts := strings.Split(tok, ".")
	forged := parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2]))
	now = start
	for range 2 {
		if _, err := v.Verify(context.Background(), forged); !errors.Is(err, ErrBadToken) {
			t.Fatalf("forged signature: err = %v, want ErrBadToken", err)
		}
	}
}
