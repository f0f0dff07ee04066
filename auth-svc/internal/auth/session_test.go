package auth

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

func TestJudgeRefresh(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	earlier := now.Add(-time.Minute)
	live := RefreshToken{IssuedAt: now.Add(-time.Hour), ExpiresAt: now.Add(time.Hour)}
	used := live
	used.UsedAt = &earlier
	expired := live
	expired.ExpiresAt = now
	cases := []struct {
		name string
		t    RefreshToken
		f    Family
		want Verdict
	}{
		{"unused, live family: rotate", live, Family{}, Rotate},
		{"used before: reuse ends the family", used, Family{}, Reuse},
		{"used and expired: still reuse", func() RefreshToken { e := used; e.ExpiresAt = now; return e }(), Family{}, Reuse},
		{"at its expiry: expired", expired, Family{}, Expired},
		{"family ended: ended", live, Family{EndedAt: &earlier}, Ended},
		{"used token of an ended family: ended, nothing more to end", used, Family{EndedAt: &earlier}, Ended},
	}
	for _, c := range cases {
		if got := JudgeRefresh(c.t, c.f, now); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// sessionFixture is a service over memRepo with one account, numbered
// refresh tokens and a clock the test moves.
type sessionFixture struct {
	s    Service
	repo *memRepo
	now  time.Time
	ids  int
}

func newSessionFixture(t *testing.T) *sessionFixture {
	t.Helper()
	fx := &sessionFixture{now: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)}
	fx.repo = &memRepo{users: map[string]User{"u1": {ID: "u1", Email: "asha@example.com", PasswordHash: "plain:secret1", Role: identity.RoleCustomer, FullName: "Asha"}}}
	issuer := issuerFunc(func(u User) (string, error) { return "access-" + u.ID, nil })
	svc := NewService(fx.repo, plainHasher{}, issuer, func() time.Time { return fx.now }, func() string {
		fx.ids++
		return fmt.Sprintf("fam%d", fx.ids)
	}, WithRefreshTTL(24*time.Hour))
	secrets := 0
	svc.(*service).secret = func() (string, error) { secrets++; return fmt.Sprintf("rt%d", secrets), nil }
	fx.s = svc
	return fx
}

func (fx *sessionFixture) login(t *testing.T) Session {
	t.Helper()
	s, err := fx.s.Login(context.Background(), Login{Email: "asha@example.com", Password: "secret1", Role: identity.RoleCustomer})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (fx *sessionFixture) refresh(token string) (Session, error) {
	return fx.s.Refresh(context.Background(), token)
}

func mustEnd(t *testing.T, what string, err error) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.KindUnauthenticated || ae.Message != MsgSessionEnded {
		t.Fatalf("%s: %v, want 401 %q", what, err, MsgSessionEnded)
	}
}

func TestRefreshRotatesAndReuseEndsTheFamily(t *testing.T) {
	fx := newSessionFixture(t)
	first := fx.login(t)
	other := fx.login(t) // another device: another family
	if first.Refresh == "" || first.Access == "" || first.AccessTTL != 10*time.Minute {
		t.Fatalf("login tokens %+v", first.Tokens)
	}
	second, err := fx.refresh(first.Refresh)
	if err != nil {
		t.Fatal(err)
	}
	if second.Refresh == first.Refresh || second.User.ID != "u1" {
		t.Fatalf("refresh did not rotate: %+v", second.Tokens)
	}
	third, err := fx.refresh(second.Refresh)
	if err != nil {
		t.Fatal(err)
	}
	// The first token again (a copy): the whole family ends, the newest
	// token included; the other device's session is not touched.
	_, err = fx.refresh(first.Refresh)
	mustEnd(t, "reused token", err)
	_, err = fx.refresh(third.Refresh)
	mustEnd(t, "newest token of a family ended by reuse", err)
	if _, err := fx.refresh(other.Refresh); err != nil {
		t.Fatalf("another session ended with the reused one: %v", err)
	}
}

func TestRefreshRefusesUnknownExpiredAndMissingTokens(t *testing.T) {
	fx := newSessionFixture(t)
	s := fx.login(t)
	_, err := fx.refresh("")
	if ae := (*apperr.Error)(nil); !errors.As(err, &ae) || ae.Kind != apperr.KindInvalid {
		t.Fatalf("no token: %v, want 400", err)
	}
	_, err = fx.refresh("forged")
	mustEnd(t, "unknown token", err)
	fx.now = fx.now.Add(24 * time.Hour)
	_, err = fx.refresh(s.Refresh)
	mustEnd(t, "expired token", err)
}

func TestLogoutAllEndsEverySession(t *testing.T) {
	fx := newSessionFixture(t)
	a, b := fx.login(t), fx.login(t)
	msg, err := fx.s.LogoutAll(context.Background(), "u1")
	if err != nil || msg != "Signed out everywhere. Other devices are signed out within 10 minutes. "+MsgFeedChanged {
		t.Fatalf("LogoutAll: %q, %v", msg, err)
	}
	for _, s := range []Session{a, b} {
		_, err := fx.refresh(s.Refresh)
		mustEnd(t, "after sign-out everywhere", err)
	}
	if _, err := fx.refresh(fx.login(t).Refresh); err != nil {
		t.Fatalf("a login after sign-out everywhere: %v", err)
	}
}

func TestLogoutEndsOnlyThisSession(t *testing.T) {
	fx := newSessionFixture(t)
	a, b := fx.login(t), fx.login(t)
	if err := fx.s.Logout(context.Background(), a.Refresh); err != nil {
		t.Fatal(err)
	}
	_, err := fx.refresh(a.Refresh)
	mustEnd(t, "after logout", err)
	if _, err := fx.refresh(b.Refresh); err != nil {
		t.Fatalf("other session: %v", err)
	}
}

func TestChangePassword(t *testing.T) {
	ctx := context.Background()
	fx := newSessionFixture(t)
	mine, other := fx.login(t), fx.login(t)
	change := func(cur, next string) (string, error) {
		return fx.s.ChangePassword(ctx, "u1", "fam1", PasswordChange{CurrentPassword: cur, NewPassword: next})
	}
	refusals := []struct {
		name, cur, next string
		kind            apperr.Kind
		msg             string
	}{
		{"no current", "", "newpass1", apperr.KindInvalid, MsgCurrentPasswordMissing},
		{"no new", "secret1", "", apperr.KindInvalid, MsgNewPasswordRequired},
		{"too short", "secret1", "abc", apperr.KindInvalid, MsgPasswordTooShort},
		{"the same", "secret1", "secret1", apperr.KindInvalid, MsgNewPasswordSame},
		{"wrong current", "guess-1", "newpass1", apperr.KindForbidden, MsgWrongCurrentPassword},
	}
	for _, c := range refusals {
		_, err := change(c.cur, c.next)
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Kind != c.kind || ae.Message != c.msg {
			t.Fatalf("%s: %v, want %v %q", c.name, err, c.kind, c.msg)
		}
	}
	if f := fx.repo.failures[FailureKey{Subject: "u1"}]; f.Count != 1 {
		t.Fatalf("a wrong current password was not counted: %+v", f)
	}
	mismatch := "other1"
	if _, err := fx.s.ChangePassword(ctx, "u1", "fam1", PasswordChange{CurrentPassword: "secret1", NewPassword: "newpass1", ConfirmPassword: &mismatch}); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("confirmation mismatch: %v", err)
	}
	if _, err := fx.refresh(other.Refresh); err != nil {
		t.Fatalf("a refused change ended a session: %v", err)
	}
	msg, err := change("secret1", "newpass1")
	if err != nil || msg != "Password changed. Other devices are signed out within 10 minutes. "+MsgFeedChanged {
		t.Fatalf("change: %q, %v", msg, err)
	}
	if fx.repo.users["u1"].PasswordHash != "plain:newpass1" {
		t.Fatal("password not stored")
	}
	if _, err := fx.refresh(mine.Refresh); err != nil {
		t.Fatalf("the caller's own session ended: %v", err)
	}
	if _, err := fx.refresh(other.Refresh); err == nil {
		t.Fatal("another session survived a password change")
	}
}

func TestChangePasswordWhileLockedIs429(t *testing.T) {
	fx := newSessionFixture(t)
	for range FreeFailures + 1 {
		_, _ = fx.s.ChangePassword(context.Background(), "u1", "", PasswordChange{CurrentPassword: "guess-1", NewPassword: "newpass1"})
	}
	_, err := fx.s.ChangePassword(context.Background(), "u1", "", PasswordChange{CurrentPassword: "secret1", NewPassword: "newpass1"})
	if apperr.KindOf(err) != apperr.KindRateLimited {
		t.Fatalf("right password while locked: %v, want 429", err)
	}
}

func TestEmailChangeEndsOtherSessions(t *testing.T) {
	ctx := context.Background()
	fx := newSessionFixture(t)
	// An address that counts as verified moves at once; one that must be
	// verified moves when its link is opened, which ends every session
	// (TestEmailChangeTakesEffectWhenItsLinkIsOpened).
	WithVerifiedDomains([]string{"example.com"})(fx.s.(*service))
	mine, other := fx.login(t), fx.login(t)
	if _, err := fx.s.UpdateProfile(ctx, "u1", ProfileUpdate{FullName: ptr("Asha R"), SessionID: "fam1"}); err != nil {
		t.Fatal(err)
	}
	otherNext, err := fx.refresh(other.Refresh)
	if err != nil {
		t.Fatalf("a change of name ended a session: %v", err)
	}
	next, _ := fx.refresh(mine.Refresh)
	if _, err := fx.s.UpdateProfile(ctx, "u1", ProfileUpdate{Email: ptr("new@example.com"), CurrentPassword: ptr("secret1"), SessionID: "fam1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := fx.refresh(next.Refresh); err != nil {
		t.Fatalf("the caller's own session ended: %v", err)
	}
	_, err = fx.refresh(otherNext.Refresh)
	mustEnd(t, "another session after an email change", err)
}
