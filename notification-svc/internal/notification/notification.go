// Package notification is the notification domain: who is told what when an
// appointment or a review changes (kinds.go), the reminders before an
// appointment (reminders.go), and a recipient's list. It imports no
// transport and no driver; the store, the event consumers and the transport
// implement and call it.
package notification

import (
	"context"
	"errors"
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

// Caller is the verified user making a request.
type Caller = identity.Caller

// Notification is one message to one recipient.
type Notification struct {
	ID            string
	RecipientID   string
	Kind          string
	Text          string
	AppointmentID string
	Unread        bool
	CreatedAt     time.Time
	// ToEmail and ToName address a team member's mail (they have no
	// account to look up); empty for every account's notification.
	ToEmail, ToName string
}

// Draft is a notification to create: one recipient, one kind.
type Draft struct {
	RecipientID   string
	Kind          string
	Text          string
	AppointmentID string
	// ToEmail and ToName: a team member's address (Notification).
	ToEmail, ToName string
}

// Page is one page of a recipient's notifications, newest first.
type Page struct {
	Notifications []Notification
	Unread        int
	Total         int
	Page, Limit   int
}

// Paging defaults and bound.
const (
	DefaultLimit = 20
	MaxLimit     = 100
)

// Repository reads and marks a recipient's notifications. Every method is
// scoped to the recipient: another user's notification is ErrNotFound.
type Repository interface {
	List(ctx context.Context, recipientID string, offset, limit int) (Page, error)
	MarkRead(ctx context.Context, recipientID, id string) (Notification, int, error)
	MarkAllRead(ctx context.Context, recipientID string) (marked, unread int, err error)
}

// ErrNotFound is a notification that does not exist or is someone else's.
var ErrNotFound = errors.New("notification not found")
