package erasure

import (
	"context"

	"github.com/go-kit/kit/endpoint"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/authn"
)

// ErrAccountDeleted answers a call made with the token of an erased user:
// an access token outlives the account by up to its lifetime
// (docs/product.md "Your data").
var ErrAccountDeleted = apperr.Unauthenticated("This account has been deleted")

// Refuse is the endpoint middleware, inside authn.Middleware, that refuses
// the calls of an erased caller (401 ErrAccountDeleted), so a token issued
// before the deletion can neither read nor write anything more.
//
// A call checked a moment before the erasure was recorded may still write
// after the erasure ran. erase (nil: the service keeps nothing to erase,
// e.g. auth-svc, whose user row is gone) closes that window: after a call
// that succeeded, the caller is checked again and, if erased by now, erased
// once more (the statements are idempotent) and the call answers 401. A
// call whose writes committed before the record was committed is erased by
// the erasure itself, which starts after the record (Handler); one whose
// writes committed after it finds the record on the second check.
func Refuse(pool *pgxpool.Pool, erase Erase) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			c, ok := authn.CallerFrom(ctx)
			if !ok {
				return next(ctx, req)
			}
			if gone, err := erased(ctx, pool, c.UserID); err != nil || gone {
				return nil, refusal(err)
			}
			resp, err := next(ctx, req)
			if erase == nil || err != nil {
				return resp, err
			}
			if f, ok := resp.(endpoint.Failer); ok && f.Failed() != nil {
				return resp, nil // refused: it wrote nothing
			}
			// What the call wrote is there, whether or not its client still waits.
			ctx = context.WithoutCancel(ctx)
			gone, err := erased(ctx, pool, c.UserID)
			if err != nil || !gone {
				return resp, err
			}
			if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return erase(ctx, tx, c.UserID) }); err != nil {
				return nil, err
			}
			return nil, ErrAccountDeleted
		}
	}
}

func erased(ctx context.Context, pool *pgxpool.Pool, userID string) (gone bool, err error) {
	err = pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM erased_users WHERE user_id = $1)`, userID).Scan(&gone)
	return gone, err
}

func refusal(err error) error {
	if err != nil {
		return err
	}
	return ErrAccountDeleted
}
