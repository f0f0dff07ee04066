package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Messages of Unsubscribe.
const (
	MsgUnsubscribed       = "You will no longer get Slotwise emails. You can switch them back on in your profile."
	MsgBadUnsubscribeLink = "This unsubscribe link is not valid: open the newest email's link, or switch emails off in your profile"
)

// Contact is where a user's mail goes, with the signed token of the link
// that switches it off (notification-svc puts it in every mail).
type Contact struct {
	User
	UnsubscribeToken string
}

// unsubscribeLinks signs and checks unsubscribe tokens: the user's id and
// an HMAC-SHA256 of it, so a link names one person and cannot be made for
// another. The key is auth-svc's own (derived from its signing key,
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

func (l unsubscribeLinks) sign(userID string) string {
	if len(l.key) == 0 {
		return ""
	}
	return userID + "." + base64.RawURLEncoding.EncodeToString(l.mac(userID))
}

func (l unsubscribeLinks) mac(userID string) []byte {
	m := hmac.New(sha256.New, l.key)
	m.Write([]byte(userID))
	return m.Sum(nil)
}

// verify is the user a token names, if its signature holds.
func (l unsubscribeLinks) verify(token string) (string, bool) {
	id, sig, ok := strings.Cut(strings.TrimSpace(token), ".")
	if !ok || id == "" || len(l.key) == 0 {
		return "", false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	return id, err == nil && hmac.Equal(got, l.mac(id))
}

func (s *service) Contact(ctx context.Context, userID string) (Contact, error) {
	u, err := s.repo.ByID(ctx, userID)
	if errors.Is(err, ErrNotFound) {
		return Contact{}, apperr.NotFound("User not found")
	}
	if err != nil {
		return Contact{}, err
	}
	return Contact{User: u, UnsubscribeToken: s.links.sign(u.ID)}, nil
}

// Unsubscribe switches off the mails of the user token names; anyone may
// call it (the link is in a mail, opened without signing in). A token that
// does not verify is a 400; a user since deleted has nothing left to mail.
func (s *service) Unsubscribe(ctx context.Context, token string) (string, error) {
	id, ok := s.links.verify(token)
	if !ok {
		return "", apperr.Invalid(MsgBadUnsubscribeLink)
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
