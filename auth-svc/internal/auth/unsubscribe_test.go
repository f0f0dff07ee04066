package auth

import (
	"strings"
	"testing"
)

// A link names the one user it was signed for: another id, a changed
// signature, another key or no key at all does not verify.
func TestUnsubscribeLinksNameOneUser(t *testing.T) {
	links := unsubscribeLinks{key: UnsubscribeKey([]byte("seed one"))}
	tok := links.sign("user-1")
	if id, ok := links.verify(tok); !ok || id != "user-1" {
		t.Fatalf("own token: %q %v", id, ok)
	}
	_, sig, _ := strings.Cut(tok, ".")
	other := unsubscribeLinks{key: UnsubscribeKey([]byte("seed two"))}
	for name, bad := range map[string]string{
		"another user":      "user-2." + sig,
		"changed signature": tok[:len(tok)-2] + "AA",
		"no signature":      "user-1",
		"empty":             "",
		"another key":       other.sign("user-1"),
	} {
		if _, ok := links.verify(bad); ok {
			t.Errorf("%s (%q) verified", name, bad)
		}
	}
	if (unsubscribeLinks{}).sign("user-1") != "" {
		t.Error("without a key no token is made")
	}
	if _, ok := (unsubscribeLinks{}).verify(tok); ok {
		t.Error("without a key every token is refused")
	}
}
