package auth

import (
	"context"
	"errors"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Takeover (issue 50): anyone may register with an address they do not
// read, and until the address is verified the account works. The address's
// owner registering later was refused ("already exists"), and recovering
// by a password reset handed them the squatter's account: role, business,
// data. Now a registration on an address whose account is still
// unverified answers as a fresh registration does and mails the address a
// verification link ("Verify your email address", at the pace of
// link_pace.go, counted with the address's other verification links). The
// registration waits, with its password hash, until the link is opened;
// then, in one transaction, the unverified account is deleted as its owner
// deleting it would (account_delete.go: its sessions and links go at once,
// account_closing, then account_deleted erases its business, bookings and
// feeds in the services that own them) and the new account is created,
// verified. Nothing tells the unverified account's holder: a refused pace
// quietly sends nothing, as a fresh registration sends only its own link.

// Takeover is a registration waiting for its address's owner to open the
// link mailed to it.
type Takeover struct {
	Hash []byte
	// SquatterID is the unverified account that holds the address.
	SquatterID string
	Email      string
	// Account is the registration as it will be stored (verified).
	Account   User
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// NewTakeover is a takeover to store with the mail that carries its link.
type NewTakeover struct {
	Takeover Takeover
	Mail     AccountMail
	// Pace judges the takeover by the history of the address's
	// verification links, read under the address's lock (PaceLink); an
	// error stores nothing.
	Pace func(LinkHistory) error
}

// Takeovers stores takeovers.
type Takeovers interface {
	// StartTakeover stores nt.Takeover (an earlier unused one of the same
	// unverified account is replaced) and queues nt.Mail, in one
	// transaction, if nt.Pace allows it (else its error).
	StartTakeover(ctx context.Context, nt NewTakeover) error
	// TakeOver finds the takeover with hash (ErrNotFound when unknown),
	// locks it and its unverified account, and, if judge allows, deletes
	// that account as DeleteUser does (account_closing queued as
	// closingEventID) and creates the takeover's account; ErrEmailTaken
	// when another account took the address meanwhile.
	TakeOver(ctx context.Context, hash []byte, now time.Time, judge func(Takeover, User) error, closingEventID string) error
}

// register stores u, or, when an unverified account holds its address,
// starts a takeover of it; either way the answer is the same.
func (s *service) register(ctx context.Context, u User, verify *NewLink) error {
	err := s.repo.Create(ctx, u, verify)
	if !errors.Is(err, ErrEmailTaken) || verify == nil {
		return err
	}
	holder, err := s.repo.ByEmail(ctx, u.Email)
	switch {
	case errors.Is(err, ErrNotFound):
		return ErrEmailTaken // its holder left meanwhile: a retry registers
	case err != nil:
		return err
	case holder.EmailVerified:
		return ErrEmailTaken
	}
	u.EmailVerified = true // opening the link proves the address
	nt := NewTakeover{
		Takeover: Takeover{Hash: verify.Link.Hash, SquatterID: holder.ID, Email: holder.Email, Account: u,
			CreatedAt: verify.Link.CreatedAt, ExpiresAt: verify.Link.ExpiresAt},
		Mail: verify.Mail,
	}
	at := verify.Link.CreatedAt
	nt.Pace = func(h LinkHistory) error { return PaceLink(h, at) }
	var limited *apperr.Error
	if err := s.repo.StartTakeover(ctx, nt); err != nil && !(errors.As(err, &limited) && limited.Kind == apperr.KindRateLimited) {
		return err
	}
	return nil
}

// takeOver opens token as a takeover link; ErrNotFound when it is none.
func (s *service) takeOver(ctx context.Context, token string) error {
	now := s.now().UTC()
	err := s.repo.TakeOver(ctx, HashRefreshToken(token), now, func(t Takeover, holder User) error {
		if t.UsedAt != nil {
			return apperr.Invalid(MsgLinkUsed)
		}
		if !now.Before(t.ExpiresAt) {
			return apperr.Invalid(MsgLinkExpired)
		}
		if holder.EmailVerified || NormalizeEmail(holder.Email) != NormalizeEmail(t.Email) {
			// The holder proved or left the address since: nothing to take.
			return apperr.Invalid(MsgLinkUsed)
		}
		return nil
	}, s.newID())
	if errors.Is(err, ErrEmailTaken) {
		return apperr.Conflict("An account with this email already exists. Please log in instead.")
	}
	return err
}
