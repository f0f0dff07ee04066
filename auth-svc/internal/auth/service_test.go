package auth

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// memRepo keeps users (and their failures) in maps: the rules under test
// need no database.
type memRepo struct {
	users    map[string]User
	failures map[FailureKey]Failures
	families map[string]Family
	tokens   map[string]RefreshToken // by string(hash)
	links    map[string]Link         // by string(hash)
	mails    []AccountMail           // queued, in order
}

func (m *memRepo) StartSession(_ context.Context, f Family, first RefreshToken) error {
	if m.families == nil {
		m.families, m.tokens = map[string]Family{}, map[string]RefreshToken{}
	}
	m.families[f.ID] = f
	m.tokens[string(first.Hash)] = first
	return nil
}

func (m *memRepo) Refresh(_ context.Context, hash []byte, now time.Time, step func(RefreshToken, Family) RefreshStep) (Family, error) {
	t, ok := m.tokens[string(hash)]
	if !ok {
		return Family{}, ErrNotFound
	}
	f := m.families[t.FamilyID]
	st := step(t, f)
	if st.End {
		m.end(f.ID, now)
	}
	if st.Next != nil {
		t.UsedAt = &now
		m.tokens[string(hash)] = t
		m.tokens[string(st.Next.Hash)] = *st.Next
	}
	return f, nil
}

func (m *memRepo) end(id string, now time.Time) bool {
	f := m.families[id]
	if f.EndedAt != nil {
		return false
	}
	f.EndedAt = &now
	m.families[id] = f
	return true
}

func (m *memRepo) EndSessions(_ context.Context, userID, except string, now time.Time) (int, error) {
	n := 0
	for id, f := range m.families {
		if f.UserID == userID && id != except && m.end(id, now) {
			n++
		}
	}
	return n, nil
}

func (m *memRepo) EndSession(_ context.Context, hash []byte, now time.Time) error {
	if t, ok := m.tokens[string(hash)]; ok {
		m.end(t.FamilyID, now)
	}
	return nil
}

func (m *memRepo) SetPassword(ctx context.Context, userID, hash, keep string, now time.Time) error {
	u := m.users[userID]
	u.PasswordHash = hash
	m.users[userID] = u
	_, err := m.EndSessions(ctx, userID, keep, now)
	return err
}

func (m *memRepo) DeleteUser(ctx context.Context, userID, eventID string, now time.Time) error {
	if _, ok := m.users[userID]; !ok {
		return ErrNotFound
	}
	delete(m.users, userID)
	if _, err := m.EndSessions(ctx, userID, "", now); err != nil {
		return err
	}
	m.mails = append(m.mails, AccountMail{ID: eventID, Kind: AccountClosing, UserID: userID, At: now})
	return nil
}

func (m *memRepo) FinishClosing(_ context.Context, userID, eventID string, now time.Time) error {
	for _, mail := range m.mails {
		if mail.UserID == userID && mail.Kind == AccountDeleted {
			return nil
		}
	}
	m.mails = append(m.mails, AccountMail{ID: eventID, Kind: AccountDeleted, UserID: userID, At: now})
	return nil
}

func (m *memRepo) Failures(_ context.Context, k FailureKey) (Failures, error) {
	return m.failures[k], nil
}
func (m *memRepo) RecordFailure(_ context.Context, k FailureKey, next func(Failures) Failures, _ *AccountMail) (Failures, error) {
	if m.failures == nil {
		m.failures = map[FailureKey]Failures{}
	}
	m.failures[k] = next(m.failures[k])
	return m.failures[k], nil
}
func (m *memRepo) ClearFailures(_ context.Context, k FailureKey) error {
	delete(m.failures, k)
	return nil
}

func (m *memRepo) Create(ctx context.Context, u User, verify *NewLink) error {
	m.users[u.ID] = u
	if verify != nil {
		return m.IssueLink(ctx, *verify)
	}
	return nil
}
func (m *memRepo) ByEmail(_ context.Context, email string) (User, error) {
	for _, u := range m.users {
		if u.Email == email {
			return u, nil
		}
	}
	return User{}, ErrNotFound
}
func (m *memRepo) ByID(_ context.Context, id string) (User, error) {
	if u, ok := m.users[id]; ok {
		return u, nil
	}
	return User{}, ErrNotFound
}
func (m *memRepo) Update(ctx context.Context, u User, verify *NewLink) error {
	m.users[u.ID] = u
	if verify != nil {
		return m.IssueLink(ctx, *verify)
	}
	return nil
}

func (m *memRepo) IssueLink(ctx context.Context, nl NewLink) error {
	if m.links == nil {
		m.links = map[string]Link{}
	}
	if nl.Pace != nil {
		h, err := m.LinkHistory(ctx, nl.Link.UserID, nl.Link.Email, nl.Link.CreatedAt.Add(-AddressWindow))
		if err != nil {
			return err
		}
		if err := nl.Pace(h); err != nil {
			return err
		}
	}
	for h, l := range m.links {
		if l.UserID == nl.Link.UserID && l.Purpose == nl.Link.Purpose && l.UsedAt == nil {
			at := nl.Link.CreatedAt
			l.UsedAt = &at
			m.links[h] = l
		}
	}
	m.links[string(nl.Link.Hash)] = nl.Link
	m.mails = append(m.mails, nl.Mail)
	return nil
}

func (m *memRepo) LatestLink(_ context.Context, userID, purpose string) (time.Time, error) {
	var last time.Time
	for _, l := range m.links {
		if l.UserID == userID && l.Purpose == purpose && l.CreatedAt.After(last) {
			last = l.CreatedAt
		}
	}
	return last, nil
}

func (m *memRepo) LinkHistory(ctx context.Context, userID, address string, since time.Time) (LinkHistory, error) {
	var h LinkHistory
	h.Latest, _ = m.LatestLink(ctx, userID, PurposeVerify)
	for _, l := range m.links {
		if l.Email == address && l.Purpose == PurposeVerify && l.CreatedAt.After(since) {
			h.ToAddress = append(h.ToAddress, l.CreatedAt)
		}
	}
	slices.SortFunc(h.ToAddress, func(a, b time.Time) int { return b.Compare(a) })
	if len(h.ToAddress) > MaxLinksPerAddress {
		h.ToAddress = h.ToAddress[:MaxLinksPerAddress]
	}
	return h, nil
}

func (m *memRepo) UseLink(ctx context.Context, hash []byte, purpose string, now time.Time, step func(Link, User) (LinkStep, error)) error {
	l, ok := m.links[string(hash)]
	if !ok || l.Purpose != purpose {
		return ErrNotFound
	}
	u := m.users[l.UserID]
	st, err := step(l, u)
	if err != nil {
		return err
	}
	l.UsedAt = &now
	m.links[string(hash)] = l
	if st.Email != "" {
		if st.Email != u.Email {
			u.PendingEmail = ""
		}
		u.Email, u.EmailVerified = st.Email, true
	}
	if st.PasswordHash != "" {
		u.PasswordHash = st.PasswordHash
	}
	m.users[u.ID] = u
	if st.EndSessions {
		if _, err := m.EndSessions(ctx, u.ID, "", now); err != nil {
			return err
		}
	}
	m.mails = append(m.mails, st.Mails...)
	return nil
}

// plainHasher stores passwords as is: hashing is argon2's test, not this one.
type plainHasher struct{}

func (plainHasher) Hash(_ context.Context, _ Who, p string) (string, error) { return "plain:" + p, nil }
func (plainHasher) Verify(_ context.Context, _ Who, p, h string) (bool, error) {
	return h == "plain:"+p, nil
}

func TestEmailChangeAsksForTheCurrentPassword(t *testing.T) {
	repo := &memRepo{users: map[string]User{"u1": {ID: "u1", Email: "asha@example.com", PasswordHash: "plain:secret1", Role: identity.RoleCustomer, FullName: "Asha"}}}
	s := NewService(repo, plainHasher{}, nil, func() time.Time { return today }, func() string { return "id" })
	ctx := context.Background()
	cases := []struct {
		name     string
		upd      ProfileUpdate
		kind     apperr.Kind
		msg      string
		newEmail string
	}{
		{"no password", ProfileUpdate{Email: ptr("new@example.com")}, apperr.KindInvalid, MsgCurrentPasswordRequired, ""},
		{"empty password", ProfileUpdate{Email: ptr("new@example.com"), CurrentPassword: ptr("")}, apperr.KindInvalid, MsgCurrentPasswordRequired, ""},
		{"wrong password", ProfileUpdate{Email: ptr("new@example.com"), CurrentPassword: ptr("guess")}, apperr.KindForbidden, MsgWrongCurrentPassword, ""},
		{"same email, other case: no password needed", ProfileUpdate{Email: ptr(" ASHA@example.com "), FullName: ptr("Asha R")}, 0, "", "asha@example.com"},
		{"other fields only", ProfileUpdate{FullName: ptr("Asha Rao")}, 0, "", "asha@example.com"},
		// The change waits for its link (links_test.go).
		{"right password", ProfileUpdate{Email: ptr("new@example.com"), CurrentPassword: ptr("secret1")}, 0, "", "asha@example.com"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u, err := s.UpdateProfile(ctx, "u1", c.upd)
			if c.msg != "" {
				var ae *apperr.Error
				if !errors.As(err, &ae) || ae.Kind != c.kind || ae.Message != c.msg {
					t.Fatalf("err = %v, want kind %d %q", err, c.kind, c.msg)
				}
				if repo.users["u1"].Email != "asha@example.com" {
					t.Fatalf("refused change stored: %s", repo.users["u1"].Email)
				}
				return
			}
			if err != nil || u.Email != c.newEmail || repo.users["u1"].Email != c.newEmail {
				t.Fatalf("update: %v, email %q stored %q, want %q", err, u.Email, repo.users["u1"].Email, c.newEmail)
			}
		})
	}
	if p := repo.users["u1"].PendingEmail; p != "new@example.com" {
		t.Fatalf("pending email %q, want new@example.com", p)
	}
}

// Takeovers are the store's (store/takeovers.go, devstack/integration/takeover_test.go).
func (m *memRepo) StartTakeover(context.Context, NewTakeover) error { return nil }
func (m *memRepo) TakeOver(context.Context, []byte, time.Time, func(Takeover, User) error, string) error {
	return ErrNotFound
}
