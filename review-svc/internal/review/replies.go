package review

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/validate"
)

// MaxReplyLength bounds a reply, in characters.
const MaxReplyLength = 1000

// Reply messages (docs/product.md "Replies and reports").
const (
	MsgReplyEmpty       = "Please write a reply"
	MsgReplyTooLong     = "A reply can be at most 1,000 characters"
	MsgReplyNotAllowed  = "A reply cannot contain control characters"
	MsgProvidersReply   = "Only service providers can reply to reviews"
	MsgReviewNotFound   = "Review not found"
	MsgReplyNotYours    = "You can only reply to reviews of your own services"
	MsgNoReply          = "This review has no reply"
	MsgReplySaved       = "Your reply is published"
	MsgReplyDeleted     = "Your reply is removed"
	DefaultBusinessName = "The business"
)

var replyField = validate.Field{Name: "Reply", Max: MaxReplyLength, Multiline: true}

// ValidateReply trims text and checks it: not empty, at most
// MaxReplyLength characters, only what a person can type.
func ValidateReply(text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", apperr.Invalid(MsgReplyEmpty)
	case utf8.RuneCountInString(text) > MaxReplyLength:
		return "", apperr.Invalid(MsgReplyTooLong)
	case !replyField.Printable(text):
		return "", apperr.Invalid(MsgReplyNotAllowed)
	}
	return text, nil
}

// ownReview returns the visible review id of a service of the calling
// provider: 403 for a customer or another provider's review, 404 for none.
func (s *service) ownReview(ctx context.Context, c Caller, id string) (Review, error) {
	if c.Role != identity.RoleProvider {
		return Review{}, apperr.Forbidden(MsgProvidersReply)
	}
	r, err := s.repo.Visible(ctx, strings.TrimSpace(id))
	if errors.Is(err, ErrNotFound) {
		return Review{}, apperr.NotFound(MsgReviewNotFound)
	}
	if err != nil {
		return Review{}, err
	}
	if r.ProviderID != c.UserID {
		return Review{}, apperr.Forbidden(MsgReplyNotYours)
	}
	return r, nil
}

func (s *service) PutReply(ctx context.Context, c Caller, id, text string) (Review, error) {
	text, err := ValidateReply(text)
	if err != nil {
		return Review{}, err
	}
	r, err := s.ownReview(ctx, c, id)
	if err != nil {
		return Review{}, err
	}
	now := s.now().UTC()
	// The author is told of a new reply or a changed one, not of the same
	// text sent again (a retried request).
	announce := r.Reply == nil || r.Reply.Text != text
	if r.Reply == nil {
		name, err := s.repo.BusinessName(ctx, r.ProviderID)
		if err != nil {
			return Review{}, err
		}
		r.Reply = &Reply{BusinessName: orDefault(name, DefaultBusinessName), CreatedAt: now}
	}
	if announce {
		r.Reply.Text, r.Reply.UpdatedAt = text, now
	}
	if err := s.repo.SetReply(ctx, r, announce, s.newID()); err != nil {
		return Review{}, err
	}
	return r, nil
}

func (s *service) DeleteReply(ctx context.Context, c Caller, id string) (Review, error) {
	r, err := s.ownReview(ctx, c, id)
	if err != nil {
		return Review{}, err
	}
	if r.Reply == nil {
		return Review{}, apperr.NotFound(MsgNoReply)
	}
	if err := s.repo.DeleteReply(ctx, r.ID); err != nil {
		return Review{}, err
	}
	r.Reply = nil
	return r, nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
