package auth

import (
	"context"
	"fmt"

	"github.com/slotwise/slotwise/platform/apperr"
)

// PasswordChange is what the profile's "Change password" form sends.
type PasswordChange struct {
	CurrentPassword string
	NewPassword     string
	// ConfirmPassword is optional: when sent it must equal NewPassword.
	ConfirmPassword *string
}

// Messages of a password change.
const (
	MsgCurrentPasswordMissing = "Please enter your current password."
	MsgNewPasswordRequired    = "Please enter a new password."
	MsgNewPasswordSame        = "The new password must be different from the current one."
)

// ValidatePasswordChange checks c's new password by registration's rules,
// before any password is verified (no Argon2 work for a form that cannot
// succeed).
func ValidatePasswordChange(c PasswordChange) error {
	switch n := len([]rune(c.NewPassword)); {
	case c.CurrentPassword == "":
		return apperr.Invalid(MsgCurrentPasswordMissing)
	case c.NewPassword == "":
		return apperr.Invalid(MsgNewPasswordRequired)
	case c.ConfirmPassword != nil && *c.ConfirmPassword != c.NewPassword:
		return apperr.Invalid(MsgPasswordsMismatch)
	case n < MinPasswordLength:
		return apperr.Invalid(MsgPasswordTooShort)
	case n > MaxPasswordLength:
		return apperr.Invalid(MsgPasswordTooLong)
	case c.NewPassword == c.CurrentPassword:
		return apperr.Invalid(MsgNewPasswordSame)
	}
	return nil
}

// ChangePassword sets userID's password after checking the current one
// through the account's guessing limit, and ends every session of the
// user but sessionID (the caller's; empty: all of them). It answers the
// message to show.
func (s *service) ChangePassword(ctx context.Context, userID, sessionID string, c PasswordChange) (string, error) {
	u, err := s.Profile(ctx, userID)
	if err != nil {
		return "", err
	}
	if err := ValidatePasswordChange(c); err != nil {
		return "", err
	}
	if len([]rune(c.CurrentPassword)) > MaxPasswordLength {
		return "", apperr.Forbidden(MsgWrongCurrentPassword) // no account has such a password
	}
	ok, err := s.checkPassword(ctx, u, c.CurrentPassword)
	if err != nil {
		return "", err
	}
	if !ok {
		// 403, not 401: a client rightly takes 401 as "the session is over".
		return "", apperr.Forbidden(MsgWrongCurrentPassword)
	}
	hash, err := s.hasher.Hash(ctx, who(ctx, u.ID), c.NewPassword)
	if err != nil {
		return "", err
	}
	if err := s.repo.SetPassword(ctx, userID, hash, sessionID, s.now()); err != nil {
		return "", err
	}
	return withFeedsChanged(fmt.Sprintf("Password changed. Other devices are signed out within %s.", minutes(s.issuer.TTL())), u.Role), nil
}
