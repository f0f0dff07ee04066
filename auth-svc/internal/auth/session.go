package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A session is one login: a family of refresh tokens, each exchanged
// (rotated) for the next and an access token. Access tokens are
// short-lived and verified by every service on its own, so they are not
// revoked: a session ends when its family can no longer be refreshed.
//
// The rules:
//   - a refresh token is used once: the exchange marks it used and
//     issues its successor in the same family;
//   - a used token presented again means it was copied (or its successor
//     was): the whole family ends, thief and victim both log in again;
//   - a token past its expiry, or of an ended family, is refused;
//   - sign-out everywhere ends every family of the user, a password change
//     every family but the caller's.

// Family is one session: the refresh tokens descended from one login.
type Family struct {
	ID        string
	UserID    string
	CreatedAt time.Time
	// EndedAt is when the session was ended (nil: it is live).
	EndedAt *time.Time
}

// RefreshToken is one refresh token of a family, as stored: its SHA-256
// only (the token is 256 random bits, so a hash is as good as Argon2).
type RefreshToken struct {
	Hash      []byte
	FamilyID  string
	IssuedAt  time.Time
	ExpiresAt time.Time
	// UsedAt is when it was exchanged for its successor (nil: not yet).
	UsedAt *time.Time
}

// Verdict is what a refresh with a stored token does.
type Verdict int

// The verdicts of JudgeRefresh.
const (
	// Rotate: the token is marked used and its successor issued.
	Rotate Verdict = iota
	// Reuse: the token was used before; the family ends.
	Reuse
	// Expired: the token is past its expiry; nothing changes.
	Expired
	// Ended: the family was ended (sign-out, password change, reuse).
	Ended
)

// JudgeRefresh is the rule for a refresh token t of family f presented at now.
func JudgeRefresh(t RefreshToken, f Family, now time.Time) Verdict {
	switch {
	case f.EndedAt != nil:
		return Ended
	case t.UsedAt != nil:
		return Reuse
	case !now.Before(t.ExpiresAt):
		return Expired
	}
	return Rotate
}

// HashRefreshToken is how a refresh token is stored and looked up.
func HashRefreshToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// RefreshStep is what Sessions.Refresh writes once the verdict is known.
type RefreshStep struct {
	// Next is stored, and the presented token marked used, when set.
	Next *RefreshToken
	// End ends the family.
	End bool
}

// Sessions stores refresh-token families.
type Sessions interface {
	// StartSession stores a new family with its first token.
	StartSession(ctx context.Context, f Family, first RefreshToken) error
	// Refresh finds the token with hash and its family (ErrNotFound when
	// unknown), locks it and its family, applies step's answer at now and
	// commits, so two exchanges of one token are never both a Rotate.
	Refresh(ctx context.Context, hash []byte, now time.Time, step func(RefreshToken, Family) RefreshStep) (Family, error)
	// EndSessions ends every live family of userID but except (empty: all)
	// and says how many it ended.
	EndSessions(ctx context.Context, userID, except string, now time.Time) (int, error)
	// EndSession ends the family of the token with hash, if any.
	EndSession(ctx context.Context, hash []byte, now time.Time) error
}

// Tokens is what a login or a refresh hands out.
type Tokens struct {
	// Access is the bearer token every service verifies; it expires
	// AccessTTL after issue.
	Access    string
	AccessTTL time.Duration
	// Refresh is exchanged at POST /auth/refresh for the next Tokens.
	Refresh string
}

// Messages of sessions.
const (
	MsgRefreshRequired = "refreshToken is required: please log in again."
	MsgSessionEnded    = "Your session has ended. Please log in again."
)

var errSessionEnded = apperr.Unauthenticated(MsgSessionEnded)

// maxRefreshTokenLength bounds what is hashed: ours are 43 characters.
const maxRefreshTokenLength = 256

// startSession begins a family for u and issues its first tokens.
func (s *service) startSession(ctx context.Context, u User) (Tokens, error) {
	now := s.now()
	f := Family{ID: s.newID(), UserID: u.ID, CreatedAt: now}
	secret, err := s.secret()
	if err != nil {
		return Tokens{}, err
	}
	first := RefreshToken{Hash: HashRefreshToken(secret), FamilyID: f.ID, IssuedAt: now, ExpiresAt: now.Add(s.refreshTTL)}
	if err := s.repo.StartSession(ctx, f, first); err != nil {
		return Tokens{}, err
	}
	return s.tokens(u, f.ID, secret)
}

func (s *service) tokens(u User, familyID, refresh string) (Tokens, error) {
	access, err := s.issuer.Issue(u, familyID)
	if err != nil {
		return Tokens{}, err
	}
	return Tokens{Access: access, AccessTTL: s.issuer.TTL(), Refresh: refresh}, nil
}

func (s *service) Refresh(ctx context.Context, token string) (Session, error) {
	if token == "" {
		return Session{}, apperr.Invalid(MsgRefreshRequired)
	}
	if len(token) > maxRefreshTokenLength {
		return Session{}, errSessionEnded
	}
	now := s.now()
	secret, err := s.secret()
	if err != nil {
		return Session{}, err
	}
	var verdict Verdict
	f, err := s.repo.Refresh(ctx, HashRefreshToken(token), now, func(t RefreshToken, f Family) RefreshStep {
		switch verdict = JudgeRefresh(t, f, now); verdict {
		case Rotate:
			return RefreshStep{Next: &RefreshToken{Hash: HashRefreshToken(secret), FamilyID: f.ID, IssuedAt: now, ExpiresAt: now.Add(s.refreshTTL)}}
		case Reuse:
			return RefreshStep{End: true}
		}
		return RefreshStep{}
	})
	if errors.Is(err, ErrNotFound) {
		return Session{}, errSessionEnded
	}
	if err != nil {
		return Session{}, err
	}
	if verdict != Rotate {
		return Session{}, errSessionEnded
	}
	u, err := s.repo.ByID(ctx, f.UserID)
	if errors.Is(err, ErrNotFound) {
		return Session{}, errSessionEnded
	}
	if err != nil {
		return Session{}, err
	}
	t, err := s.tokens(u, f.ID, secret)
	if err != nil {
		return Session{}, err
	}
	return Session{Tokens: t, User: u}, nil
}

func (s *service) Logout(ctx context.Context, token string) error {
	if token == "" || len(token) > maxRefreshTokenLength {
		return nil // nothing to end: signing out always succeeds
	}
	return s.repo.EndSession(ctx, HashRefreshToken(token), s.now())
}

func (s *service) LogoutAll(ctx context.Context, userID string) (string, error) {
	u, err := s.Profile(ctx, userID)
	if err != nil {
		return "", err
	}
	if _, err := s.repo.EndSessions(ctx, userID, "", s.now()); err != nil {
		return "", err
	}
	return withFeedsChanged(fmt.Sprintf("Signed out everywhere. Other devices are signed out within %s.", minutes(s.issuer.TTL())), u.Role), nil
}

// minutes says d in whole minutes ("10 minutes"), rounded up.
func minutes(d time.Duration) string {
	m := int((d + time.Minute - 1) / time.Minute)
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
