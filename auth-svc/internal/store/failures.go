package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// Failures implements auth.Repository.
func (s Users) Failures(ctx context.Context, k auth.FailureKey) (auth.Failures, error) {
	return scanFailures(s.Pool.QueryRow(ctx, selectFailures, k.Subject, k.Client))
}

const selectFailures = `SELECT failures, last_failure, locked_until FROM login_failures WHERE subject = $1 AND client = $2`

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

// RecordFailure implements auth.Repository: the pair's row is locked
// (created first with no failures when missing: a count of 0 is never
// committed) for the read and the write, so failures counted at once by
// two replicas are both counted.
func (s Users) RecordFailure(ctx context.Context, k auth.FailureKey, next func(auth.Failures) auth.Failures, onLock *auth.AccountMail) (auth.Failures, error) {
	var f auth.Failures
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO login_failures (subject, client, failures, last_failure) VALUES ($1, $2, 0, 'epoch')
			ON CONFLICT (subject, client) DO NOTHING`, k.Subject, k.Client); err != nil {
			return err
		}
		cur, err := scanFailures(tx.QueryRow(ctx, selectFailures+` FOR UPDATE`, k.Subject, k.Client))
		if err != nil {
			return err
		}
		f = next(cur)
		var locked *time.Time
		if !f.LockedUntil.IsZero() {
			locked = &f.LockedUntil
		}
		if _, err := tx.Exec(ctx, `UPDATE login_failures SET failures=$3, last_failure=$4, locked_until=$5 WHERE subject=$1 AND client=$2`,
			k.Subject, k.Client, f.Count, f.Last, locked); err != nil {
			return err
		}
		if onLock != nil && auth.FirstLocked(f) {
			return queueMail(ctx, tx, *onLock)
		}
		return nil
	})
	return f, err
}

// ClearFailures implements auth.Repository.
func (s Users) ClearFailures(ctx context.Context, k auth.FailureKey) error {
	_, err := s.Pool.Exec(ctx, `DELETE FROM login_failures WHERE subject = $1 AND client = $2`, k.Subject, k.Client)
	return err
}
