package integration

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// A calendar feed address is a capability: it dies with the right that
// made it (docs/product.md#calendar-export, issue 50 finding 9).

const (
	msgFeedGone      = "This calendar address is no longer valid: copy the current one from your Calendar page"
	msgFeedChanged   = "Your calendar address was changed too: copy the new one from your Calendar page."
	msgTeamFeedsGone = "Your calendar address and your team members' were changed too: copy the new ones from your Calendar and Team pages."
)

// feedEnds waits until the feed at path answers 404 (the revocation goes
// through an event).
func feedEnds(t *testing.T, st *stacktest.Stack, path string) {
	t.Helper()
	stacktest.Eventually(t, 15*time.Second, "the feed "+path+" to end", func() bool {
		return st.Get(t, path, "").Status == http.StatusNotFound
	})
	st.Get(t, path, "").ExpectError(t, http.StatusNotFound, msgFeedGone)
}

// TestMemberFeedEndsWithTheMember: a member has one feed whatever the
// spelling of their id, so "Get a new address" ends every copy; removing
// the member ends their feed at once, customers' names and all.
func TestMemberFeedEndsWithTheMember(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	cut := bkService(t, st, p, "Haircut", "09:00", "10:00")
	ann := addMember(t, st, p, "Ann", cut)
	id := bookAs(t, st, c, cut, clk.day(1), "09:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	// Cancelled, so removing Ann asks for no reassignment; the feed still
	// lists it with the customer's name.
	bkCustomerStatus(t, st, c, id, "cancelled").ExpectStatus(t, http.StatusOK)
	feedOf := func(staffID string) string {
		t.Helper()
		return st.Get(t, "/providers/me/staff/"+staffID+"/calendar-feed", p.Token).ExpectStatus(t, http.StatusOK).String("path")
	}

	path := feedOf(ann)
	if upper := feedOf(strings.ToUpper(ann)); upper != path {
		t.Fatalf("the upper-case id has a feed of its own: %q besides %q", upper, path)
	}
	fresh := st.Post(t, "/providers/me/staff/"+strings.ToUpper(ann)+"/calendar-feed/reset", p.Token, map[string]any{}).
		ExpectStatus(t, http.StatusOK).String("path")
	st.Get(t, path, "").ExpectError(t, http.StatusNotFound, msgFeedGone)
	if again := feedOf(ann); again != fresh {
		t.Fatalf("after a reset by the upper-case id, Ann's feed is %q, want %q", again, fresh)
	}
	if n := len(parseICS(t, st.Get(t, fresh, "")).Events()); n != 1 {
		t.Fatalf("Ann's feed has %d events, want her one appointment", n)
	}

	st.Delete(t, "/providers/me/staff/"+ann, p.Token).ExpectStatus(t, http.StatusOK)
	st.Get(t, fresh, "").ExpectError(t, http.StatusNotFound, msgFeedGone)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	token := strings.TrimSuffix(strings.TrimPrefix(fresh, "/calendar/"), ".ics")
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM booking.calendar_feeds WHERE token = $1`, token).Scan(&n); err != nil || n != 0 {
		t.Fatalf("the removed member's feed is kept: %d rows (%v)", n, err)
	}
}

// TestFeedAddressesEndWithTheSessions: whatever ends every session of an
// account (a password change or reset, an email change, sign-out
// everywhere) ends its calendar feed address too, and a provider's team
// members' addresses; the confirmation says so, and the Calendar page then
// hands out a new address that works.
func TestFeedAddressesEndWithTheSessions(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	feed := func(t *testing.T, token string) string {
		t.Helper()
		path := st.Get(t, "/calendar/feed", token).ExpectStatus(t, http.StatusOK).String("path")
		st.Get(t, path, "").ExpectStatus(t, http.StatusOK)
		return path
	}
	says := func(t *testing.T, r *stacktest.Response, want string) {
		t.Helper()
		if msg := r.ExpectStatus(t, http.StatusOK).String("message"); !strings.HasSuffix(msg, " "+want) {
			t.Fatalf("message %q does not end with %q", msg, want)
		}
	}
	// renewed checks the old address ended and a new one works.
	renewed := func(t *testing.T, old, token string) {
		t.Helper()
		feedEnds(t, st, old)
		if fresh := feed(t, token); fresh == old {
			t.Fatal("the Calendar page hands out the ended address")
		}
	}

	t.Run("password change", func(t *testing.T) {
		u := st.NewUser(t, "customer")
		old := feed(t, u.Token)
		says(t, st.Put(t, "/auth/password", u.Token, map[string]any{"currentPassword": u.Password, "newPassword": "fresh-pass-1"}), msgFeedChanged)
		renewed(t, old, u.Token)
	})
	t.Run("password reset", func(t *testing.T) {
		u := st.NewUser(t, "customer")
		old := feed(t, u.Token)
		st.Post(t, "/auth/password/forgot", "", map[string]any{"email": u.Email}).ExpectStatus(t, http.StatusOK)
		token := tokenOf(t, awaitMail(t, mails, u.Email, "Reset your Slotwise password", 1), "reset-password")
		says(t, st.Post(t, "/auth/password/reset", "", map[string]any{"token": token, "newPassword": "fresh-pass-1"}), msgFeedChanged)
		renewed(t, old, st.Login(t, u.Email, "fresh-pass-1", "customer").Token)
	})
	t.Run("email change", func(t *testing.T) {
		u := st.NewUser(t, "customer")
		old := feed(t, u.Token)
		moved := untrustedEmail("moved")
		st.Put(t, "/auth/profile", u.Token, map[string]any{"email": moved, "currentPassword": u.Password}).ExpectStatus(t, http.StatusOK)
		token := tokenOf(t, awaitMail(t, mails, moved, "Confirm your new email address", 1), "verify-email")
		says(t, st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}), msgFeedChanged)
		renewed(t, old, st.Login(t, moved, u.Password, "customer").Token)
	})
	t.Run("sign out everywhere", func(t *testing.T) {
		u := st.NewUser(t, "customer")
		old := feed(t, u.Token)
		says(t, st.Post(t, "/auth/logout-all", u.Token, map[string]any{}), msgFeedChanged)
		renewed(t, old, st.Login(t, u.Email, u.Password, "customer").Token)
	})
	t.Run("a provider's team", func(t *testing.T) {
		p, other := st.NewUser(t, "provider"), st.NewUser(t, "provider")
		cut := bkService(t, st, p, "Haircut", "09:00", "10:00")
		ann := addMember(t, st, p, "Ann", cut)
		otherAnn := addMember(t, st, other, "Ann", bkService(t, st, other, "Shave", "09:00"))
		memberFeed := func(u stacktest.User, staffID string) string {
			return st.Get(t, "/providers/me/staff/"+staffID+"/calendar-feed", u.Token).ExpectStatus(t, http.StatusOK).String("path")
		}
		own, team, untouched := feed(t, p.Token), memberFeed(p, ann), memberFeed(other, otherAnn)
		says(t, st.Post(t, "/auth/logout-all", p.Token, map[string]any{}), msgTeamFeedsGone)
		feedEnds(t, st, own)
		feedEnds(t, st, team)
		st.Get(t, untouched, "").ExpectStatus(t, http.StatusOK) // another provider's team keeps theirs
		if fresh := memberFeed(p, ann); fresh == team {
			t.Fatal("the Team page hands out the ended member address")
		}
	})
}
