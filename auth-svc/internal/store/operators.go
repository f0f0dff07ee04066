package store

import (
	"context"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// SetOperator grants or takes back the operator role of the account with
// email (any case) and returns it; auth.ErrNotFound when there is none. It
// is the command line's (cmd/auth-operator), never an API call's: the role
// reaches the account's tokens (the "op" claim) at its next sign-in or
// refresh.
func (s Users) SetOperator(ctx context.Context, email string, on bool) (auth.User, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE users SET operator = $2, updated_at = now() WHERE lower(email) = lower($1)`, email, on)
	if err != nil {
		return auth.User{}, err
	}
	if tag.RowsAffected() == 0 {
		return auth.User{}, auth.ErrNotFound
	}
	return s.ByEmail(ctx, email)
}
