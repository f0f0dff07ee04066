package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// Service is the auth domain.
type Service interface {
	Register(ctx context.Context, r Registration) (User, error)
	Login(ctx context.Context, l Login) (Session, error)
	UserRole(ctx context.Context, email string) (string, error)
	Profile(ctx context.Context, userID string) (User, error)
	UpdateProfile(ctx context.Context, userID string, u ProfileUpdate) (User, error)
	// Contact is the user notification-svc mails (its email and
	// EmailNotifications); an unknown id is not found.
	Contact(ctx context.Context, userID string) (Contact, error)
	// Unsubscribe switches off the mails of the user a signed link names
	// (unsubscribe.go).
	Unsubscribe(ctx context.Context, token string) (string, error)
	// Refresh exchanges a refresh token for new tokens (session.go).
	Refresh(ctx context.Context, refreshToken string) (Session, error)
	// Logout ends the session of a refresh token.
	Logout(ctx context.Context, refreshToken string) error
	// LogoutAll ends every session of userID and answers the message to show.
	LogoutAll(ctx context.Context, userID string) (string, error)
	// ChangePassword sets a new password and ends every session but
	// sessionID (password_change.go).
	ChangePassword(ctx context.Context, userID, sessionID string, c PasswordChange) (string, error)
	// VerifyEmail opens a verification link; ResendVerification mails the
	// caller's again (verification.go).
	VerifyEmail(ctx context.Context, token string) (string, error)
	ResendVerification(ctx context.Context, userID string) (string, error)
	// ForgotPassword mails a reset link; ResetPassword opens it (reset.go).
	ForgotPassword(ctx context.Context, email string) (string, error)
	ResetPassword(ctx context.Context, r PasswordReset) (string, error)
	// DeleteAccount deletes the caller's account (account_delete.go).
	DeleteAccount(ctx context.Context, userID, password string) (string, error)
	// FinishAccountClosing erases a closing account once booking-svc has
	// cancelled its bookings (account_delete.go).
	FinishAccountClosing(ctx context.Context, userID string) error
}

// Repository stores users.
type Repository interface {
	// Create stores u and, in the same transaction, verify (its
	// verification link, nil when the address counts as verified);
	// ErrEmailTaken when the email is in use.
	Create(ctx context.Context, u User, verify *NewLink) error
	ByEmail(ctx context.Context, email string) (User, error)
	ByID(ctx context.Context, id string) (User, error)
	// Update stores u's profile fields (its PendingEmail too, and verify,
	// the link that applies it, in the same transaction); ErrEmailTaken
	// when the email is in use.
	Update(ctx context.Context, u User, verify *NewLink) error
	// Failures are k's wrong passwords in a row (zero when none).
	Failures(ctx context.Context, k FailureKey) (Failures, error)
	// RecordFailure stores next(k's current failures) as one step: two
	// replicas counting at once both count. onLock, when set, is queued in
	// the same transaction if the new failures are FirstLocked.
	RecordFailure(ctx context.Context, k FailureKey, next func(Failures) Failures, onLock *AccountMail) (Failures, error)
	// ClearFailures forgets k's failures.
	ClearFailures(ctx context.Context, k FailureKey) error
	// SetPassword stores userID's new password hash and, in the same
	// transaction, ends every session of the user but keepSession.
	SetPassword(ctx context.Context, userID, hash, keepSession string, now time.Time) error
	// DeleteUser deletes userID's row (its sessions, links and failures
	// with it), marks the account closing and, in the same transaction,
	// queues the account_closing event eventID; ErrNotFound when there is
	// no such user.
	DeleteUser(ctx context.Context, userID, eventID string, now time.Time) error
	// FinishClosing ends userID's closing and queues the account_deleted
	// event eventID in the same transaction; nothing when the account is
	// not closing (finished before).
	FinishClosing(ctx context.Context, userID, eventID string, now time.Time) error
	Sessions
	Links
	Takeovers
}

// Repository errors.
var (
	ErrNotFound   = errors.New("user not found")
	ErrEmailTaken = errors.New("email taken")
)

// Hasher hashes and checks passwords for w. An error is a refusal (the
// work is bounded and shared: too many checks at once, or already one for
// w's client or account) or a fault, not a wrong password.
type Hasher interface {
	Hash(ctx context.Context, w Who, password string) (string, error)
	Verify(ctx context.Context, w Who, password, hash string) (bool, error)
}

// Issuer signs access tokens.
type Issuer interface {
	// Issue signs an access token for u in session sessionID (its "sid").
	Issue(u User, sessionID string) (string, error)
	// TTL is how long an access token lives.
	TTL() time.Duration
}

type service struct {
	repo       Repository
	hasher     Hasher
	issuer     Issuer
	now        func() time.Time
	newID      func() string
	refreshTTL time.Duration
	// secret returns a new refresh token or link secret.
	secret func() (string, error)
	// verifiedDomains are the domains whose addresses count as verified.
	verifiedDomains map[string]bool
	forgotFloor     time.Duration
	links           unsubscribeLinks
}

// DefaultRefreshTTL is how long a refresh token lives unused
// (REFRESH_TOKEN_TTL): a session not used for that long ends.
const DefaultRefreshTTL = 14 * 24 * time.Hour

// Option tunes NewService.
type Option func(*service)

// WithRefreshTTL sets how long a refresh token lives (zero: DefaultRefreshTTL).
func WithRefreshTTL(d time.Duration) Option {
	return func(s *service) {
		if d > 0 {
			s.refreshTTL = d
		}
	}
}

// NewService returns the auth domain.
func NewService(repo Repository, hasher Hasher, issuer Issuer, now func() time.Time, newID func() string, opts ...Option) Service {
	s := &service{repo: repo, hasher: hasher, issuer: issuer, now: now, newID: newID, refreshTTL: DefaultRefreshTTL, secret: randomSecret,
		forgotFloor: forgotFloor}
	for _, o := range opts {
		o(s)
	}
	return s
}

// randomSecret is 256 random bits, URL-safe.
func randomSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func (s *service) Register(ctx context.Context, r Registration) (User, error) {
	now := s.now().UTC()
	dob, err := ValidateRegistration(&r, now)
	if err != nil {
		return User{}, err
	}
	hash, err := s.hasher.Hash(ctx, who(ctx, r.Email), r.Password)
	if err != nil {
		return User{}, err
	}
	u := User{
		ID: s.newID(), Email: r.Email, PasswordHash: hash, FullName: r.FullName,
		PhoneNumber: r.PhoneNumber, Address: r.Address, DateOfBirth: dob, Gender: r.Gender,
		Role: r.Role, CreatedAt: now, UpdatedAt: now, EmailNotifications: true,
	}
	if r.Role == identity.RoleProvider {
		u.Provider = providerInfo(r.Business)
	}
	var verify *NewLink
	if u.EmailVerified = s.trusted(u.Email); !u.EmailVerified {
		nl, err := s.verificationLink(u, u.Email)
		if err != nil {
			return User{}, err
		}
		verify = &nl
	}
	if err := s.register(ctx, u, verify); err != nil {
		if errors.Is(err, ErrEmailTaken) {
			return User{}, apperr.Conflict("An account with this email already exists. Please log in instead.")
		}
		return User{}, err
	}
	return u, nil
}

func (s *service) Login(ctx context.Context, l Login) (Session, error) {
	l.Email = NormalizeEmail(l.Email)
	if l.Email == "" || l.Password == "" {
		return Session{}, apperr.Invalid(MsgAllFieldsRequired)
	}
	if !ValidEmail(l.Email) {
		return Session{}, apperr.Invalid(MsgInvalidEmail)
	}
	if len([]rune(l.Password)) > MaxPasswordLength {
		return Session{}, apperr.Unauthenticated(MsgInvalidCredentials) // no account has such a password
	}
	role := l.Role
	if role == "" {
		role = identity.RoleCustomer
	}
	if role != identity.RoleCustomer && role != identity.RoleProvider {
		return Session{}, apperr.Invalid(MsgInvalidRole)
	}
	u, err := s.repo.ByEmail(ctx, l.Email)
	if errors.Is(err, ErrNotFound) {
		// The same work as a wrong password of an account (the lock read,
		// the hash, the failure counted, under the address): neither the
		// time nor a lock tells whether an account has the address. The
		// address is kept as its hash: it may be anyone's.
		if _, err := s.check(ctx, AddressSubject(l.Email), l.Password, dummyHash, nil); err != nil {
			return Session{}, err
		}
		return Session{}, apperr.Unauthenticated(MsgInvalidCredentials)
	}
	if err != nil {
		return Session{}, err
	}
	if ok, err := s.checkPassword(ctx, u, l.Password); err != nil || !ok {
		if err != nil {
			return Session{}, err
		}
		return Session{}, apperr.Unauthenticated(MsgInvalidCredentials)
	}
	if u.Role != role {
		return Session{}, apperr.Forbidden(fmt.Sprintf("This account is registered as a %s. Please log in as a %s.", roleName(u.Role), roleName(u.Role)))
	}
	t, err := s.startSession(ctx, u)
	if err != nil {
		return Session{}, err
	}
	return Session{Tokens: t, User: u}, nil
}

func roleName(role string) string {
	if role == identity.RoleProvider {
		return "service provider"
	}
	return "customer"
}

func (s *service) UserRole(ctx context.Context, email string) (string, error) {
	email = NormalizeEmail(email)
	if !ValidEmail(email) {
		return "", apperr.Invalid(MsgInvalidEmail)
	}
	u, err := s.repo.ByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return "", apperr.NotFound("No account found for this email")
	}
	if err != nil {
		return "", err
	}
	return u.Role, nil
}

func (s *service) Profile(ctx context.Context, userID string) (User, error) {
	u, err := s.repo.ByID(ctx, userID)
	if errors.Is(err, ErrNotFound) {
		return User{}, apperr.Unauthenticated("Your account no longer exists. Please log in again.")
	}
	return u, err
}

func (s *service) UpdateProfile(ctx context.Context, userID string, upd ProfileUpdate) (User, error) {
	u, err := s.Profile(ctx, userID)
	if err != nil {
		return User{}, err
	}
	now := s.now().UTC()
	dob, clearDOB, err := ValidateProfileUpdate(&upd, u.Role, now)
	if err != nil {
		return User{}, err
	}
	if s.mailsLink(u, upd) {
		// Before the password: a refused change costs no Argon2 work.
		if err := s.paceLink(ctx, u, *upd.Email); err != nil {
			return User{}, err
		}
	}
	if err := s.confirmEmailChange(ctx, u, upd); err != nil {
		return User{}, err
	}
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&u.FullName, upd.FullName)
	set(&u.PhoneNumber, upd.PhoneNumber)
	set(&u.Address, upd.Address)
	set(&u.Gender, upd.Gender)
	if dob != nil || clearDOB {
		u.DateOfBirth = dob
	}
	if upd.EmailNotifications != nil {
		u.EmailNotifications = *upd.EmailNotifications
	}
	if upd.Business != nil && u.Role == identity.RoleProvider {
		info := providerInfo(upd.Business)
		if upd.Business.Experience == nil && u.Provider != nil {
			info.Experience = u.Provider.Experience
		}
		u.Provider = info
	}
	u.UpdatedAt = now
	movedEmail, verify, err := s.emailChange(ctx, &u, upd)
	if err != nil {
		return User{}, err
	}
	if err := s.repo.Update(ctx, u, verify); err != nil {
		if errors.Is(err, ErrEmailTaken) {
			return User{}, apperr.Conflict("Another account already uses this email")
		}
		return User{}, err
	}
	if movedEmail {
		// The account is someone else's if the email was taken over:
		// every other session ends (their tokens also name the old email).
		if _, err := s.repo.EndSessions(ctx, userID, upd.SessionID, now); err != nil {
			return User{}, err
		}
	}
	return u, nil
}

// emailChange applies upd's new email to u: at once when the address
// counts as verified (moved), else as u's PendingEmail with the link that
// applies it (verify). The current address (as a form sends it back) is
// no change; a newer pending address replaces the older one.
func (s *service) emailChange(ctx context.Context, u *User, upd ProfileUpdate) (moved bool, verify *NewLink, err error) {
	if upd.Email == nil {
		return false, nil, nil
	}
	to := *upd.Email
	switch {
	case to == u.Email:
		return false, nil, nil
	case s.trusted(to):
		u.Email, u.EmailVerified, u.PendingEmail = to, true, ""
		return true, nil, nil
	}
	if other, err := s.repo.ByEmail(ctx, to); err == nil && other.ID != u.ID {
		return false, nil, apperr.Conflict("Another account already uses this email")
	} else if err != nil && !errors.Is(err, ErrNotFound) {
		return false, nil, err
	}
	u.PendingEmail = to
	nl, err := s.pacedVerificationLink(*u, to)
	if err != nil {
		return false, nil, err
	}
	return false, &nl, nil
}

// mailsLink is whether upd moves u to an address that must be proved by a
// link (emailChange mails one unless the address is refused).
func (s *service) mailsLink(u User, upd ProfileUpdate) bool {
	return upd.Email != nil && *upd.Email != u.Email && !s.trusted(*upd.Email)
}

// confirmEmailChange asks for the current password when upd moves u to
// another email: missing is a 400, wrong a 403 (not a 401, which clients
// rightly take as "the session is over").
func (s *service) confirmEmailChange(ctx context.Context, u User, upd ProfileUpdate) error {
	if upd.Email == nil || *upd.Email == u.Email {
		return nil
	}
	if upd.CurrentPassword == nil || *upd.CurrentPassword == "" {
		return apperr.Invalid(MsgCurrentPasswordRequired)
	}
	ok, err := s.checkPassword(ctx, u, *upd.CurrentPassword)
	if err == nil && !ok {
		err = apperr.Forbidden(MsgWrongCurrentPassword)
	}
	return err
}

func providerInfo(b *BusinessInput) *ProviderInfo {
	if b == nil {
		return &ProviderInfo{Specializations: []string{}}
	}
	info := &ProviderInfo{
		BusinessName: b.BusinessName, BusinessDescription: b.BusinessDescription,
		BusinessCategory: b.BusinessCategory, BusinessHours: b.BusinessHours,
		Location: b.Location, Specializations: b.Specializations,
	}
	if info.Specializations == nil {
		info.Specializations = []string{}
	}
	if b.Experience != nil {
		info.Experience = *b.Experience
	}
	return info
}

// dummyHash is verified against when the email is unknown, so that an
// unknown email costs as much time as a wrong password.
var dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$c2xvdHdpc2VzYWx0$Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE"
