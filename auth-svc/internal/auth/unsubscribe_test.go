package auth

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A link names the one user it was signed for until its expiry: another
// id, a changed expiry or signature, another key, the old form without an
// expiry or no key at all does not verify.
func TestUnsubscribeLinksNameOneUser(t *testing.T) {
	links := unsubscribeLinks{key: UnsubscribeKey([]byte("seed one"))}
	exp := time.Unix(1_900_000_000, 0)
	tok := links.sign("user-1", exp)
	if id, got, ok := links.verify(tok); !ok || id != "user-1" || !got.Equal(exp) {
		t.Fatalf("own token: %q %v %v", id, got, ok)
	}
	parts := strings.Split(tok, ".")
	other := unsubscribeLinks{key: UnsubscribeKey([]byte("seed two"))}
	for name, bad := range map[string]string{
		"another user":      "user-2." + parts[1] + "." + parts[2],
		"extended":          "user-1.1900000001." + parts[2],
		"changed signature": tok[:len(tok)-2] + "AA",
		"no signature":      "user-1." + parts[1],
		"old form":          "user-1." + parts[2],
		"empty":             "",
		"another key":       other.sign("user-1", exp),
	} {
		if _, _, ok := links.verify(bad); ok {
			t.Errorf("%s (%q) verified", name, bad)
		}
	}
	if (unsubscribeLinks{}).sign("user-1", exp) != "" {
		t.Error("without a key no token is made")
	}
	if _, _, ok := (unsubscribeLinks{}).verify(tok); ok {
		t.Error("without a key every token is refused")
	}
}

// A link works until UnsubscribeLinkTTL after its mail, then is refused
// with a message that says how to switch mail off instead.
func TestUnsubscribeLinkExpires(t *testing.T) {
	links := unsubscribeLinks{key: UnsubscribeKey([]byte("seed"))}
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s := &service{links: links, now: func() time.Time { return now }}
	tok := links.sign("user-1", now.Add(UnsubscribeLinkTTL))
	now = now.Add(UnsubscribeLinkTTL)
	_, err := s.Unsubscribe(context.Background(), tok)
	if apperr.KindOf(err) != apperr.KindInvalid || err.Error() != MsgExpiredUnsubscribeLink {
		t.Fatalf("expired link: %v", err)
	}
	if !strings.Contains(MsgExpiredUnsubscribeLink, "profile") {
		t.Error("the message does not say where mail can be switched off")
	}
}
