package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// EraseAccount anonymises a deleted customer's reviews and projected
// appointments: a review stays, its writer shown as a former customer
// (review.Reviewer), with neither name nor email kept (platform/erasure).
func EraseAccount(ctx context.Context, tx pgx.Tx, userID string) error {
	if _, err := tx.Exec(ctx, `UPDATE reviews SET customer_name = '', customer_email = '' WHERE customer_id = $1`, userID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE appointments SET customer_name = '', customer_email = '' WHERE customer_id = $1`, userID)
	return err
}
