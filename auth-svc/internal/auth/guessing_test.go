package auth

import (
	"context"
	"errors"
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
	if f := repo.failures["u1"]; f.Count != 0 {
		t.Fatalf("a right password keeps %+v", f)
	}
}

type issuerFunc func(User) (string, error)

func (f issuerFunc) Issue(u User, _ string) (string, error) { return f(u) }
func (issuerFunc) TTL() time.Duration                       { return 10 * time.Minute }
