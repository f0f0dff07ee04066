package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/inbox"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Feeds implements booking.FeedStore.
type Feeds struct{ Pool *pgxpool.Pool }

func (f Feeds) FeedToken(ctx context.Context, userID string) (string, error) {
	var token string
	err := f.Pool.QueryRow(ctx, `SELECT token FROM calendar_feeds WHERE user_id = $1`, userID).Scan(&token)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", booking.ErrNotFound
	}
	return token, err
}

func (f Feeds) SetFeedToken(ctx context.Context, userID, role, token string, at time.Time) error {
	_, err := f.Pool.Exec(ctx, `INSERT INTO calendar_feeds (user_id, role, token, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, token = EXCLUDED.token, created_at = EXCLUDED.created_at`,
		userID, role, token, at)
	return err
}

func (f Feeds) FeedOwner(ctx context.Context, token string) (booking.Caller, error) {
	var c booking.Caller
	err := f.Pool.QueryRow(ctx, `SELECT user_id, role FROM calendar_feeds WHERE token = $1`, token).Scan(&c.UserID, &c.Role)
	if errors.Is(err, pgx.ErrNoRows) {
		return booking.Caller{}, booking.ErrNotFound
	}
	return c, err
}

// DeleteFeed implements booking.MemberFeedRevoker.
func (f Feeds) DeleteFeed(ctx context.Context, key string) error {
	_, err := f.Pool.Exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = $1`, key)
	return err
}

// feedsConsumer is the inbox name of the feed revocation.
const feedsConsumer = "booking-svc/feeds"

// RevokeFeeds implements events.FeedRevoker: the inbox row and the
// deletion commit together, so a redelivered event (or a replay after the
// owner made a new address) deletes nothing more. Member feeds are keyed
// by their provider's id (booking.memberFeedKey), as erase.go deletes them.
func (f Feeds) RevokeFeeds(ctx context.Context, eventID, userID string, at time.Time) error {
	return pgx.BeginFunc(ctx, f.Pool, func(tx pgx.Tx) error {
		first, err := inbox.FirstTime(ctx, tx, feedsConsumer, eventID)
		if err != nil || !first {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM calendar_feeds
			WHERE (user_id = $1 OR user_id LIKE 'member:' || $1 || ':%') AND created_at <= $2`, userID, at)
		return err
	})
}
