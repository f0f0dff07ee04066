package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/postgres"
)

// Users implements auth.Repository.
type Users struct{ Pool *pgxpool.Pool }

const uniqueViolation = "23505"

func isUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == uniqueViolation
}

func (s Users) Create(ctx context.Context, u auth.User, verify *auth.NewLink) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO users (id, email, password_hash, full_name, phone_number, address,
			date_of_birth, gender, role, created_at, updated_at, email_notifications, email_verified_at)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
			u.ID, u.Email, u.PasswordHash, u.FullName, u.PhoneNumber, u.Address, u.DateOfBirth, u.Gender, u.Role, u.CreatedAt, u.UpdatedAt,
			u.EmailNotifications, verifiedAt(u))
		if err != nil {
			return err
		}
		if err := upsertProvider(ctx, tx, u); err != nil {
			return err
		}
		return issueIf(ctx, tx, verify)
	})
	if isUniqueViolation(err) {
		return auth.ErrEmailTaken
	}
	return err
}

func (s Users) Update(ctx context.Context, u auth.User, verify *auth.NewLink) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET email=$2, full_name=$3, phone_number=$4, address=$5,
			date_of_birth=$6, gender=$7, updated_at=$8, email_notifications=$9, pending_email=$10,
			email_verified_at = CASE WHEN $11 THEN coalesce(email_verified_at, $8) END WHERE id=$1`,
			u.ID, u.Email, u.FullName, u.PhoneNumber, u.Address, u.DateOfBirth, u.Gender, u.UpdatedAt, u.EmailNotifications,
			u.PendingEmail, u.EmailVerified)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return auth.ErrNotFound
		}
		if err := upsertProvider(ctx, tx, u); err != nil {
			return err
		}
		return issueIf(ctx, tx, verify)
	})
	if isUniqueViolation(err) {
		return auth.ErrEmailTaken
	}
	return err
}

// verifiedAt is the email_verified_at of a new account.
func verifiedAt(u auth.User) *time.Time {
	if !u.EmailVerified {
		return nil
	}
	return &u.CreatedAt
}

func issueIf(ctx context.Context, tx pgx.Tx, nl *auth.NewLink) error {
	if nl == nil {
		return nil
	}
	return issueLink(ctx, tx, *nl)
}

func upsertProvider(ctx context.Context, tx pgx.Tx, u auth.User) error {
	p := u.Provider
	if p == nil {
		return nil
	}
	_, err := tx.Exec(ctx, `INSERT INTO provider_info (user_id, business_name, business_description, business_category,
		business_hours, location, specializations, experience) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
		ON CONFLICT (user_id) DO UPDATE SET business_name=EXCLUDED.business_name,
		business_description=EXCLUDED.business_description, business_category=EXCLUDED.business_category,
		business_hours=EXCLUDED.business_hours, location=EXCLUDED.location,
		specializations=EXCLUDED.specializations, experience=EXCLUDED.experience`,
		u.ID, p.BusinessName, p.BusinessDescription, p.BusinessCategory, p.BusinessHours, p.Location, p.Specializations, p.Experience)
	return err
}

const selectUser = `SELECT u.id::text, u.email, u.password_hash, u.full_name, u.phone_number, u.address, u.date_of_birth,
	u.gender, u.role, u.created_at, u.updated_at, u.email_notifications, u.email_verified_at IS NOT NULL, u.pending_email, u.operator,
	p.business_name, p.business_description, p.business_category, p.business_hours, p.location, p.specializations, p.experience
	FROM users u LEFT JOIN provider_info p ON p.user_id = u.id `

func (s Users) ByEmail(ctx context.Context, email string) (auth.User, error) {
	return scanUser(s.Pool.QueryRow(ctx, selectUser+`WHERE lower(u.email) = lower($1)`, email))
}

func (s Users) ByID(ctx context.Context, id string) (auth.User, error) {
	if !postgres.IsUUID(id) {
		return auth.User{}, auth.ErrNotFound
	}
	return scanUser(s.Pool.QueryRow(ctx, selectUser+`WHERE u.id = $1`, id))
}

func scanUser(row pgx.Row) (auth.User, error) {
	var u auth.User
	var dob *time.Time
	var name, desc, cat, hours, loc *string
	var specs []string
	var exp *float64
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.FullName, &u.PhoneNumber, &u.Address, &dob,
		&u.Gender, &u.Role, &u.CreatedAt, &u.UpdatedAt, &u.EmailNotifications, &u.EmailVerified, &u.PendingEmail, &u.Operator, &name, &desc, &cat, &hours, &loc, &specs, &exp)
	if errors.Is(err, pgx.ErrNoRows) {
		return auth.User{}, auth.ErrNotFound
	}
	if err != nil {
		return auth.User{}, err
	}
	u.DateOfBirth = dob
	if name != nil {
		u.Provider = &auth.ProviderInfo{BusinessName: *name, BusinessDescription: *desc, BusinessCategory: *cat,
			BusinessHours: *hours, Location: *loc, Specializations: specs, Experience: *exp}
		if u.Provider.Specializations == nil {
			u.Provider.Specializations = []string{}
		}
	}
	return u, nil
}

// DeleteUser implements auth.Repository. The event carries the user id only:
// the outbox row holds nothing personal. The id is recorded as erased, so
// auth-svc refuses the account's access tokens from then on (erasure.Refuse),
// and kept in account_closings until booking-svc finishes (FinishClosing).
func (s Users) DeleteUser(ctx context.Context, userID, eventID string, now time.Time) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return deleteUser(ctx, tx, userID, eventID, now) })
}

// deleteUser is DeleteUser in tx (a takeover deletes the same way).
func deleteUser(ctx context.Context, tx pgx.Tx, userID, eventID string, now time.Time) error {
	tag, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1`, userID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return auth.ErrNotFound
	}
	if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE subject = $1`, userID); err != nil {
		return err
	}
	if err := erasure.Record(ctx, tx, userID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO account_closings (user_id, closing_since) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, userID, now); err != nil {
		return err
	}
	return queueMail(ctx, tx, auth.AccountMail{ID: eventID, Kind: auth.AccountClosing, UserID: userID, At: now})
}

// FinishClosing implements auth.Repository: the closing row and the
// account_deleted event go in one transaction, so the event is queued
// once however often booking-svc calls.
func (s Users) FinishClosing(ctx context.Context, userID, eventID string, now time.Time) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM account_closings WHERE user_id = $1`, userID)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		return queueMail(ctx, tx, auth.AccountMail{ID: eventID, Kind: auth.AccountDeleted, UserID: userID, At: now})
	})
}
