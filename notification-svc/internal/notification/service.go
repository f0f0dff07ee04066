package notification

import (
	"context"
	"errors"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Messages of refusals.
const (
	MsgNotFound     = "Notification not found"
	MsgInvalidPage  = "page must be 1 or more"
	MsgInvalidLimit = "limit must be between 1 and 100"
)

// Service is what a recipient does with their notifications.
type Service interface {
	// List is the caller's notifications, newest first; page counts from 1,
	// 0 means the first; limit 0 means DefaultLimit.
	List(ctx context.Context, c Caller, page, limit int) (Page, error)
	// MarkRead marks one of the caller's notifications read; anyone else's
	// is not found. It returns the notification and the unread count after.
	MarkRead(ctx context.Context, c Caller, id string) (Notification, int, error)
	// MarkAllRead marks every notification of the caller read.
	MarkAllRead(ctx context.Context, c Caller) (marked, unread int, err error)
}

type service struct{ repo Repository }

// NewService returns the recipient's side of the domain.
func NewService(repo Repository) Service { return service{repo: repo} }

func (s service) List(ctx context.Context, c Caller, page, limit int) (Page, error) {
	switch {
	case page < 0:
		return Page{}, apperr.Invalid(MsgInvalidPage)
	case page == 0:
		page = 1
	}
	switch {
	case limit < 0 || limit > MaxLimit:
		return Page{}, apperr.Invalid(MsgInvalidLimit)
	case limit == 0:
		limit = DefaultLimit
	}
	p, err := s.repo.List(ctx, c.UserID, (page-1)*limit, limit)
	p.Page, p.Limit = page, limit
	return p, err
}

func (s service) MarkRead(ctx context.Context, c Caller, id string) (Notification, int, error) {
	n, unread, err := s.repo.MarkRead(ctx, c.UserID, id)
	if errors.Is(err, ErrNotFound) {
		return Notification{}, 0, apperr.NotFound(MsgNotFound)
	}
	return n, unread, err
}

func (s service) MarkAllRead(ctx context.Context, c Caller) (int, int, error) {
	return s.repo.MarkAllRead(ctx, c.UserID)
}
