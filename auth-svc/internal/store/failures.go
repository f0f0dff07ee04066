package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// Failures implements auth.Repository.
func (s Users) Failures(ctx context.Context, userID string) (auth.Failures, error) {
	return scanFailures(s.Pool.QueryRow(ctx, selectFailures, userID))
}

const selectFailures = `SELECT failures, last_failure, locked_until FROM password_failures WHERE user_id = $1`

func scanFailures(row pgx.Row) (auth.Failures, error) {
	var f auth.Failures
	var locked *time.Time
	err := row.Scan(&f.Count, &f.Last, &locked)
	if errors.Is(err, pgx.ErrNoRows) {
		return auth.Failures{}, nil
	}
	if locked != nil {
		f.LockedUntil = *locked
	}
	return f, err
}

// RecordFailure implements auth.Repository: the account's row is locked
// (created first with no failures when missing: a count of 0 is never
// committed) for the read and the write, so failures counted at once by
// two replicas are both counted.
func (s Users) RecordFailure(ctx context.Context, userID string, next func(auth.Failures) auth.Failures) (auth.Failures, error) {
	var f auth.Failures
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO password_failures (user_id, failures, last_failure) VALUES ($1, 0, 'epoch')
			ON CONFLICT (user_id) DO NOTHING`, userID); err != nil {
			return err
		}
		cur, err := scanFailures(tx.QueryRow(ctx, selectFailures+` FOR UPDATE`, userID))
		if err != nil {
			return err
		}
		f = next(cur)
		var locked *time.Time
		if !f.LockedUntil.IsZero() {
			locked = &f.LockedUntil
		}
		_, err = tx.Exec(ctx, `UPDATE password_failures SET failures=$2, last_failure=$3, locked_until=$4 WHERE user_id=$1`,
			userID, f.Count, f.Last, locked)
		return err
	})
	return f, err
}

// ClearFailures implements auth.Repository.
func (s Users) ClearFailures(ctx context.Context, userID string) error {
	_, err := s.Pool.Exec(ctx, `DELETE FROM password_failures WHERE user_id = $1`, userID)
	return err
}
