package booking

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// Calendars exports appointments to people's own calendars
// (docs/product.md#calendar-export): one appointment as a file, and every
// appointment of a user at a secret feed address that needs no token.
type Calendars struct {
	Appointments Service
	Feeds        FeedStore
	Catalog      Catalog
	// Members tells whose team a member is on (their own feeds, staff_feeds.go).
	Members MemberFeeds
	// Revoker deletes a removed member's feed when it is next read.
	Revoker MemberFeedRevoker
	// NewToken makes an unguessable feed token (FeedTokenLen characters of
	// the URL-safe base64 alphabet).
	NewToken func() string
	Now      func() time.Time
}

// FeedStore keeps one feed token per user.
type FeedStore interface {
	// FeedToken is the user's token; ErrNotFound when they have none.
	FeedToken(ctx context.Context, userID string) (string, error)
	// SetFeedToken replaces the user's token (the old one stops at once).
	SetFeedToken(ctx context.Context, userID, role, token string, at time.Time) error
	// FeedOwner is who a token belongs to; ErrNotFound for none.
	FeedOwner(ctx context.Context, token string) (Caller, error)
}

// FeedTokenLen is the length of a feed token: 32 random bytes in base64url.
const FeedTokenLen = 43

// Messages of the calendar calls.
const (
	MsgFeedNotFound = "This calendar address is no longer valid: copy the current one from your Calendar page"
	MsgFeedReset    = "Your calendar address was changed: the old one no longer works"
)

// Export is what a calendar file holds: whose point of view, the
// appointments, and each service's length in minutes where known.
type Export struct {
	Role         string
	Appointments []Appointment
	Durations    map[string]int
}

// Appointment is one appointment the caller may see, as a file.
func (c Calendars) Appointment(ctx context.Context, caller Caller, id string) (Export, error) {
	a, err := c.Appointments.Get(ctx, caller, id)
	if err != nil {
		return Export{}, err
	}
	return c.export(ctx, caller.Role, []Appointment{a}), nil
}

// FeedPath is the caller's feed address on the API, made on first use.
func (c Calendars) FeedPath(ctx context.Context, caller Caller) (string, error) {
	token, err := c.Feeds.FeedToken(ctx, caller.UserID)
	if errors.Is(err, ErrNotFound) {
		return c.ResetFeed(ctx, caller)
	}
	return feedPath(token), err
}

// ResetFeed gives the caller a new feed address.
func (c Calendars) ResetFeed(ctx context.Context, caller Caller) (string, error) {
	return c.setFeed(ctx, caller.UserID, caller.Role)
}

// setFeed gives the feed of key a new token.
func (c Calendars) setFeed(ctx context.Context, key, role string) (string, error) {
	token := c.NewToken()
	if err := c.Feeds.SetFeedToken(ctx, key, role, token, c.Now().UTC()); err != nil {
		return "", err
	}
	return feedPath(token), nil
}

func feedPath(token string) string { return "/calendar/" + token + ".ics" }

// Feed is every appointment of the feed's owner; file is "<token>.ics".
// An unknown or replaced token is 404, whatever its shape.
func (c Calendars) Feed(ctx context.Context, file string) (Export, error) {
	token, ok := strings.CutSuffix(file, ".ics")
	if !ok || len(token) != FeedTokenLen {
		return Export{}, apperr.NotFound(MsgFeedNotFound)
	}
	owner, err := c.Feeds.FeedOwner(ctx, token)
	if errors.Is(err, ErrNotFound) {
		return Export{}, apperr.NotFound(MsgFeedNotFound)
	}
	if err != nil {
		return Export{}, err
	}
	var list []Appointment
	if providerID, staffID, member := memberOfFeed(owner.UserID); member {
		var live bool
		if live, err = c.memberFeedLive(ctx, owner.UserID, providerID, staffID); err != nil {
			return Export{}, err
		}
		if !live {
			return Export{}, apperr.NotFound(MsgFeedNotFound)
		}
		list, err = c.Appointments.ListForProvider(ctx, Caller{UserID: providerID, Role: identity.RoleProvider}, staffID)
	} else if owner.Role == identity.RoleProvider {
		list, err = c.Appointments.ListForProvider(ctx, owner, "")
	} else {
		list, err = c.Appointments.ListMine(ctx, owner)
	}
	if err != nil {
		return Export{}, err
	}
	return c.export(ctx, owner.Role, list), nil
}

// export looks up each service's length once per export; a
// service gone or unreachable leaves its events without an end.
func (c Calendars) export(ctx context.Context, role string, list []Appointment) Export {
	d := map[string]int{}
	for _, a := range list {
		if _, seen := d[a.ServiceID]; seen {
			continue
		}
		d[a.ServiceID] = 0
		if svc, err := c.Catalog.Service(ctx, a.ServiceID); err == nil {
			d[a.ServiceID] = svc.Duration
		}
	}
	return Export{Role: role, Appointments: list, Durations: d}
}
