package auth

import (
	"context"
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Failures are an account's wrong passwords in a row (issue 40: 145
// guesses in 20 s at PUT /auth/profile went unchecked). They are kept in
// auth-svc's database, so every replica counts the same guesses.
type Failures struct {
	Count       int
	Last        time.Time // the latest wrong password
	LockedUntil time.Time // no password of the account is checked before it
}

// The growing delay: the first FreeFailures wrong passwords in a row cost
// nothing; each one after locks the account for FirstLock, doubling with
// every further one, at most MaxLock. A run of failures is forgotten
// ForgetFailuresAfter the latest one (and by a right password).
const (
	FreeFailures        = 4
	FirstLock           = 30 * time.Second
	MaxLock             = time.Hour
	ForgetFailuresAfter = 24 * time.Hour
)

// NextFailures is f after one more wrong password at now.
func NextFailures(f Failures, now time.Time) Failures {
	if f.Count == 0 || now.Sub(f.Last) > ForgetFailuresAfter {
		f = Failures{}
	}
	f.Count++
	f.Last = now
	if over := f.Count - FreeFailures; over > 0 {
		lock := MaxLock
		if over <= 20 { // 30 s << 20 is past MaxLock: no overflow
			lock = min(FirstLock<<(over-1), MaxLock)
		}
		f.LockedUntil = now.Add(lock)
	}
	return f
}

// tooManyFailures is the 429 of a locked account, with the seconds until
// its lock ends (Retry-After).
func tooManyFailures(wait time.Duration) error {
	secs := max(int((wait+time.Second-1)/time.Second), 1)
	return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
		Message: fmt.Sprintf("Too many wrong passwords for this account. Please try again in %d seconds.", secs)}
}

// checkPassword is every check of an account's password: refused while
// the account is locked, counted when wrong, forgotten when right. It
// reports whether pw is u's password; an error is a refusal (locked, the
// hasher busy) or a fault.
func (s *service) checkPassword(ctx context.Context, u User, pw string) (bool, error) {
	now := s.now()
	f, err := s.repo.Failures(ctx, u.ID)
	if err != nil {
		return false, err
	}
	if wait := f.LockedUntil.Sub(now); wait > 0 {
		return false, tooManyFailures(wait)
	}
	ok, err := s.hasher.Verify(ctx, who(ctx, u.ID), pw, u.PasswordHash)
	if err != nil {
		return false, err
	}
	if !ok {
		_, err := s.repo.RecordFailure(ctx, u.ID, func(f Failures) Failures { return NextFailures(f, now) })
		return false, err
	}
	if f.Count > 0 {
		return true, s.repo.ClearFailures(ctx, u.ID)
	}
	return true, nil
}
