package booking

import (
	"context"
	"errors"
	"strings"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// A team member's own calendar feed (docs/product.md#calendar-export): the
// provider gets and resets a secret address for each member of their team,
// which lists that member's appointments only. A member has no account, so
// the feed is kept under a key of its own in the same table as the users'
// (memberFeedKey), with the provider's role: it reads as the provider's list
// filtered to the member.

// MsgMemberNotFound is catalog-svc's answer for a member not on the
// caller's team (docs/product.md#team-members).
const MsgMemberNotFound = "Team member not found"

// MsgStaffFeedReset answers a reset of a member's feed address.
const MsgStaffFeedReset = "The team member's calendar address was changed: the old one no longer works"

// MemberFeeds tells whose team a member is on (catalog-svc owns the teams).
type MemberFeeds interface {
	// OnTeam reports whether staffID is a member of providerID's team, not
	// removed.
	OnTeam(ctx context.Context, providerID, staffID string) (bool, error)
}

const memberFeedPrefix = "member:"

// memberFeedKey is the feed table's key of a member's feed; the provider's
// id in it lets the provider's erasure delete it (store/erase.go).
func memberFeedKey(providerID, staffID string) string {
	return memberFeedPrefix + providerID + ":" + staffID
}

// memberOfFeed reads a memberFeedKey back; ok is false for a user's feed.
func memberOfFeed(key string) (providerID, staffID string, ok bool) {
	rest, ok := strings.CutPrefix(key, memberFeedPrefix)
	if !ok {
		return "", "", false
	}
	return strings.Cut(rest, ":")
}

// StaffFeedPath is the feed address of the calling provider's member
// staffID, made on first use.
func (c Calendars) StaffFeedPath(ctx context.Context, caller Caller, staffID string) (string, error) {
	key, err := c.memberFeed(ctx, caller, staffID)
	if err != nil {
		return "", err
	}
	token, err := c.Feeds.FeedToken(ctx, key)
	if errors.Is(err, ErrNotFound) {
		return c.setFeed(ctx, key, identity.RoleProvider)
	}
	return feedPath(token), err
}

// ResetStaffFeed gives the member a new feed address.
func (c Calendars) ResetStaffFeed(ctx context.Context, caller Caller, staffID string) (string, error) {
	key, err := c.memberFeed(ctx, caller, staffID)
	if err != nil {
		return "", err
	}
	return c.setFeed(ctx, key, identity.RoleProvider)
}

// memberFeed checks the caller may have staffID's feed and names it.
func (c Calendars) memberFeed(ctx context.Context, caller Caller, staffID string) (string, error) {
	if caller.Role != identity.RoleProvider {
		return "", apperr.Forbidden(MsgProvidersOnly)
	}
	staffID = strings.TrimSpace(staffID)
	ok := staffID != "" && staffID == identity.OwnerMemberID(caller.UserID)
	if !ok && staffID != "" {
		var err error
		if ok, err = c.Members.OnTeam(ctx, caller.UserID, staffID); err != nil {
			return "", err
		}
	}
	if !ok {
		return "", apperr.NotFound(MsgMemberNotFound)
	}
	return memberFeedKey(caller.UserID, staffID), nil
}
