package auth

import (
	"context"
	"errors"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Messages of an account deletion (docs/product.md "Your data").
const (
	MsgDeletePasswordMissing = "Please enter your password to delete your account."
	MsgDeleteWrongPassword   = "The password is incorrect."
	MsgAccountDeleted        = "Your account was deleted."
)

// AccountDeleted is the event that tells every service to delete or
// anonymise the user's rows (type "account_deleted" on auth.accounts.v1).
const AccountDeleted = "account_deleted"

// DeleteAccount deletes userID's account after checking password through
// the account's guessing limit: the user's row and everything hanging on
// it (sessions, links, failures) go, and in the same transaction the
// account_deleted event is queued. A provider's upcoming bookings are the
// gateway's check, made before this is called (auth_internal.proto DeleteAccount).
func (s *service) DeleteAccount(ctx context.Context, userID, password string) (string, error) {
	u, err := s.Profile(ctx, userID)
	if err != nil {
		return "", err
	}
	if password == "" {
		return "", apperr.Invalid(MsgDeletePasswordMissing)
	}
	if len([]rune(password)) > MaxPasswordLength {
		return "", apperr.Forbidden(MsgDeleteWrongPassword) // no account has such a password
	}
	ok, err := s.checkPassword(ctx, u, password)
	if err != nil {
		return "", err
	}
	if !ok {
		// 403, not 401: a client rightly takes 401 as "the session is over".
		return "", apperr.Forbidden(MsgDeleteWrongPassword)
	}
	if err := s.repo.DeleteUser(ctx, userID, s.newID(), s.now()); err != nil {
		if errors.Is(err, ErrNotFound) {
			return MsgAccountDeleted, nil // a second click finds it gone: done
		}
		return "", err
	}
	return MsgAccountDeleted, nil
}
