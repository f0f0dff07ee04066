package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// pacedLink is a verification link for u to address at, judged by
// auth.PaceLink as the domain's are.
func pacedLink(u auth.User, address string, at time.Time) auth.NewLink {
	l := auth.Link{Hash: auth.HashRefreshToken(uuid.NewString()), UserID: u.ID, Purpose: auth.PurposeVerify, Email: address,
		CreatedAt: at, ExpiresAt: at.Add(auth.VerifyLinkTTL)}
	return auth.NewLink{Link: l, Mail: auth.AccountMail{ID: uuid.NewString(), Kind: auth.MailVerifyEmail, UserID: u.ID, To: address, At: at},
		Pace: func(h auth.LinkHistory) error { return auth.PaceLink(h, at) }}
}

// issueAtOnce stores links, each on its own connection at the same moment,
// and counts those stored; every other must be the pace's 429.
func issueAtOnce(t *testing.T, s Users, links []auth.NewLink) int {
	t.Helper()
	start := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	stored := 0
	for _, nl := range links {
		wg.Go(func() {
			<-start
			err := s.IssueLink(context.Background(), nl)
			var ae *apperr.Error
			switch {
			case err == nil:
				mu.Lock()
				stored++
				mu.Unlock()
			case !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited:
				t.Errorf("a paced link: %v, want the pace's 429", err)
			}
		})
	}
	close(start)
	wg.Wait()
	return stored
}

// TestLinkPaceHoldsUnderConcurrency (issue 50, finding 7): the pace of
// verification links is judged where they are stored, under the account's
// and the address's locks, so links asked for at the same moment are paced
// as if asked one after the other: one account gets one (to any address), and an address
// with four links today gets one more whichever accounts ask.
func TestLinkPaceHoldsUnderConcurrency(t *testing.T) {
	const callers = 6
	s := openStore(t, callers)
	at := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	u := newAccount(t, s, "asha@example.com", at)
	var links []auth.NewLink
	for i := range callers { // each to another address: the account's lock paces them
		links = append(links, pacedLink(u, fmt.Sprintf("target%d@mail.test", i), at))
	}
	if n := issueAtOnce(t, s, links); n != 1 {
		t.Fatalf("one account stored %d links at once, want 1", n)
	}

	address := "crowded@mail.test"
	for i := range auth.MaxLinksPerAddress - 1 {
		at := at.Add(time.Duration(i) * time.Minute)
		if err := s.IssueLink(context.Background(), pacedLink(newAccount(t, s, fmt.Sprintf("early%d@example.com", i), at), address, at)); err != nil {
			t.Fatal(err)
		}
	}
	links = nil
	for i := range callers {
		links = append(links, pacedLink(newAccount(t, s, fmt.Sprintf("late%d@example.com", i), at), address, at.Add(time.Hour)))
	}
	if n := issueAtOnce(t, s, links); n != 1 {
		t.Fatalf("an address with %d links today got %d more at once, want 1", auth.MaxLinksPerAddress-1, n)
	}
}
