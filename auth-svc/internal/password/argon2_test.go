package password

import (
	"strings"
	"testing"
)

func TestArgon2id(t *testing.T) {
	var h Argon2id
	a, err := h.Hash("secret123")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := h.Hash("secret123")
	if a == b || !strings.HasPrefix(a, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hashes must be salted PHC strings: %s %s", a, b)
	}
	if !h.Verify("secret123", a) || h.Verify("secret124", a) || h.Verify("secret123", "garbage") || h.Verify("", a) {
		t.Fatal("verify is wrong")
	}
}
