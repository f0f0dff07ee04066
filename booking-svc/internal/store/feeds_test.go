package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// RevokeFeeds ends the account's feed and its members' made up to the
// event, once: a feed made after it (the owner's new one) and another
// account's stay, and the event delivered again deletes nothing more.
func TestRevokeFeedsOnceAndOnlyWhatCameBefore(t *testing.T) {
	_, pool := newStore(t)
	f := Feeds{Pool: pool}
	ctx := context.Background()
	at := time.Date(2026, 12, 6, 5, 0, 0, 0, time.UTC)
	set := func(key, token string, when time.Time) {
		t.Helper()
		if err := f.SetFeedToken(ctx, key, "provider", token, when); err != nil {
			t.Fatal(err)
		}
	}
	live := func(token string) bool {
		t.Helper()
		_, err := f.FeedOwner(ctx, token)
		if err != nil && !errors.Is(err, booking.ErrNotFound) {
			t.Fatal(err)
		}
		return err == nil
	}
	set("p1", "own-old", at.Add(-time.Hour))
	set("member:p1:m1", "member-old", at)
	set("p12", "prefix-sibling", at.Add(-time.Hour)) // p1's id is its prefix
	set("member:p12:m1", "sibling-member", at.Add(-time.Hour))
	if err := f.RevokeFeeds(ctx, "ev-1", "p1", at); err != nil {
		t.Fatal(err)
	}
	for token, want := range map[string]bool{"own-old": false, "member-old": false, "prefix-sibling": true, "sibling-member": true} {
		if got := live(token); got != want {
			t.Errorf("%s live %v, want %v", token, got, want)
		}
	}
	set("p1", "own-new", at.Add(time.Second))
	if err := f.RevokeFeeds(ctx, "ev-1", "p1", at.Add(time.Minute)); err != nil { // redelivered
		t.Fatal(err)
	}
	if !live("own-new") {
		t.Error("a redelivered event ended the new address")
	}
	if err := f.RevokeFeeds(ctx, "ev-0", "p1", at.Add(-time.Minute)); err != nil { // an older event, late
		t.Fatal(err)
	}
	if !live("own-new") {
		t.Error("a late older event ended the new address")
	}
}
