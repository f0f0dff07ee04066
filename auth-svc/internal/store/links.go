package store

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// IssueLink implements auth.Links.
func (s Users) IssueLink(ctx context.Context, nl auth.NewLink) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return issueLink(ctx, tx, nl) })
}

func issueLink(ctx context.Context, tx pgx.Tx, nl auth.NewLink) error {
	l := nl.Link
	if nl.Pace != nil {
		// The account's row, then the address's lock: simultaneous asks for
		// one account or one address are judged one after the other, each
		// seeing the links before it (the pace is per account and per
		// address, whichever accounts ask).
		if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, l.UserID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('link-address:' || $1, 0))`, l.Email); err != nil {
			return err
		}
		h, err := linkHistory(ctx, tx, l.UserID, l.Email, l.CreatedAt.Add(-auth.AddressWindow))
		if err != nil {
			return err
		}
		if err := nl.Pace(h); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE account_links SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
		l.UserID, l.Purpose, l.CreatedAt); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO account_links (hash, user_id, purpose, email, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, l.Hash, l.UserID, l.Purpose, l.Email, l.CreatedAt, l.ExpiresAt); err != nil {
		return err
	}
	return queueMail(ctx, tx, nl.Mail)
}

// queueMail writes m to the outbox: notification-svc mails it.
func queueMail(ctx context.Context, tx pgx.Tx, m auth.AccountMail) error {
	ev := &eventsv1.AccountEvent{EventId: m.ID, Type: m.Kind, OccurredAt: timestamppb.New(m.At), UserId: m.UserID,
		Email: m.To, FullName: m.Name, Token: m.Token, NewEmail: m.NewEmail}
	if !m.ExpiresAt.IsZero() {
		ev.ExpiresAt = timestamppb.New(m.ExpiresAt)
	}
	return outbox.Write(ctx, tx, topics.Accounts, m.UserID, ev)
}

// LatestLink implements auth.Links.
func (s Users) LatestLink(ctx context.Context, userID, purpose string) (time.Time, error) {
	var at *time.Time
	err := s.Pool.QueryRow(ctx, `SELECT max(created_at) FROM account_links WHERE user_id = $1 AND purpose = $2`,
		userID, purpose).Scan(&at)
	if err != nil || at == nil {
		return time.Time{}, err
	}
	return *at, nil
}

// LinkHistory implements auth.Links.
func (s Users) LinkHistory(ctx context.Context, userID, address string, since time.Time) (auth.LinkHistory, error) {
	return linkHistory(ctx, s.Pool, userID, address, since)
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// linkHistory reads the account's newest verification link and the newest
// ones to address (account_links_address, migration 007).
func linkHistory(ctx context.Context, db querier, userID, address string, since time.Time) (auth.LinkHistory, error) {
	rows, err := db.Query(ctx, `(SELECT created_at, true FROM account_links WHERE user_id = $1 AND purpose = 'verify'
			ORDER BY created_at DESC LIMIT 1)
		UNION ALL
		(SELECT created_at, false FROM account_links WHERE email = $2 AND purpose = 'verify' AND created_at > $3
			ORDER BY created_at DESC LIMIT $4)`, userID, address, since, auth.MaxLinksPerAddress)
	if err != nil {
		return auth.LinkHistory{}, err
	}
	var h auth.LinkHistory
	var at time.Time
	var own bool
	_, err = pgx.ForEachRow(rows, []any{&at, &own}, func() error {
		if own {
			h.Latest = at
		} else {
			h.ToAddress = append(h.ToAddress, at)
		}
		return nil
	})
	// Newest first, as PaceLink reads them (a union keeps no order).
	slices.SortFunc(h.ToAddress, func(a, b time.Time) int { return b.Compare(a) })
	return h, err
}

// UseLink implements auth.Links: the account's row is locked first (as
// every change of it through a link is), then the link, so two openings of
// one link are serialised and the second sees the first's use.
func (s Users) UseLink(ctx context.Context, hash []byte, purpose string, now time.Time, step func(auth.Link, auth.User) (auth.LinkStep, error)) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var userID string
		err := tx.QueryRow(ctx, `SELECT user_id::text FROM account_links WHERE hash = $1 AND purpose = $2`, hash, purpose).Scan(&userID)
		if errors.Is(err, pgx.ErrNoRows) {
			return auth.ErrNotFound
		}
		if err != nil {
			return err
		}
		u, err := scanUser(tx.QueryRow(ctx, selectUser+`WHERE u.id = $1 FOR UPDATE OF u`, userID))
		if err != nil {
			return err
		}
		var l auth.Link
		if err := tx.QueryRow(ctx, `SELECT hash, user_id::text, purpose, email, created_at, expires_at, used_at
			FROM account_links WHERE hash = $1`, hash).
			Scan(&l.Hash, &l.UserID, &l.Purpose, &l.Email, &l.CreatedAt, &l.ExpiresAt, &l.UsedAt); err != nil {
			return err
		}
		st, err := step(l, u)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE account_links SET used_at = $2 WHERE hash = $1`, hash, now); err != nil {
			return err
		}
		if st.Email != "" {
			if _, err := tx.Exec(ctx, `UPDATE users SET email = $2, email_verified_at = coalesce(email_verified_at, $3),
				pending_email = CASE WHEN pending_email = $2 THEN '' ELSE pending_email END, updated_at = $3 WHERE id = $1`,
				u.ID, st.Email, now); err != nil {
				return err
			}
			if st.Email != u.Email {
				// A new address is proved now, whatever the old one was.
				if _, err := tx.Exec(ctx, `UPDATE users SET email_verified_at = $2 WHERE id = $1`, u.ID, now); err != nil {
					return err
				}
			}
		}
		if st.PasswordHash != "" {
			if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, u.ID, st.PasswordHash, now); err != nil {
				return err
			}
			// The owner proved the address: the locks guessers caused end.
			if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE subject = $1`, u.ID); err != nil {
				return err
			}
		}
		if st.EndSessions {
			if _, err := endSessions(ctx, tx, u.ID, "", now); err != nil {
				return err
			}
		}
		for _, m := range st.Mails {
			if err := queueMail(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if isUniqueViolation(err) {
		return auth.ErrEmailTaken
	}
	return err
}
