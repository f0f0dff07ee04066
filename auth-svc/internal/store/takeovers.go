package store

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// StartTakeover implements auth.Takeovers. Under the address's lock (the
// one issueLink takes), the pace counts the address's verification links
// and takeovers together, and the account's newest takeover as its latest
// link: a takeover is one more verification link to the address.
func (s Users) StartTakeover(ctx context.Context, nt auth.NewTakeover) error {
	t := nt.Takeover
	account, err := json.Marshal(t.Account)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('link-address:' || $1, 0))`, t.Email); err != nil {
			return err
		}
		since := t.CreatedAt.Add(-auth.AddressWindow)
		links, err := linkHistory(ctx, tx, t.SquatterID, t.Email, since)
		if err != nil {
			return err
		}
		h := auth.LinkHistory{ToAddress: links.ToAddress}
		rows, err := tx.Query(ctx, `SELECT created_at FROM registration_takeovers WHERE email = $1 AND created_at > $2
			ORDER BY created_at DESC LIMIT $3`, t.Email, since, auth.MaxLinksPerAddress)
		if err != nil {
			return err
		}
		taken, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
		if err != nil {
			return err
		}
		h.ToAddress = append(h.ToAddress, taken...)
		slices.SortFunc(h.ToAddress, func(a, b time.Time) int { return b.Compare(a) })
		var latest *time.Time
		if err := tx.QueryRow(ctx, `SELECT max(created_at) FROM registration_takeovers WHERE squatter_id = $1`, t.SquatterID).
			Scan(&latest); err != nil {
			return err
		}
		if latest != nil {
			h.Latest = *latest
		}
		if err := nt.Pace(h); err != nil {
			return err
		}
		// Only the newest takeover of an account works; the replaced ones
		// keep no password hash.
		if _, err := tx.Exec(ctx, `UPDATE registration_takeovers SET used_at = $2, account = '{}'
			WHERE squatter_id = $1 AND used_at IS NULL`, t.SquatterID, t.CreatedAt); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO registration_takeovers (hash, squatter_id, email, account, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, t.Hash, t.SquatterID, t.Email, account, t.CreatedAt, t.ExpiresAt); err != nil {
			return err
		}
		return queueMail(ctx, tx, nt.Mail)
	})
}

// TakeOver implements auth.Takeovers: the unverified account's row is
// locked first (as UseLink locks it), then the takeover; the account is
// deleted as DeleteUser deletes it, and the registration created in the
// same transaction.
func (s Users) TakeOver(ctx context.Context, hash []byte, now time.Time, judge func(auth.Takeover, auth.User) error, closingEventID string) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var squatterID string
		err := tx.QueryRow(ctx, `SELECT squatter_id::text FROM registration_takeovers WHERE hash = $1`, hash).Scan(&squatterID)
		if errors.Is(err, pgx.ErrNoRows) {
			return auth.ErrNotFound
		}
		if err != nil {
			return err
		}
		holder, err := scanUser(tx.QueryRow(ctx, selectUser+`WHERE u.id = $1 FOR UPDATE OF u`, squatterID))
		if errors.Is(err, auth.ErrNotFound) {
			return auth.ErrNotFound // deleted meanwhile, its takeovers with it
		}
		if err != nil {
			return err
		}
		var t auth.Takeover
		var account []byte
		if err := tx.QueryRow(ctx, `SELECT hash, squatter_id::text, email, account, created_at, expires_at, used_at
			FROM registration_takeovers WHERE hash = $1 FOR UPDATE`, hash).
			Scan(&t.Hash, &t.SquatterID, &t.Email, &account, &t.CreatedAt, &t.ExpiresAt, &t.UsedAt); err != nil {
			return err
		}
		if err := judge(t, holder); err != nil {
			return err
		}
		if err := json.Unmarshal(account, &t.Account); err != nil {
			return err
		}
		if err := deleteUser(ctx, tx, holder.ID, closingEventID, now); err != nil {
			return err
		}
		u := t.Account
		u.EmailVerified, u.CreatedAt, u.UpdatedAt = true, now, now
		if _, err := tx.Exec(ctx, `INSERT INTO users (id, email, password_hash, full_name, phone_number, address,
			date_of_birth, gender, role, created_at, updated_at, email_notifications, email_verified_at)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
			u.ID, u.Email, u.PasswordHash, u.FullName, u.PhoneNumber, u.Address, u.DateOfBirth, u.Gender, u.Role, u.CreatedAt, u.UpdatedAt,
			u.EmailNotifications, now); err != nil {
			return err
		}
		return upsertProvider(ctx, tx, u)
	})
	if isUniqueViolation(err) {
		return auth.ErrEmailTaken
	}
	return err
}
