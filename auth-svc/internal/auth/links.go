package auth

import (
	"context"
	"errors"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A link is a secret mailed to an address: opening it proves the address
// is read by the account's owner (verification, email change) or lets that
// owner set a new password (reset). The secret is 256 random bits stored as
// its SHA-256 only, used once, and dead after its expiry or once a newer
// link of the same purpose is issued to the account.

// Link purposes.
const (
	PurposeVerify = "verify"
	PurposeReset  = "reset"
)

// Link lifetimes and the pace of mailing them.
const (
	VerifyLinkTTL = 24 * time.Hour
	ResetLinkTTL  = 30 * time.Minute
	// LinkInterval is the least time between two links of one purpose to
	// one account: "Resend" answers 429 sooner, "Forgot password?" quietly
	// sends nothing.
	LinkInterval = time.Minute
	// forgotFloor is the least time a "Forgot password?" answer takes, so
	// that an unknown address (nothing written) answers as slowly as a
	// known one (a link stored and its mail queued).
	forgotFloor = 250 * time.Millisecond
)

// Link is a mailed link as stored.
type Link struct {
	Hash      []byte
	UserID    string
	Purpose   string
	Email     string // the address it was mailed to
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time // used, or replaced by a newer link
}

// AccountMail kinds (events.v1.AccountEvent's type).
const (
	MailVerifyEmail   = "verify_email"
	MailEmailChanged  = "email_changed"
	MailPasswordReset = "password_reset"
	// MailLoginLocked tells the owner that wrong passwords locked a client
	// out of the account (guessing.go).
	MailLoginLocked = "login_locked"
)

// AccountMail is a mail about the account that auth-svc asks
// notification-svc to send (topics.Accounts).
type AccountMail struct {
	ID     string
	Kind   string
	UserID string
	To     string
	Name   string
	// Token is the link's secret (verify and reset mails).
	Token     string
	ExpiresAt time.Time
	// NewEmail is the address an email change moves to.
	NewEmail string
	At       time.Time
}

// NewLink is a link to store together with the mail that carries it.
type NewLink struct {
	Link Link
	Mail AccountMail
	// Pace, when set, judges the link by the history of its account and
	// address (link_pace.go), read under their locks; an error stores
	// nothing.
	Pace func(LinkHistory) error
}

// LinkStep is what opening a link changes, in one transaction with
// marking it used.
type LinkStep struct {
	// Email, when set, becomes the account's address, verified.
	Email string
	// PasswordHash, when set, is the new password.
	PasswordHash string
	// EndSessions ends every session of the account.
	EndSessions bool
	// Mails are queued with the change.
	Mails []AccountMail
}

// Links stores mailed links.
type Links interface {
	// IssueLink stores nl.Link, marks the account's earlier unused links
	// of its purpose used (only the newest works) and queues nl.Mail, in
	// one transaction; with nl.Pace, only if it allows the link (else its
	// error). Update and Create store their link the same way.
	IssueLink(ctx context.Context, nl NewLink) error
	// LatestLink is when the newest link of userID and purpose was issued
	// (zero: never).
	LatestLink(ctx context.Context, userID, purpose string) (time.Time, error)
	// LinkHistory is the verification links of userID, and those to
	// address issued after since, as PaceLink judges them.
	LinkHistory(ctx context.Context, userID, address string, since time.Time) (LinkHistory, error)
	// UseLink finds the link with hash and purpose (ErrNotFound when
	// unknown), locks it and its account, and applies step's answer at now
	// while marking it used; an error from step changes nothing.
	// ErrEmailTaken when the step's Email is another account's.
	UseLink(ctx context.Context, hash []byte, purpose string, now time.Time, step func(Link, User) (LinkStep, error)) error
}

// Messages about links.
const (
	MsgLinkInvalid     = "This link is not valid. Please ask for a new one."
	MsgLinkUsed        = "This link was already used, or a newer one was sent. Please use the newest link or ask for a new one."
	MsgLinkExpired     = "This link has expired. Please ask for a new one."
	MsgAlreadyVerified = "Your email address is already verified."
	MsgEmailVerified   = "Thank you: your email address is verified."
	MsgForgotSent      = "If an account uses this address, we sent it a link to reset the password. The link works for 30 minutes."
	MsgPasswordReset   = "Your password was reset, and every device was signed out. Please sign in with the new password."
	MsgResetTokenEmpty = "This reset link is incomplete. Please open the link from the email again."
)

// JudgeLink refuses a link that was used (or replaced) or has expired at now.
func JudgeLink(l Link, now time.Time) error {
	switch {
	case l.UsedAt != nil:
		return apperr.Invalid(MsgLinkUsed)
	case !now.Before(l.ExpiresAt):
		return apperr.Invalid(MsgLinkExpired)
	}
	return nil
}

// newLink makes a link of purpose to address for u, and the mail of kind
// that carries it.
func (s *service) newLink(u User, purpose, kind, address string, ttl time.Duration) (NewLink, error) {
	secret, err := s.secret()
	if err != nil {
		return NewLink{}, err
	}
	now := s.now().UTC()
	l := Link{Hash: HashRefreshToken(secret), UserID: u.ID, Purpose: purpose, Email: address, CreatedAt: now, ExpiresAt: now.Add(ttl)}
	m := AccountMail{ID: s.newID(), Kind: kind, UserID: u.ID, To: address, Name: u.FullName, Token: secret, ExpiresAt: l.ExpiresAt, At: now}
	if address != u.Email {
		m.NewEmail = address
	}
	return NewLink{Link: l, Mail: m}, nil
}

// useLink opens the link token of purpose with step; an unknown token is
// a 400 like a used or expired one.
func (s *service) useLink(ctx context.Context, token, purpose string, step func(Link, User) (LinkStep, error)) error {
	if token == "" || len(token) > 128 {
		return apperr.Invalid(MsgLinkInvalid)
	}
	now := s.now().UTC()
	err := s.repo.UseLink(ctx, HashRefreshToken(token), purpose, now, func(l Link, u User) (LinkStep, error) {
		if err := JudgeLink(l, now); err != nil {
			return LinkStep{}, err
		}
		return step(l, u)
	})
	switch {
	case errors.Is(err, ErrNotFound):
		return apperr.Invalid(MsgLinkInvalid)
	case errors.Is(err, ErrEmailTaken):
		return apperr.Conflict("Another account now uses this email, so the change cannot be made.")
	}
	return err
}
