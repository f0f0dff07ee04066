package catalog

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// memRepo is an in-memory Repository for the domain's rules.
type memRepo struct {
	rows  map[string]Offering
	seen  map[string]bool
	lastF Filter
	memSchedules
	noStaff
}

// noStaff is a repository without teams: services list no members (the
// team rules are tested on PostgreSQL, store/staff_test.go).
type noStaff struct{ StaffRepository }

func (noStaff) StaffRefs(context.Context, []string) (map[string][]StaffRef, error) {
	return map[string][]StaffRef{}, nil
}

func newMemRepo() *memRepo {
	return &memRepo{rows: map[string]Offering{}, seen: map[string]bool{}, memSchedules: memSchedules{all: map[string]Schedule{}}}
}

func (m *memRepo) Create(_ context.Context, o Offering) error {
	m.rows[o.ID] = o
	return nil
}
func (m *memRepo) Get(_ context.Context, id string) (Offering, error) {
	o, ok := m.rows[id]
	if !ok {
		return Offering{}, ErrNotFound
	}
	return o, nil
}
func (m *memRepo) List(_ context.Context, f Filter) (Page, error) { m.lastF = f; return Page{}, nil }
func (m *memRepo) ListByProvider(context.Context, string) ([]Offering, error) {
	return nil, nil
}
func (m *memRepo) PageByProvider(context.Context, string, *OwnKey, int) ([]Offering, error) {
	return nil, nil
}
func (m *memRepo) Update(_ context.Context, o Offering) error {
	if cur, ok := m.rows[o.ID]; !ok || cur.ProviderID != o.ProviderID {
		return ErrNotFound
	}
	m.rows[o.ID] = o
	return nil
}
func (m *memRepo) SetActive(_ context.Context, id, providerID string, active bool, at time.Time) (Offering, error) {
	o, ok := m.rows[id]
	if !ok || o.ProviderID != providerID {
		return Offering{}, ErrNotFound
	}
	o.IsActive, o.UpdatedAt = active, at
	m.rows[id] = o
	return o, nil
}
func (m *memRepo) SoftDelete(_ context.Context, id, providerID string, _ time.Time) error {
	if o, ok := m.rows[id]; !ok || o.ProviderID != providerID {
		return ErrNotFound
	}
	delete(m.rows, id)
	return nil
}
func (m *memRepo) AddRating(_ context.Context, _ string, r ReviewRating) (bool, error) {
	if m.seen[r.EventID] {
		return false, nil
	}
	m.seen[r.EventID] = true
	o, ok := m.rows[r.ServiceID]
	if !ok {
		return false, nil
	}
	o.RatingSum += int64(r.Rating)
	o.TotalReviews++
	m.rows[r.ServiceID] = o
	return true, nil
}

func newTestService() (Service, *memRepo) {
	repo, n := newMemRepo(), 0
	return NewService(repo, time.UTC, func() time.Time { return time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC) },
		func() string { n++; return string(rune('a' + n)) }), repo
}

var (
	alice    = Caller{UserID: "alice", Role: identity.RoleProvider}
	bob      = Caller{UserID: "bob", Role: identity.RoleProvider}
	customer = Caller{UserID: "carol", Role: "customer"}
)

func ptr[T any](v T) *T { return &v }

func wantKind(t *testing.T, err error, kind apperr.Kind, msg string) {
	t.Helper()
	if apperr.KindOf(err) != kind || (msg != "" && err.Error() != msg) {
		t.Fatalf("got %v (kind %d), want kind %d %q", err, apperr.KindOf(err), kind, msg)
	}
}

func TestCreateStoresCanonicalCategory(t *testing.T) {
	s, _ := newTestService()
	in := validInput()
	in.Category = "hotels and restaurants"
	o, err := s.Create(context.Background(), alice, in)
	if err != nil {
		t.Fatal(err)
	}
	if o.Category != "Hotel & Restaurant" || o.CategoryKey != "hotel-restaurant" || !o.IsActive || o.ProviderID != "alice" {
		t.Fatalf("created %+v", o)
	}
	in.Category = "Pet Grooming"
	o, _ = s.Create(context.Background(), alice, in)
	if o.Category != "Pet Grooming" || o.CategoryKey != OthersKey {
		t.Fatalf("unknown category stored as %q / %q", o.Category, o.CategoryKey)
	}
	_, err = s.Create(context.Background(), customer, validInput())
	wantKind(t, err, apperr.KindForbidden, MsgProviderOnly)
}

func TestUpdateOwnershipToggleAndFullUpdate(t *testing.T) {
	ctx := context.Background()
	s, repo := newTestService()
	o, _ := s.Create(ctx, alice, validInput())

	_, err := s.Update(ctx, bob, o.ID, Patch{IsActive: ptr(false)})
	wantKind(t, err, apperr.KindForbidden, MsgNotYours)
	err = s.Delete(ctx, bob, o.ID)
	wantKind(t, err, apperr.KindForbidden, MsgNotYours)
	_, err = s.Update(ctx, customer, o.ID, Patch{IsActive: ptr(false)})
	wantKind(t, err, apperr.KindForbidden, MsgProviderOnly)
	_, err = s.Update(ctx, alice, "missing", Patch{IsActive: ptr(false)})
	wantKind(t, err, apperr.KindNotFound, MsgNotFound)
	if !repo.rows[o.ID].IsActive {
		t.Fatal("a refused call changed the service")
	}

	got, err := s.Update(ctx, alice, o.ID, Patch{IsActive: ptr(false)})
	if err != nil || got.IsActive || got.Name != o.Name {
		t.Fatalf("toggle: %+v %v", got, err)
	}

	// Anything besides isActive makes it a full update, validated like create.
	_, err = s.Update(ctx, alice, o.ID, Patch{Name: ptr("Only a name")})
	wantKind(t, err, apperr.KindInvalid, MsgDescriptionRequired)
	_, err = s.Update(ctx, alice, o.ID, Patch{})
	wantKind(t, err, apperr.KindInvalid, MsgNameRequired)

	in := validInput()
	p := Patch{Name: ptr("Whitening"), Category: ptr("beauty"), Description: &in.Description, Price: ptr(999.0), Duration: ptr(45),
		Provider: &in.Provider, Location: &in.Location, Contact: &in.Contact, TimeSlots: []string{"11:00"}}
	got, err = s.Update(ctx, alice, o.ID, p)
	if err != nil || got.Name != "Whitening" || got.CategoryKey != "beauty" || got.Price != 999 || got.IsActive {
		t.Fatalf("full update (isActive kept false): %+v %v", got, err)
	}

	if err := s.Delete(ctx, alice, o.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.Get(ctx, o.ID)
	wantKind(t, err, apperr.KindNotFound, MsgNotFound)
}

func TestListResolvesCategoryQuery(t *testing.T) {
	s, repo := newTestService()
	cases := []struct {
		q          Query
		key, text  string
		limit, off int
	}{
		{Query{}, "", "", DefaultLimit, 0},
		{Query{Category: "Home Repair"}, "home-repair", "", DefaultLimit, 0},
		{Query{Category: "government / legal services"}, "government-legal", "", DefaultLimit, 0},
		{Query{Category: "Others"}, OthersKey, "", DefaultLimit, 0},
		{Query{Category: "Pet Grooming"}, OthersKey, "Pet Grooming", DefaultLimit, 0},
		{Query{Limit: 5000, Offset: 10}, "", "", MaxLimit, 10},
	}
	for _, c := range cases {
		if _, err := s.List(context.Background(), c.q); err != nil {
			t.Fatal(err)
		}
		f := repo.lastF
		if f.CategoryKey != c.key || f.CategoryText != c.text || f.Limit != c.limit || f.Offset != c.off {
			t.Errorf("%+v resolved to %+v", c.q, f)
		}
	}
	_, err := s.List(context.Background(), Query{Limit: -1})
	wantKind(t, err, apperr.KindInvalid, MsgInvalidPage)
}

func TestApplyReviewOncePerEvent(t *testing.T) {
	ctx := context.Background()
	s, repo := newTestService()
	o, _ := s.Create(ctx, alice, validInput())
	for _, r := range []ReviewRating{{"e1", o.ID, 5, false}, {"e1", o.ID, 5, false}, {"e2", o.ID, 4, false}, {"e3", o.ID, 4, false}} {
		if _, err := s.ApplyReview(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	got := repo.rows[o.ID]
	if got.TotalReviews != 3 || got.AvgRating() != 4.3 {
		t.Fatalf("total %d avg %v, want 3 and 4.3", got.TotalReviews, got.AvgRating())
	}
	_, err := s.ApplyReview(ctx, ReviewRating{"e4", o.ID, 6, false})
	wantKind(t, err, apperr.KindInvalid, "")
	if (Offering{}).AvgRating() != 0 {
		t.Fatal("no reviews should average 0")
	}
}

// A service's minimum notice is 0 to a week; a new service without one
// takes bookings up to the start, and a full update without one keeps it.
func TestMinimumNoticeIsValidatedAndKept(t *testing.T) {
	s, _ := newTestService()
	ctx := context.Background()
	for _, bad := range []int{-1, MaxMinNotice + 1} {
		in := validInput()
		in.MinNotice = ptr(bad)
		_, err := s.Create(ctx, alice, in)
		wantKind(t, err, apperr.KindInvalid, MsgMinNoticeInvalid)
	}
	o, err := s.Create(ctx, alice, validInput())
	if err != nil || o.MinNotice != 0 {
		t.Fatalf("no notice given: %d, %v", o.MinNotice, err)
	}
	in := validInput()
	full := Patch{Name: &in.Name, Category: &in.Category, Description: &in.Description, Price: in.Price, Duration: in.Duration,
		Provider: &in.Provider, Location: &in.Location, Contact: &in.Contact, TimeSlots: in.TimeSlots, MinNotice: ptr(120)}
	if o, err = s.Update(ctx, alice, o.ID, full); err != nil || o.MinNotice != 120 {
		t.Fatalf("set to 120: %d, %v", o.MinNotice, err)
	}
	full.MinNotice = nil
	if o, err = s.Update(ctx, alice, o.ID, full); err != nil || o.MinNotice != 120 {
		t.Fatalf("an update without it: %d, %v; want it kept", o.MinNotice, err)
	}
}

// A service's buffer is 0 to 120 minutes (a 400 with the reason past
// either end); a new service without one keeps none, and a full update
// without one keeps the service's.
func TestBufferIsValidatedAndKept(t *testing.T) {
	s, _ := newTestService()
	ctx := context.Background()
	for _, bad := range []int{-1, MaxBuffer + 1} {
		in := validInput()
		in.Buffer = ptr(bad)
		_, err := s.Create(ctx, alice, in)
		wantKind(t, err, apperr.KindInvalid, MsgBufferInvalid)
	}
	o, err := s.Create(ctx, alice, validInput())
	if err != nil || o.Buffer != 0 {
		t.Fatalf("no buffer given: %d, %v", o.Buffer, err)
	}
	in := validInput()
	full := Patch{Name: &in.Name, Category: &in.Category, Description: &in.Description, Price: in.Price, Duration: in.Duration,
		Provider: &in.Provider, Location: &in.Location, Contact: &in.Contact, TimeSlots: in.TimeSlots, Buffer: ptr(MaxBuffer)}
	if o, err = s.Update(ctx, alice, o.ID, full); err != nil || o.Buffer != MaxBuffer {
		t.Fatalf("set to 120: %d, %v", o.Buffer, err)
	}
	full.Buffer = nil
	if o, err = s.Update(ctx, alice, o.ID, full); err != nil || o.Buffer != MaxBuffer {
		t.Fatalf("an update without it: %d, %v; want it kept", o.Buffer, err)
	}
	full.Buffer = ptr(MaxBuffer + 1)
	_, err = s.Update(ctx, alice, o.ID, full)
	wantKind(t, err, apperr.KindInvalid, MsgBufferInvalid)
}
