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

// linkFixture is a service over memRepo with numbered secrets and a clock
// the test moves.
type linkFixture struct {
	s    Service
	repo *memRepo
	now  time.Time
}

func newLinkFixture(t *testing.T, opts ...Option) *linkFixture {
	t.Helper()
	fx := &linkFixture{now: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC), repo: &memRepo{users: map[string]User{}}}
	ids := 0
	svc := NewService(fx.repo, plainHasher{}, issuerFunc(func(u User) (string, error) { return "access-" + u.ID, nil }),
		func() time.Time { return fx.now }, func() string { ids++; return "id" + string(rune('a'+ids)) }, opts...)
	secrets := 0
	svc.(*service).secret = func() (string, error) { secrets++; return "secret" + string(rune('a'+secrets)), nil }
	svc.(*service).forgotFloor = 0
	fx.s = svc
	return fx
}

func (fx *linkFixture) register(t *testing.T, email string) User {
	t.Helper()
	u, err := fx.s.Register(context.Background(), Registration{Email: email, Password: "secret1", FullName: "Asha Rao",
		PhoneNumber: "9876543210", Address: "MG Road", Gender: "female", Role: identity.RoleCustomer})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (fx *linkFixture) lastMail(t *testing.T) AccountMail {
	t.Helper()
	if len(fx.repo.mails) == 0 {
		t.Fatal("no mail queued")
	}
	return fx.repo.mails[len(fx.repo.mails)-1]
}

func wantRefusal(t *testing.T, err error, kind apperr.Kind, msg string) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != kind || ae.Message != msg {
		t.Fatalf("err = %v, want kind %d %q", err, kind, msg)
	}
}

func TestRegistrationIsVerifiedByItsLinkOnce(t *testing.T) {
	fx := newLinkFixture(t)
	ctx := context.Background()
	u := fx.register(t, "asha@mail.test")
	if u.EmailVerified {
		t.Fatal("a new address counts as verified")
	}
	m := fx.lastMail(t)
	if m.Kind != MailVerifyEmail || m.To != "asha@mail.test" || m.Token == "" || !m.ExpiresAt.Equal(fx.now.Add(VerifyLinkTTL)) {
		t.Fatalf("mail %+v", m)
	}
	_, err := fx.s.VerifyEmail(ctx, "not-a-token")
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkInvalid)
	if msg, err := fx.s.VerifyEmail(ctx, m.Token); err != nil || msg != MsgEmailVerified {
		t.Fatalf("verify: %q %v", msg, err)
	}
	if !fx.repo.users[u.ID].EmailVerified {
		t.Fatal("not verified")
	}
	_, err = fx.s.VerifyEmail(ctx, m.Token)
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkUsed)
}

func TestVerificationLinkExpires(t *testing.T) {
	fx := newLinkFixture(t)
	fx.register(t, "asha@mail.test")
	m := fx.lastMail(t)
	fx.now = fx.now.Add(VerifyLinkTTL)
	_, err := fx.s.VerifyEmail(context.Background(), m.Token)
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkExpired)
}

func TestVerifiedDomainsNeedNoLink(t *testing.T) {
	fx := newLinkFixture(t, WithVerifiedDomains([]string{" Example.com "}))
	if u := fx.register(t, "asha@example.com"); !u.EmailVerified || len(fx.repo.mails) != 0 {
		t.Fatalf("verified %v, mails %v", u.EmailVerified, fx.repo.mails)
	}
	if u := fx.register(t, "ravi@mail.test"); u.EmailVerified || len(fx.repo.mails) != 1 {
		t.Fatalf("verified %v, mails %v", u.EmailVerified, fx.repo.mails)
	}
}

func TestResendIsPacedAndReplacesTheOldLink(t *testing.T) {
	fx := newLinkFixture(t)
	ctx := context.Background()
	u := fx.register(t, "asha@mail.test")
	first := fx.lastMail(t)
	_, err := fx.s.ResendVerification(ctx, u.ID)
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited || ae.RetryAfter != 60 {
		t.Fatalf("resend at once: %v", err)
	}
	fx.now = fx.now.Add(LinkInterval)
	if _, err := fx.s.ResendVerification(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	second := fx.lastMail(t)
	_, err = fx.s.VerifyEmail(ctx, first.Token)
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkUsed)
	if _, err := fx.s.VerifyEmail(ctx, second.Token); err != nil {
		t.Fatal(err)
	}
	fx.now = fx.now.Add(LinkInterval)
	_, err = fx.s.ResendVerification(ctx, u.ID)
	wantRefusal(t, err, apperr.KindConflict, MsgAlreadyVerified)
}

func TestEmailChangeTakesEffectWhenItsLinkIsOpened(t *testing.T) {
	fx := newLinkFixture(t)
	ctx := context.Background()
	u := fx.register(t, "asha@mail.test")
	if _, err := fx.s.VerifyEmail(ctx, fx.lastMail(t).Token); err != nil {
		t.Fatal(err)
	}
	sess, err := fx.s.Login(ctx, Login{Email: "asha@mail.test", Password: "secret1"})
	if err != nil {
		t.Fatal(err)
	}
	fx.now = fx.now.Add(LinkInterval) // the registration's link was just sent
	got, err := fx.s.UpdateProfile(ctx, u.ID, ProfileUpdate{Email: ptr("asha.new@mail.test"), CurrentPassword: ptr("secret1")})
	if err != nil || got.Email != "asha@mail.test" || got.PendingEmail != "asha.new@mail.test" {
		t.Fatalf("update: %+v %v", got, err)
	}
	link := fx.lastMail(t)
	if link.Kind != MailVerifyEmail || link.To != "asha.new@mail.test" || link.NewEmail != "asha.new@mail.test" {
		t.Fatalf("link mail %+v", link)
	}
	if _, err := fx.s.Refresh(ctx, sess.Refresh); err != nil {
		t.Fatalf("a pending change ended the session: %v", err)
	}
	if _, err := fx.s.VerifyEmail(ctx, link.Token); err != nil {
		t.Fatal(err)
	}
	after := fx.repo.users[u.ID]
	if after.Email != "asha.new@mail.test" || !after.EmailVerified || after.PendingEmail != "" {
		t.Fatalf("after: %+v", after)
	}
	notice := fx.lastMail(t)
	if notice.Kind != MailEmailChanged || notice.To != "asha@mail.test" || notice.NewEmail != "asha.new@mail.test" || notice.Token != "" {
		t.Fatalf("notice %+v", notice)
	}
	for _, f := range fx.repo.families {
		if f.EndedAt == nil {
			t.Fatal("a session outlived the email change")
		}
	}
}

func TestPasswordResetLink(t *testing.T) {
	fx := newLinkFixture(t)
	ctx := context.Background()
	u := fx.register(t, "asha@mail.test")
	mails := len(fx.repo.mails)
	if msg, err := fx.s.ForgotPassword(ctx, "nobody@mail.test"); err != nil || msg != MsgForgotSent || len(fx.repo.mails) != mails {
		t.Fatalf("unknown address: %q %v, %d mails", msg, err, len(fx.repo.mails)-mails)
	}
	_, err := fx.s.ForgotPassword(ctx, "not an address")
	wantRefusal(t, err, apperr.KindInvalid, MsgInvalidEmail)
	if msg, err := fx.s.ForgotPassword(ctx, " ASHA@mail.test"); err != nil || msg != MsgForgotSent {
		t.Fatalf("forgot: %q %v", msg, err)
	}
	m := fx.lastMail(t)
	if m.Kind != MailPasswordReset || m.To != "asha@mail.test" || !m.ExpiresAt.Equal(fx.now.Add(ResetLinkTTL)) {
		t.Fatalf("reset mail %+v", m)
	}
	// Asked again at once: the same answer, no second mail.
	if _, err := fx.s.ForgotPassword(ctx, "asha@mail.test"); err != nil || fx.lastMail(t).Token != m.Token {
		t.Fatalf("second ask mailed again: %v", err)
	}
	sess, err := fx.s.Login(ctx, Login{Email: "asha@mail.test", Password: "secret1"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = fx.s.ResetPassword(ctx, PasswordReset{Token: m.Token, NewPassword: "abc"})
	wantRefusal(t, err, apperr.KindInvalid, MsgPasswordTooShort)
	_, err = fx.s.ResetPassword(ctx, PasswordReset{Token: "forged", NewPassword: "fresh-pass"})
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkInvalid)
	if msg, err := fx.s.ResetPassword(ctx, PasswordReset{Token: m.Token, NewPassword: "fresh-pass"}); err != nil || msg != MsgPasswordReset+" "+MsgFeedChanged {
		t.Fatalf("reset: %q %v", msg, err)
	}
	if got := fx.repo.users[u.ID]; got.PasswordHash != "plain:fresh-pass" || !got.EmailVerified {
		t.Fatalf("after reset: %+v", got)
	}
	if _, err := fx.s.Refresh(ctx, sess.Refresh); err == nil {
		t.Fatal("the session outlived the reset")
	}
	_, err = fx.s.ResetPassword(ctx, PasswordReset{Token: m.Token, NewPassword: "other-pass"})
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkUsed)

	fx.now = fx.now.Add(LinkInterval)
	if _, err := fx.s.ForgotPassword(ctx, "asha@mail.test"); err != nil {
		t.Fatal(err)
	}
	fx.now = fx.now.Add(ResetLinkTTL)
	_, err = fx.s.ResetPassword(ctx, PasswordReset{Token: fx.lastMail(t).Token, NewPassword: "other-pass"})
	wantRefusal(t, err, apperr.KindInvalid, MsgLinkExpired)
}

// TestEmailChangeIsPaced (issue 50, finding 7): an email change mails its
// link at most once a LinkInterval per account, judged before the current
// password (a wrong one is then neither checked nor counted), and an
// address gets at most MaxLinksPerAddress links a day, whichever accounts
// ask; the address's own "Resend" is held to the same count.
func TestEmailChangeIsPaced(t *testing.T) {
	fx := newLinkFixture(t, WithVerifiedDomains([]string{"example.com"}))
	ctx := context.Background()
	change := func(u User, to, pw string) error {
		_, err := fx.s.UpdateProfile(ctx, u.ID, ProfileUpdate{Email: ptr(to), CurrentPassword: ptr(pw)})
		return err
	}
	a := fx.register(t, "asha@example.com")
	if err := change(a, "target@mail.test", "secret1"); err != nil {
		t.Fatal(err)
	}
	mails := len(fx.repo.mails)
	err := change(a, "target@mail.test", "wrong-password")
	wantRefusal(t, err, apperr.KindRateLimited, "We just sent a link. Please check your inbox, or try again in 60 seconds.")
	if f := fx.repo.failures[FailureKey{Subject: a.ID}]; f.Count != 0 {
		t.Fatalf("a paced change checked the password: %+v", f)
	}
	err = change(a, "elsewhere@mail.test", "secret1")
	wantRefusal(t, err, apperr.KindRateLimited, "We just sent a link. Please check your inbox, or try again in 60 seconds.")
	if len(fx.repo.mails) != mails {
		t.Fatalf("%d mails sent by paced changes", len(fx.repo.mails)-mails)
	}

	// Other accounts, each within its own pace: the address's count holds.
	first := fx.now
	for i := 1; i < MaxLinksPerAddress; i++ {
		fx.now = fx.now.Add(LinkInterval)
		u := fx.register(t, fmt.Sprintf("user%d@example.com", i))
		if err := change(u, "target@mail.test", "secret1"); err != nil {
			t.Fatalf("link %d to the address: %v", i+1, err)
		}
	}
	fx.now = fx.now.Add(LinkInterval)
	err = change(a, "target@mail.test", "secret1")
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited || ae.RetryAfter != int(first.Add(AddressWindow).Sub(fx.now)/time.Second) ||
		ae.Message != "This address was sent 5 links in the last 24 hours. Please use the newest one, or try again in 24 hours." {
		t.Fatalf("sixth link to the address: %v", err)
	}
	_, err = fx.s.ResendVerification(ctx, a.ID) // to its pending address
	if !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited {
		t.Fatalf("resend to a full address: %v", err)
	}
	fx.now = first.Add(AddressWindow)
	if err := change(a, "target@mail.test", "secret1"); err != nil {
		t.Fatalf("a day after the first link: %v", err)
	}
}
