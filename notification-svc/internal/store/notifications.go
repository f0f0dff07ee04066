package store

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/postgres"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Notifications implements notification.Repository: a recipient's list and
// marks. Every statement is scoped to the recipient, so someone else's
// notification is not found rather than forbidden (its existence is not
// revealed).
type Notifications struct{ Pool *pgxpool.Pool }

const selectNotification = `SELECT id::text, recipient_id, kind, text, appointment_id, read_at IS NULL, created_at FROM notifications `

func scanNotification(row pgx.Row) (notification.Notification, error) {
	var n notification.Notification
	err := row.Scan(&n.ID, &n.RecipientID, &n.Kind, &n.Text, &n.AppointmentID, &n.Unread, &n.CreatedAt)
	return n, err
}

// listed leaves out the kinds that are only mailed (notification.MailOnly):
// they are stored read, so unread counts never include them.
var listed = `kind NOT IN ('` + strings.Join(notification.MailOnlyKinds, `', '`) + `')`

func (s Notifications) List(ctx context.Context, recipientID string, offset, limit int) (notification.Page, error) {
	p := notification.Page{Notifications: []notification.Notification{}}
	err := s.Pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE read_at IS NULL) FROM notifications
		WHERE recipient_id = $1 AND `+listed, recipientID).Scan(&p.Total, &p.Unread)
	if err != nil || p.Total <= offset {
		return p, err
	}
	rows, err := s.Pool.Query(ctx, selectNotification+`WHERE recipient_id = $1 AND `+listed+`
		ORDER BY created_at DESC, seq DESC OFFSET $2 LIMIT $3`, recipientID, offset, limit)
	if err != nil {
		return p, err
	}
	p.Notifications, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (notification.Notification, error) {
		return scanNotification(row)
	})
	return p, err
}

func (s Notifications) MarkRead(ctx context.Context, recipientID, id string) (notification.Notification, int, error) {
	if !postgres.IsUUID(id) {
		return notification.Notification{}, 0, notification.ErrNotFound
	}
	n, err := scanNotification(s.Pool.QueryRow(ctx, `UPDATE notifications SET read_at = COALESCE(read_at, now())
		WHERE id = $1 AND recipient_id = $2
		RETURNING id::text, recipient_id, kind, text, appointment_id, read_at IS NULL, created_at`, id, recipientID))
	if errors.Is(err, pgx.ErrNoRows) {
		return notification.Notification{}, 0, notification.ErrNotFound
	}
	if err != nil {
		return notification.Notification{}, 0, err
	}
	unread, err := s.unread(ctx, recipientID)
	return n, unread, err
}

func (s Notifications) MarkAllRead(ctx context.Context, recipientID string) (int, int, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE notifications SET read_at = now() WHERE recipient_id = $1 AND read_at IS NULL`, recipientID)
	if err != nil {
		return 0, 0, err
	}
	unread, err := s.unread(ctx, recipientID)
	return int(tag.RowsAffected()), unread, err
}

// unread counts what is still unread: what arrived after a mark included.
func (s Notifications) unread(ctx context.Context, recipientID string) (int, error) {
	var n int
	err := s.Pool.QueryRow(ctx, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND read_at IS NULL`, recipientID).Scan(&n)
	return n, err
}
