package auth

import (
	"context"
	"errors"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// PasswordReset is what the "Reset password" page sends.
type PasswordReset struct {
	Token       string
	NewPassword string
	// ConfirmPassword is optional: when sent it must equal NewPassword.
	ConfirmPassword *string
}

// ForgotPassword mails a reset link to email if an account uses it. The
// answer is the same whether or not one does, and takes at least
// forgotFloor either way. A link is mailed at most once a LinkInterval per
// account; a request sooner is answered alike and sends nothing. The
// address need not be verified: the person asking typed it, and the link
// proves they read it.
func (s *service) ForgotPassword(ctx context.Context, email string) (string, error) {
	email = NormalizeEmail(email)
	if email == "" || !ValidEmail(email) {
		return "", apperr.Invalid(MsgInvalidEmail)
	}
	deadline := time.Now().Add(s.forgotFloor)
	defer func() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
		}
	}()
	u, err := s.repo.ByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return MsgForgotSent, nil
	}
	if err != nil {
		return "", err
	}
	last, err := s.repo.LatestLink(ctx, u.ID, PurposeReset)
	if err != nil {
		return "", err
	}
	if !last.IsZero() && s.now().Sub(last) < LinkInterval {
		return MsgForgotSent, nil
	}
	nl, err := s.newLink(u, PurposeReset, MailPasswordReset, u.Email, ResetLinkTTL)
	if err != nil {
		return "", err
	}
	if err := s.repo.IssueLink(ctx, nl); err != nil {
		return "", err
	}
	return MsgForgotSent, nil
}

// ResetPassword sets the password of the reset link's account and ends
// every session of it. A link mailed to an address the account has since
// left is refused. Opening it proves the address, which becomes verified.
func (s *service) ResetPassword(ctx context.Context, r PasswordReset) (string, error) {
	if r.Token == "" {
		return "", apperr.Invalid(MsgResetTokenEmpty)
	}
	switch n := len([]rune(r.NewPassword)); {
	case r.NewPassword == "":
		return "", apperr.Invalid(MsgNewPasswordRequired)
	case r.ConfirmPassword != nil && *r.ConfirmPassword != r.NewPassword:
		return "", apperr.Invalid(MsgPasswordsMismatch)
	case n < MinPasswordLength:
		return "", apperr.Invalid(MsgPasswordTooShort)
	case n > MaxPasswordLength:
		return "", apperr.Invalid(MsgPasswordTooLong)
	}
	// A bad link is refused before the Argon2 work of hashing (the check is
	// repeated under the link's lock below).
	var account string
	err := s.useLink(ctx, r.Token, PurposeReset, func(_ Link, u User) (LinkStep, error) { account = u.ID; return LinkStep{}, errPeekOnly })
	if !errors.Is(err, errPeekOnly) {
		return "", err
	}
	hash, err := s.hasher.Hash(ctx, who(ctx, account), r.NewPassword)
	if err != nil {
		return "", err
	}
	var role string
	err = s.useLink(ctx, r.Token, PurposeReset, func(l Link, u User) (LinkStep, error) {
		if l.Email != u.Email {
			return LinkStep{}, apperr.Invalid(MsgLinkUsed)
		}
		role = u.Role
		return LinkStep{Email: u.Email, PasswordHash: hash, EndSessions: true}, nil
	})
	if err != nil {
		return "", err
	}
	return withFeedsChanged(MsgPasswordReset, role), nil
}

// errPeekOnly aborts a UseLink that only checks the link.
var errPeekOnly = errors.New("checking the link only")
