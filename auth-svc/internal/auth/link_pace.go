package auth

import (
	"context"
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Link pace (issue 50): a verification link asked for again ("Resend",
// an email change) is mailed at most once a LinkInterval per account and
// MaxLinksPerAddress times an AddressWindow per address, whichever
// accounts ask. Without it any signed-in account mailed "Confirm your new
// email address", in its own name, to any address as often as it liked
// (168 in 15 s). The pace is judged before the current password is checked,
// so a refused change costs no Argon2 work either, and judged again under
// locks of the account and the address where the link is stored, so
// simultaneous asks are one ask.

// The pace of verification links.
const (
	MaxLinksPerAddress = 5
	AddressWindow      = 24 * time.Hour
)

// LinkHistory is what PaceLink judges a new verification link by.
type LinkHistory struct {
	// Latest is when the account's newest verification link was issued
	// (zero: never).
	Latest time.Time
	// ToAddress are when the newest verification links to the address
	// were issued within AddressWindow, by any account, newest first; at
	// most MaxLinksPerAddress of them.
	ToAddress []time.Time
}

// PaceLink refuses a new verification link at now after h: 429 with the
// seconds to wait (Retry-After) and a message saying what to do meanwhile.
func PaceLink(h LinkHistory, now time.Time) error {
	if wait := h.Latest.Add(LinkInterval).Sub(now); !h.Latest.IsZero() && wait > 0 {
		secs := waitSeconds(wait)
		return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
			Message: fmt.Sprintf("We just sent a link. Please check your inbox, or try again in %d seconds.", secs)}
	}
	if len(h.ToAddress) < MaxLinksPerAddress {
		return nil
	}
	if wait := h.ToAddress[MaxLinksPerAddress-1].Add(AddressWindow).Sub(now); wait > 0 {
		return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: waitSeconds(wait),
			Message: fmt.Sprintf("This address was sent %d links in the last 24 hours. Please use the newest one, or try again in %s.",
				MaxLinksPerAddress, roughly(wait))}
	}
	return nil
}

// waitSeconds is d in whole seconds, rounded up, at least one.
func waitSeconds(d time.Duration) int { return max(int((d+time.Second-1)/time.Second), 1) }

// roughly says a wait of up to a day in the largest unit, rounded up
// ("3 hours", "12 minutes").
func roughly(d time.Duration) string {
	if d > time.Hour {
		return fmt.Sprintf("%d hours", int((d+time.Hour-1)/time.Hour))
	}
	return minutes(d)
}

// paceLink refuses a verification link for u to address now, as PaceLink
// would, from the stored history (unlocked: the store judges again).
func (s *service) paceLink(ctx context.Context, u User, address string) error {
	now := s.now().UTC()
	h, err := s.repo.LinkHistory(ctx, u.ID, address, now.Add(-AddressWindow))
	if err != nil {
		return err
	}
	return PaceLink(h, now)
}

// pacedVerificationLink is verificationLink with its pace, judged again
// where it is stored.
func (s *service) pacedVerificationLink(u User, address string) (NewLink, error) {
	nl, err := s.verificationLink(u, address)
	if err != nil {
		return NewLink{}, err
	}
	at := nl.Link.CreatedAt
	nl.Pace = func(h LinkHistory) error { return PaceLink(h, at) }
	return nl, nil
}
