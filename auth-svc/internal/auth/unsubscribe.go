package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Messages of Unsubscribe.
const (
	MsgUnsubscribed       = "You will no longer get Slotwise emails. You can switch them back on in your profile."
	MsgBadUnsubscribeLink = "This unsubscribe link is not valid: open the newest email's link, or switch emails off in your profile"
	// MsgExpiredUnsubscribeLink is a link older than UnsubscribeLinkTTL.
	MsgExpiredUnsubscribeLink = "This unsubscribe link has expired: open the link in a newer email, or sign in and switch emails off in your profile"
)

// UnsubscribeLinkTTL is how long a mailed unsubscribe link works: a link
// that leaked (a forwarded mail, a scanner's log) stops working, while any
// mail of the last two months still carries a live one.
const UnsubscribeLinkTTL = 60 * 24 * time.Hour

// Contact is where a user's mail goes, with the signed token of the link
// that switches it off (notification-svc puts it in every mail).
type Contact struct {
	User
	UnsubscribeToken string
}

// unsubscribeLinks signs and checks unsubscribe tokens: the user's id, the
// link's expiry (Unix seconds) and an HMAC-SHA256 of both, so a link names
// one person until one time and cannot be made for another or extended. The key is auth-svc's own (derived from its signing key,
// UnsubscribeKey): no other service holds it.
type unsubscribeLinks struct{ key []byte }

// UnsubscribeKey derives the key of unsubscribe links from secret (the
// token signing key's seed): one secret to keep, and a link signed with it
// means nothing to anything else. Rotating the signing key voids old links
// (they answer 400; the profile's switch still works).
func UnsubscribeKey(secret []byte) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("slotwise unsubscribe links v1"))
	return mac.Sum(nil)
}

// WithUnsubscribeKey lets the service sign unsubscribe links; without it
// contacts carry no token and every link is refused.
func WithUnsubscribeKey(key []byte) Option {
	return func(s *service) { s.links = unsubscribeLinks{key: key} }
}

// sign is userID's token, valid until expires.
func (l unsubscribeLinks) sign(userID string, expires time.Time) string {
	if len(l.key) == 0 {
		return ""
	}
	payload := userID + "." + strconv.FormatInt(expires.Unix(), 10)
	return payload + "." + base64.RawURLEncoding.EncodeToString(l.mac(payload))
}

func (l unsubscribeLinks) mac(payload string) []byte {
	m := hmac.New(sha256.New, l.key)
	m.Write([]byte(payload))
	return m.Sum(nil)
}

// verify is the user a token names and when it expires, if its signature
// holds. A token of the old form (no expiry) does not verify.
func (l unsubscribeLinks) verify(token string) (string, time.Time, bool) {
	payload, sig, ok := cutLast(strings.TrimSpace(token))
	if !ok || len(l.key) == 0 {
		return "", time.Time{}, false
	}
	id, exp, ok := cutLast(payload)
	secs, err := strconv.ParseInt(exp, 10, 64)
	if !ok || id == "" || err != nil {
		return "", time.Time{}, false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	return id, time.Unix(secs, 0), err == nil && hmac.Equal(got, l.mac(payload))
}

// cutLast splits s around its last dot.
func cutLast(s string) (before, after string, found bool) {
	i := strings.LastIndexByte(s, '.')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

func (s *service) Contact(ctx context.Context, userID string) (Contact, error) {
	u, err := s.repo.ByID(ctx, userID)
	if errors.Is(err, ErrNotFound) {
		return Contact{}, apperr.NotFound("User not found")
	}
	if err != nil {
		return Contact{}, err
	}
	return Contact{User: u, UnsubscribeToken: s.links.sign(u.ID, s.now().Add(UnsubscribeLinkTTL))}, nil
}

// Unsubscribe switches off the mails of the user token names; anyone may
// call it (the link is in a mail, opened without signing in). A token that
// does not verify is a 400, one past its expiry a 400 that says so; a user
// since deleted has nothing left to mail. Only a POST reaches it (the
// mail's page's button or a mail program's one-click, RFC 8058): a link
// scanner's GET changes nothing (api/proto/slotwise/auth/v1/auth.proto).
func (s *service) Unsubscribe(ctx context.Context, token string) (string, error) {
	id, expires, ok := s.links.verify(token)
	if !ok {
		return "", apperr.Invalid(MsgBadUnsubscribeLink)
	}
	if !s.now().Before(expires) {
		return "", apperr.Invalid(MsgExpiredUnsubscribeLink)
	}
	u, err := s.repo.ByID(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return MsgUnsubscribed, nil
	}
	if err != nil {
		return "", err
	}
	if u.EmailNotifications {
		u.EmailNotifications, u.UpdatedAt = false, s.now().UTC()
		if err := s.repo.Update(ctx, u, nil); err != nil {
			return "", err
		}
	}
	return MsgUnsubscribed, nil
}
