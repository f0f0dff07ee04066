package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// StartSession implements auth.Sessions.
func (s Users) StartSession(ctx context.Context, f auth.Family, first auth.RefreshToken) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO session_families (id, user_id, created_at, refreshed_at) VALUES ($1, $2, $3, $3)`,
			f.ID, f.UserID, f.CreatedAt); err != nil {
			return err
		}
		return insertToken(ctx, tx, first)
	})
}

func insertToken(ctx context.Context, tx pgx.Tx, t auth.RefreshToken) error {
	_, err := tx.Exec(ctx, `INSERT INTO refresh_tokens (hash, family_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)`,
		t.Hash, t.FamilyID, t.IssuedAt, t.ExpiresAt)
	return err
}

// Refresh implements auth.Sessions: the token's row and its family's are
// locked for the read and the writes, so two exchanges of one token (two
// tabs, a thief and its victim) are serialised and the second sees the
// first's use. Both rows: a waiter re-reads only the rows it locked once
// the lock is free, so locking the family alone left it the token as it
// was before the first marked it used, and both rotated (issue 50).
func (s Users) Refresh(ctx context.Context, hash []byte, now time.Time, step func(auth.RefreshToken, auth.Family) auth.RefreshStep) (auth.Family, error) {
	var f auth.Family
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var t auth.RefreshToken
		err := tx.QueryRow(ctx, `SELECT t.hash, t.family_id::text, t.issued_at, t.expires_at, t.used_at,
				f.id::text, f.user_id::text, f.created_at, f.ended_at
			FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id
			WHERE t.hash = $1 FOR UPDATE OF t, f`, hash).
			Scan(&t.Hash, &t.FamilyID, &t.IssuedAt, &t.ExpiresAt, &t.UsedAt, &f.ID, &f.UserID, &f.CreatedAt, &f.EndedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return auth.ErrNotFound
		}
		if err != nil {
			return err
		}
		st := step(t, f)
		if st.End {
			if _, err := tx.Exec(ctx, `UPDATE session_families SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL`, f.ID, now); err != nil {
				return err
			}
		}
		if st.Next == nil {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE refresh_tokens SET used_at = $2 WHERE hash = $1`, t.Hash, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE session_families SET refreshed_at = $2 WHERE id = $1`, f.ID, now); err != nil {
			return err
		}
		return insertToken(ctx, tx, *st.Next)
	})
	return f, err
}

// EndSessions implements auth.Sessions.
func (s Users) EndSessions(ctx context.Context, userID, except string, now time.Time) (n int, err error) {
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		n, err = endSessions(ctx, tx, userID, except, now)
		return err
	})
	return n, err
}

// endSessions ends the sessions and, with them, the account's shared
// addresses (revokeAccess).
func endSessions(ctx context.Context, tx pgx.Tx, userID, except string, now time.Time) (int, error) {
	tag, err := tx.Exec(ctx, `UPDATE session_families SET ended_at = $3
		WHERE user_id = $1 AND ended_at IS NULL AND ($2 = '' OR id::text <> $2)`, userID, except, now)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), revokeAccess(ctx, tx, userID, now)
}

// EndSession implements auth.Sessions.
func (s Users) EndSession(ctx context.Context, hash []byte, now time.Time) error {
	_, err := s.Pool.Exec(ctx, `UPDATE session_families SET ended_at = $2
		WHERE id = (SELECT family_id FROM refresh_tokens WHERE hash = $1) AND ended_at IS NULL`, hash, now)
	return err
}

// SetPassword implements auth.Repository.
func (s Users) SetPassword(ctx context.Context, userID, hash, keepSession string, now time.Time) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, userID, hash, now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return auth.ErrNotFound
		}
		_, err = endSessions(ctx, tx, userID, keepSession, now)
		return err
	})
}
