package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Verified email: a new account's address, and the address an email
// change moves to, is verified by opening the link mailed to it. Until
// then notification-svc mails that address nothing but the link (the
// account works as usual: bookings, in-app notifications). An email change
// takes effect only when its link is opened; the old address, if it was
// verified, is then told.

// WithVerifiedDomains makes addresses on these domains count as verified
// at once (VERIFIED_EMAIL_DOMAINS): for development and test stacks, whose
// demo and test accounts use reserved domains nobody receives mail at.
func WithVerifiedDomains(domains []string) Option {
	return func(s *service) {
		s.verifiedDomains = map[string]bool{}
		for _, d := range domains {
			if d = strings.ToLower(strings.TrimSpace(d)); d != "" {
				s.verifiedDomains[d] = true
			}
		}
	}
}

// trusted is whether address counts as verified without a link.
func (s *service) trusted(address string) bool {
	at := strings.LastIndexByte(address, '@')
	return at >= 0 && s.verifiedDomains[strings.ToLower(address[at+1:])]
}

// verificationLink is the link (and its mail) that verifies address for u.
func (s *service) verificationLink(u User, address string) (NewLink, error) {
	return s.newLink(u, PurposeVerify, MailVerifyEmail, address, VerifyLinkTTL)
}

// VerifyEmail opens a verification link: the account's address becomes
// verified, or a pending email change takes effect (every session ends:
// tokens name the old address, and the account may have been taken over).
func (s *service) VerifyEmail(ctx context.Context, token string) (string, error) {
	msg := MsgEmailVerified
	if token != "" && len(token) <= 128 {
		// A registration that takes over an unverified account (takeover.go).
		if err := s.takeOver(ctx, token); !errors.Is(err, ErrNotFound) {
			return msg, err
		}
	}
	now := s.now().UTC()
	err := s.useLink(ctx, token, PurposeVerify, func(l Link, u User) (LinkStep, error) {
		switch {
		case l.Email == u.Email:
			return LinkStep{Email: l.Email}, nil
		case l.Email != u.PendingEmail:
			return LinkStep{}, apperr.Invalid(MsgLinkUsed)
		}
		msg = withFeedsChanged(fmt.Sprintf("Your email address is now %s. Please sign in again on your devices.", l.Email), u.Role)
		step := LinkStep{Email: l.Email, EndSessions: true}
		if u.EmailVerified {
			step.Mails = append(step.Mails, AccountMail{ID: s.newID(), Kind: MailEmailChanged, UserID: u.ID, To: u.Email,
				Name: u.FullName, NewEmail: l.Email, At: now})
		}
		return step, nil
	})
	return msg, err
}

// ResendVerification mails the caller's verification link again: to the
// pending address of an email change if there is one, else to the
// account's address, at the pace of link_pace.go (429 with Retry-After).
func (s *service) ResendVerification(ctx context.Context, userID string) (string, error) {
	u, err := s.Profile(ctx, userID)
	if err != nil {
		return "", err
	}
	address := u.PendingEmail
	if address == "" {
		if u.EmailVerified {
			return "", apperr.Conflict(MsgAlreadyVerified)
		}
		address = u.Email
	}
	if err := s.paceLink(ctx, u, address); err != nil {
		return "", err
	}
	nl, err := s.pacedVerificationLink(u, address)
	if err != nil {
		return "", err
	}
	if err := s.repo.IssueLink(ctx, nl); err != nil {
		return "", err
	}
	return fmt.Sprintf("We sent a new link to %s.", address), nil
}
