// Package accounts reads a customer's contact from auth-svc, which owns
// it, over its internal GetContact call.
package accounts

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/erasure"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// MsgAccountsUnavailable answers a booking while auth-svc cannot be reached.
const MsgAccountsUnavailable = "Accounts are unavailable, please try again"

// callTimeout bounds each call, whatever the caller's deadline (the
// closing consumer has none): a hung auth-svc fails the booking with 503,
// or the closing step, which is retried, instead of holding it.
const callTimeout = 5 * time.Second

// Client implements booking.Accounts. Nothing is kept between calls: a
// booking records the address the account has now, not the one a token
// issued before an email change still carries.
type Client struct{ Internal authv1.AuthInternalClient }

// New returns a client over conn (auth-svc's, dialled with the runtime's
// tracing and retries; GetContact is retried on another replica).
func New(conn grpc.ClientConnInterface) Client {
	return Client{Internal: authv1.NewAuthInternalClient(conn)}
}

// Contact is userID's name and email as auth-svc has them. An account
// that is gone answers 401 like any call of a deleted account.
func (c Client) Contact(ctx context.Context, userID string) (booking.Contact, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	resp, err := c.Internal.GetContact(ctx, &authv1.GetContactRequest{UserId: userID})
	switch status.Code(err) {
	case codes.OK:
		return booking.Contact{Name: resp.GetFullName(), Email: resp.GetEmail()}, nil
	case codes.NotFound:
		return booking.Contact{}, erasure.ErrAccountDeleted
	case codes.Unavailable, codes.DeadlineExceeded:
		return booking.Contact{}, apperr.New(apperr.KindUnavailable, MsgAccountsUnavailable)
	default:
		return booking.Contact{}, err
	}
}

// FinishClosing tells auth-svc that userID's closing account has no
// upcoming appointment left (auth_internal.proto FinishAccountClosing);
// any failure is returned, so the closing is tried again.
func (c Client) FinishClosing(ctx context.Context, userID string) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	_, err := c.Internal.FinishAccountClosing(ctx, &authv1.FinishAccountClosingRequest{UserId: userID})
	return err
}
