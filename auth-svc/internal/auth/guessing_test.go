package auth

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

func TestNextFailuresGrowsTheLock(t *testing.T) {
	t0 := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	var f Failures
	want := []time.Duration{0, 0, 0, 0, 30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute}
	for i, w := range want {
		f = NextFailures(f, t0)
		var lock time.Duration
		if !f.LockedUntil.IsZero() {
			lock = f.LockedUntil.Sub(t0)
		}
		if f.Count != i+1 || lock != w {
			t.Fatalf("failure %d: count %d, locked %v, want %v", i+1, f.Count, lock, w)
		}
	}
	for range 100 {
		f = NextFailures(f, t0)
	}
	if f.LockedUntil.Sub(t0) != MaxLock {
		t.Fatalf("lock after 108 failures %v, want at most %v", f.LockedUntil.Sub(t0), MaxLock)
	}
	if f = NextFailures(f, t0.Add(ForgetFailuresAfter+time.Second)); f.Count != 1 || !f.LockedUntil.IsZero() {
		t.Fatalf("a failure a day after the last starts a new run: %+v", f)
	}
}

// Every password check of an account counts (issue 40): wrong passwords
// at login and at PUT /auth/profile add up, and once locked even the right
// password is refused with 429 and Retry-After until the lock ends; a
// right password then forgets the run.
func TestPasswordGuessingLocksTheAccount(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	repo := &memRepo{users: map[string]User{"u1": {ID: "u1", Email: "asha@example.com", PasswordHash: "plain:secret1", Role: identity.RoleCustomer, FullName: "Asha"}}}
	s := NewService(repo, plainHasher{}, issuerFunc(func(User) (string, error) { return "tok", nil }), func() time.Time { return now }, func() string { return "id" })
	ctx := context.Background()
	login := func(pw string) error {
		_, err := s.Login(ctx, Login{Email: "asha@example.com", Password: pw, Role: identity.RoleCustomer})
		return err
	}
	changeEmail := func(pw string) error {
		_, err := s.UpdateProfile(ctx, "u1", ProfileUpdate{Email: ptr("new@example.com"), CurrentPassword: ptr(pw)})
		return err
	}
	for i := range FreeFailures + 1 {
		check, kind := login, apperr.KindUnauthenticated
		if i%2 == 1 {
			check, kind = changeEmail, apperr.KindForbidden
		}
		if err := check("guess"); apperr.KindOf(err) != kind {
			t.Fatalf("guess %d: %v, want kind %v", i+1, err, kind)
		}
	}
	for _, check := range []func(string) error{login, changeEmail} {
		err := check("secret1")
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited || ae.RetryAfter != 30 ||
			ae.Message != "Too many wrong passwords for this account. Please try again in 30 seconds." {
			t.Fatalf("right password while locked: %v, want 429 for 30 s", err)
		}
	}
	now = now.Add(FirstLock)
	if err := login("secret1"); err != nil {
		t.Fatalf("after the lock: %v", err)
	}
	if f := repo.failures[FailureKey{Subject: "u1"}]; f.Count != 0 {
		t.Fatalf("a right password keeps %+v", f)
	}
}

type issuerFunc func(User) (string, error)

func (f issuerFunc) Issue(u User, _ string) (string, error) { return f(u) }
func (issuerFunc) TTL() time.Duration                       { return 10 * time.Minute }

// Locks are per (account, client) (issue 50, finding 12): five wrong
// passwords from one client locked the account everywhere, so anyone could
// keep its owner out for up to an hour. Now the guesser is locked, the
// owner's right password from their own device is not, and the guesser's
// lock outlives the owner's login.
func TestGuessingLocksOnlyTheGuessingClient(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	repo := &memRepo{users: map[string]User{"u1": {ID: "u1", Email: "asha@example.com", PasswordHash: "plain:secret1", Role: identity.RoleCustomer, FullName: "Asha"}}}
	s := NewService(repo, plainHasher{}, issuerFunc(func(User) (string, error) { return "tok", nil }), func() time.Time { return now }, func() string { return "id" })
	guesser := WithClient(context.Background(), "203.0.113.7")
	owner := WithClient(context.Background(), "198.51.100.1")
	login := func(ctx context.Context, pw string) error {
		_, err := s.Login(ctx, Login{Email: "asha@example.com", Password: pw, Role: identity.RoleCustomer})
		return err
	}
	for range FreeFailures + 1 {
		if err := login(guesser, "guess"); apperr.KindOf(err) != apperr.KindUnauthenticated {
			t.Fatalf("guess: %v", err)
		}
	}
	if err := login(guesser, "secret1"); apperr.KindOf(err) != apperr.KindRateLimited {
		t.Fatalf("the guesser's right password while locked: %v, want 429", err)
	}
	if err := login(owner, "secret1"); err != nil {
		t.Fatalf("the owner from another client: %v, want signed in", err)
	}
	if err := login(guesser, "secret1"); apperr.KindOf(err) != apperr.KindRateLimited {
		t.Fatalf("the owner's login lifted the guesser's lock: %v", err)
	}
}

// countingRepo is memRepo recording the calls a login makes.
type countingRepo struct {
	*memRepo
	calls *[]string
}

func (c countingRepo) ByEmail(ctx context.Context, email string) (User, error) {
	*c.calls = append(*c.calls, "ByEmail")
	return c.memRepo.ByEmail(ctx, email)
}
func (c countingRepo) Failures(ctx context.Context, k FailureKey) (Failures, error) {
	*c.calls = append(*c.calls, "Failures")
	return c.memRepo.Failures(ctx, k)
}
func (c countingRepo) RecordFailure(ctx context.Context, k FailureKey, next func(Failures) Failures, onLock *AccountMail) (Failures, error) {
	*c.calls = append(*c.calls, "RecordFailure")
	return c.memRepo.RecordFailure(ctx, k, next, onLock)
}
func (c countingRepo) ClearFailures(ctx context.Context, k FailureKey) error {
	*c.calls = append(*c.calls, "ClearFailures")
	return c.memRepo.ClearFailures(ctx, k)
}

// countingHasher is plainHasher recording its checks and whom they are for.
type countingHasher struct{ calls *[]string }

func (h countingHasher) Hash(ctx context.Context, w Who, p string) (string, error) {
	return plainHasher{}.Hash(ctx, w, p)
}
func (h countingHasher) Verify(ctx context.Context, w Who, p, hash string) (bool, error) {
	*h.calls = append(*h.calls, "Verify "+w.Client+" "+w.Account)
	return plainHasher{}.Verify(ctx, w, p, hash)
}

// A login to an address no account has does the work of a wrong password
// (issue 50, findings 11 and 12: known and unknown logins took 20–29 ms
// apart, and unknown ones cost a hash counted nowhere): the same calls in
// the same order, the hash charged to the client and the address, the
// failure counted, and after FreeFailures the same 429 as an account's.
func TestUnknownAddressIsCountedLikeAnAccount(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	var calls []string
	mem := &memRepo{users: map[string]User{"u1": {ID: "u1", Email: "asha@example.com", PasswordHash: "plain:secret1", Role: identity.RoleCustomer, FullName: "Asha"}}}
	s := NewService(countingRepo{mem, &calls}, countingHasher{&calls}, issuerFunc(func(User) (string, error) { return "tok", nil }),
		func() time.Time { return now }, func() string { return "id" })
	ctx := WithClient(context.Background(), "203.0.113.7")
	login := func(email string) ([]string, error) {
		calls = nil
		_, err := s.Login(ctx, Login{Email: email, Password: "guess", Role: identity.RoleCustomer})
		return calls, err
	}
	known, kerr := login("asha@example.com")
	unknown, uerr := login("nobody@example.com")
	if kerr == nil || uerr == nil || kerr.Error() != uerr.Error() {
		t.Fatalf("answers differ: %v / %v", kerr, uerr)
	}
	want := func(account string) []string {
		return []string{"ByEmail", "Failures", "Verify 203.0.113.7 " + account, "RecordFailure"}
	}
	if !slices.Equal(known, want("u1")) || !slices.Equal(unknown, want(AddressSubject("nobody@example.com"))) {
		t.Fatalf("known login did %v, unknown %v: want the same work", known, unknown)
	}
	for range FreeFailures {
		login("nobody@example.com")
	}
	_, uerr = login("nobody@example.com")
	for range FreeFailures {
		login("asha@example.com")
	}
	_, kerr = login("asha@example.com")
	var ua, ka *apperr.Error
	if !errors.As(uerr, &ua) || !errors.As(kerr, &ka) || ua.Kind != apperr.KindRateLimited || *ua != *ka {
		t.Fatalf("locked: unknown address %v, account %v: want the same 429", uerr, kerr)
	}
}
