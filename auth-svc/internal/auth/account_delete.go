package auth

import (
	"context"
	"errors"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/erasure"
)

// Messages of an account deletion (docs/product.md "Your data").
const (
	MsgDeletePasswordMissing = "Please enter your password to delete your account."
	MsgDeleteWrongPassword   = "The password is incorrect."
	MsgAccountDeleted        = "Your account was deleted."
)

// The events of an account deletion on auth.accounts.v1 (platform/erasure).
const (
	// AccountClosing tells booking-svc to refuse the account's bookings
	// and cancel its upcoming appointments.
	AccountClosing = erasure.AccountClosing
	// AccountDeleted tells every service to delete or anonymise the
	// user's rows.
	AccountDeleted = erasure.AccountDeleted
)

// DeleteAccount deletes userID's account after checking password through
// the account's guessing limit: the user's row and everything hanging on
// it (sessions, links, failures) go at once, and in the same transaction
// the account is marked closing and account_closing is queued. The
// bookings are booking-svc's to settle, which owns them; it calls
// FinishAccountClosing when none is left (auth_internal.proto).
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

// FinishAccountClosing queues account_deleted for a closing account, on
// which every service erases the person; again, or for an account that is
// not closing, it does nothing.
func (s *service) FinishAccountClosing(ctx context.Context, userID string) error {
	if userID == "" {
		return apperr.Invalid("userId is required")
	}
	return s.repo.FinishClosing(ctx, userID, s.newID(), s.now())
}
