package authn

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
)

// An operator is told by the token's "op" claim, true only when it says so
// (docs/adr/0066-operators-and-the-stats-read.md).
func TestVerifyReadsTheOperatorClaim(t *testing.T) {
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	v := NewVerifier(func(context.Context) (*authv1.JWKS, error) {
		return &authv1.JWKS{Keys: []*authv1.JWK{JWK("k1", pub)}}, nil
	})
	exp := time.Now().Add(time.Hour).Unix()
	for name, c := range map[string]struct {
		op   any
		want bool
	}{
		"op true": {true, true}, "op false": {false, false}, "op absent": {nil, false}, "op as a string": {"true", false},
	} {
		claims := jwt.MapClaims{"sub": "u1", "role": "customer", "exp": exp}
		if c.op != nil {
			claims["op"] = c.op
		}
		got, err := v.Verify(context.Background(), sign(t, key, "k1", claims))
		if err != nil || got.Operator != c.want {
			t.Errorf("%s: Operator %v, err %v; want %v", name, got.Operator, err, c.want)
		}
	}
}
