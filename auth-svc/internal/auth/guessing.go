package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Failures are an account's wrong passwords in a row from one client
// (issue 40: 145 guesses in 20 s at PUT /auth/profile went unchecked).
// They are kept in auth-svc's database, so every replica counts the same
// guesses, and per client (issue 50: five wrong passwords from anywhere
// locked the owner out everywhere, for up to an hour): a guesser locks
// only itself, the owner signs in from their own device. A login to an
// address no account has is counted the same way under that address.
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

// FirstLocked is whether f, just counted, is the first lock of its run of
// failures: the owner is mailed then (once per run and client, not on
// every doubling), so a guesser cannot flood the owner's inbox.
func FirstLocked(f Failures) bool { return f.Count == FreeFailures+1 }

// tooManyFailures is the 429 of a locked account, with the seconds until
// its lock ends (Retry-After).
func tooManyFailures(wait time.Duration) error {
	secs := max(int((wait+time.Second-1)/time.Second), 1)
	return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
		Message: fmt.Sprintf("Too many wrong passwords for this account. Please try again in %d seconds.", secs)}
}

// FailureKey is whose failures are counted: the account's id (or
// AddressSubject of the address a login named when no account has it) and
// the client's address.
type FailureKey struct {
	Subject string
	Client  string
}

// AddressSubject is the subject of an address no account has: its SHA-256,
// so nothing stored holds an address someone typed (perhaps the address
// of an account since erased).
func AddressSubject(email string) string {
	sum := sha256.Sum256([]byte(email))
	return "address:" + hex.EncodeToString(sum[:])
}

// checkPassword is every check of an account's password: refused while
// the account is locked for this client, counted when wrong, forgotten
// when right. It reports whether pw is u's password; an error is a refusal
// (locked, the hasher busy) or a fault.
func (s *service) checkPassword(ctx context.Context, u User, pw string) (bool, error) {
	var onLock *AccountMail
	if u.EmailVerified { // an unverified address gets no mail but its link
		onLock = &AccountMail{ID: s.newID(), Kind: MailLoginLocked, UserID: u.ID, To: u.Email, Name: u.FullName, At: s.now().UTC()}
	}
	return s.check(ctx, u.ID, pw, u.PasswordHash, onLock)
}

// check is checkPassword of subject's hash, for the client on ctx; onLock
// is the owner's mail when this failure first locks the client out.
func (s *service) check(ctx context.Context, subject, pw, hash string, onLock *AccountMail) (bool, error) {
	now := s.now()
	k := FailureKey{Subject: subject, Client: ClientOf(ctx)}
	f, err := s.repo.Failures(ctx, k)
	if err != nil {
		return false, err
	}
	if wait := f.LockedUntil.Sub(now); wait > 0 {
		return false, tooManyFailures(wait)
	}
	ok, err := s.hasher.Verify(ctx, who(ctx, subject), pw, hash)
	if err != nil {
		return false, err
	}
	if !ok {
		_, err := s.repo.RecordFailure(ctx, k, func(f Failures) Failures { return NextFailures(f, now) }, onLock)
		return false, err
	}
	if f.Count > 0 {
		return true, s.repo.ClearFailures(ctx, k)
	}
	return true, nil
}
