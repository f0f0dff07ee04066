package authsvc

import (
	"strings"
	"testing"

	"github.com/slotwise/slotwise/platform/config"
)

// VERIFIED_EMAIL_DOMAINS turns verification off for its domains: refused
// at start-up unless the program runs in a development stack (issue 50,
// finding 12).
func TestVerifiedDomainsOnlyInADevStack(t *testing.T) {
	env := func(extra map[string]string) map[string]string {
		m := map[string]string{"DATABASE_URL": "postgres://x", "KAFKA_BROKERS": "k:9092",
			"JWT_SIGNING_KEY": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	for _, c := range []struct {
		name string
		env  map[string]string
		ok   bool
	}{
		{"none", env(nil), true},
		{"domains in a deployment", env(map[string]string{"VERIFIED_EMAIL_DOMAINS": "gmail.com"}), false},
		{"domains with DEVSTACK=1 (not true)", env(map[string]string{"VERIFIED_EMAIL_DOMAINS": "example.com", "DEVSTACK": "1"}), false},
		{"domains in a devstack", env(map[string]string{"VERIFIED_EMAIL_DOMAINS": "example.com", "DEVSTACK": "true"}), true},
	} {
		r := config.FromMap(c.env)
		LoadConfig(r)
		err := r.Err()
		if c.ok != (err == nil) || (err != nil && !strings.Contains(err.Error(), "VERIFIED_EMAIL_DOMAINS turns email verification off")) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
