package booking

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// A team member's own calendar feed (docs/product.md#calendar-export): the
// provider gets and resets a secret address for each member of their team,
// which lists that member's appointments only. A member has no account, so
// the feed is kept under a key of its own in the same table as the users'
// (memberFeedKey), with the provider's role: it reads as the provider's list
// filtered to the member.
//
// The address is the provider's right over the member, and dies with it
// (docs/product.md#calendar-export): a member id is taken in its one
// canonical spelling, so a member has one feed, and each read of the feed
// asks catalog-svc whether the member is still on the team; a removed
// member's feed answers 404 and is deleted.

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

// MemberFeedRevoker deletes the feed of a member no longer on the team.
type MemberFeedRevoker interface {
	// DeleteFeed deletes the feed kept under key, if any.
	DeleteFeed(ctx context.Context, key string) error
}

// canonicalMember is staffID's one spelling (a UUID in lower case, as
// catalog-svc writes member ids); ok is false for anything that is not a
// UUID. PostgreSQL reads "ABC…" and "abc…" as one uuid, so without this
// one member could have as many feeds as spellings.
func canonicalMember(staffID string) (string, bool) {
	staffID = strings.TrimSpace(staffID)
	if len(staffID) != 36 { // uuid.Parse also takes braces, urn: and no hyphens
		return "", false
	}
	id, err := uuid.Parse(staffID)
	if err != nil {
		return "", false
	}
	return id.String(), true
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
	staffID, ok := canonicalMember(staffID)
	if ok {
		var err error
		if ok, err = c.onTeam(ctx, caller.UserID, staffID); err != nil {
			return "", err
		}
	}
	if !ok {
		return "", apperr.NotFound(MsgMemberNotFound)
	}
	return memberFeedKey(caller.UserID, staffID), nil
}

// onTeam is whether the member staffID (canonical) is on providerID's
// team: the owner always is, another member by catalog-svc's word.
func (c Calendars) onTeam(ctx context.Context, providerID, staffID string) (bool, error) {
	if staffID == identity.OwnerMemberID(providerID) {
		return true, nil
	}
	return c.Members.OnTeam(ctx, providerID, staffID)
}

// memberFeedLive reports whether the member feed kept under key may still
// be served: its id is in the canonical spelling and the member is still
// on the provider's team (the owner always is). A feed that may not is
// deleted, so its address is gone for good.
func (c Calendars) memberFeedLive(ctx context.Context, key, providerID, staffID string) (bool, error) {
	canonical, ok := canonicalMember(staffID)
	if ok = ok && canonical == staffID; ok {
		var err error
		if ok, err = c.onTeam(ctx, providerID, staffID); err != nil {
			return false, err
		}
	}
	if !ok && c.Revoker != nil {
		if err := c.Revoker.DeleteFeed(ctx, key); err != nil {
			return false, err
		}
	}
	return ok, nil
}
