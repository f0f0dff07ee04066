package review

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// memRepo is an in-memory Repository.
type memRepo struct {
	appts   map[string]Appointment
	reviews []Review
	events  []string
	failGet error
	reports []Report
	hidden  map[string]bool
}

func (m *memRepo) Appointment(_ context.Context, id string) (Appointment, error) {
	if m.failGet != nil {
		return Appointment{}, m.failGet
	}
	a, ok := m.appts[id]
	if !ok {
		return Appointment{}, ErrNotFound
	}
	return a, nil
}

func (m *memRepo) Create(_ context.Context, r Review, eventID string) error {
	for _, x := range m.reviews {
		if x.AppointmentID == r.AppointmentID {
			return ErrAlreadyReviewed
		}
	}
	m.reviews = append(m.reviews, r)
	m.events = append(m.events, eventID)
	return nil
}

// ByService keys its pages on the position in m.reviews (the store's seq).
func (m *memRepo) ByService(_ context.Context, id string, after *PageKey, limit int) ([]Review, error) {
	return m.page(func(r Review) bool { return r.ServiceID == id }, after, limit), nil
}

func (m *memRepo) page(match func(Review) bool, after *PageKey, limit int) []Review {
	var out []Review
	for i := len(m.reviews) - 1; i >= 0 && len(out) < limit; i-- {
		if match(m.reviews[i]) && (after == nil || int64(i) < after.Seq) {
			r := m.reviews[i]
			r.Seq = int64(i)
			out = append(out, r)
		}
	}
	return out
}

func (m *memRepo) ByCustomer(_ context.Context, id string, after *PageKey, limit int) ([]Review, error) {
	return m.page(func(r Review) bool { return r.CustomerID == id }, after, limit), nil
}

func (m *memRepo) ByProvider(_ context.Context, id string, after *PageKey, limit int) ([]Review, error) {
	return m.page(func(r Review) bool { return r.ProviderID == id }, after, limit), nil
}

func (m *memRepo) ProviderSummary(_ context.Context, id string) (Stats, error) {
	var st Stats
	for _, r := range m.reviews {
		if r.ProviderID == id {
			st.Average = (st.Average*float64(st.Count) + float64(r.Rating)) / float64(st.Count+1)
			st.Count++
		}
	}
	return st, nil
}

func newTestService(repo *memRepo, now time.Time) Service {
	n := 0
	return NewService(repo, func() time.Time { return now }, func() string { n++; return fmt.Sprintf("id-%d", n) })
}

func TestReviewCreate(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	customer := Caller{UserID: "cust", Role: identity.RoleCustomer, Email: "c@example.com"}
	fresh := func() *memRepo {
		return &memRepo{appts: map[string]Appointment{
			"done":    {ID: "done", ServiceID: "svc", ServiceName: "Cut", CustomerID: "cust", CustomerEmail: "form@example.com", ProviderID: "prov", Status: "completed", StartsAt: now.Add(-time.Hour)},
			"soon":    {ID: "soon", ServiceID: "svc", CustomerID: "cust", ProviderID: "prov", Status: "confirmed", StartsAt: now.Add(time.Hour)},
			"passed":  {ID: "passed", ServiceID: "svc", CustomerID: "cust", ProviderID: "prov", Status: "confirmed", StartsAt: now.Add(-time.Minute)},
			"someone": {ID: "someone", ServiceID: "svc", CustomerID: "other", ProviderID: "prov", Status: "completed", StartsAt: now.Add(-time.Hour)},
		}}
	}
	valid := Input{AppointmentID: "done", Rating: rating(4), Comment: "  Very good  "}
	cases := []struct {
		name   string
		caller Caller
		in     Input
		kind   apperr.Kind
		msg    string
	}{
		{"provider refused before anything else", Caller{UserID: "prov", Role: identity.RoleProvider}, Input{}, apperr.KindForbidden, MsgCustomersOnly},
		{"no role", Caller{UserID: "x"}, valid, apperr.KindForbidden, MsgCustomersOnly},
		{"validation before lookup", customer, Input{AppointmentID: "missing", Rating: rating(9), Comment: "Very good"}, apperr.KindInvalid, MsgSelectRating},
		{"unknown appointment", customer, Input{AppointmentID: "missing", Rating: rating(4), Comment: "Very good"}, apperr.KindNotFound, MsgNotFound},
		{"not yours", customer, Input{AppointmentID: "someone", Rating: rating(4), Comment: "Very good"}, apperr.KindForbidden, MsgNotYours},
		{"not taken place", customer, Input{AppointmentID: "soon", Rating: rating(4), Comment: "Very good"}, apperr.KindConflict,
			"Only completed appointments can be reviewed; this appointment is confirmed and has not taken place yet"},
		{"shown as completed", customer, Input{AppointmentID: "passed", Rating: rating(4), Comment: "Very good"}, 0, ""},
		{"completed", customer, valid, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			repo := fresh()
			r, err := newTestService(repo, now).Create(context.Background(), c.caller, c.in)
			if c.kind != 0 {
				if apperr.KindOf(err) != c.kind || err.Error() != c.msg {
					t.Fatalf("got %v (kind %d), want %q (kind %d)", err, apperr.KindOf(err), c.msg, c.kind)
				}
				if len(repo.reviews) != 0 {
					t.Fatal("a refused review was stored")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(repo.reviews) != 1 || len(repo.events) != 1 || repo.events[0] == r.ID {
				t.Fatalf("want one review and one event with its own id: %+v %v", repo.reviews, repo.events)
			}
			if r.CustomerID != "cust" || r.ProviderID != "prov" || r.ServiceID != "svc" || !r.CreatedAt.Equal(now) || r.Rating != 4 {
				t.Fatalf("review %+v", r)
			}
		})
	}
}

func TestReviewCreateDetails(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	repo := &memRepo{appts: map[string]Appointment{
		"done": {ID: "done", ServiceID: "svc", ServiceName: "Cut", CustomerID: "cust", CustomerEmail: "form@example.com", ProviderID: "prov", Status: "completed", StartsAt: now},
	}}
	s := newTestService(repo, now)
	ctx := context.Background()
	t.Run("comment stored trimmed, email from the token", func(t *testing.T) {
		r, err := s.Create(ctx, Caller{UserID: "cust", Role: identity.RoleCustomer, Email: "c@example.com"}, Input{"done", rating(5), "  Superb  "})
		if err != nil {
			t.Fatal(err)
		}
		if r.Comment != "Superb" || r.CustomerEmail != "c@example.com" || r.ServiceName != "Cut" {
			t.Fatalf("%+v", r)
		}
	})
	t.Run("second review of the same appointment is a conflict", func(t *testing.T) {
		_, err := s.Create(ctx, Caller{UserID: "cust", Role: identity.RoleCustomer}, Input{"done", rating(2), "Changed my mind"})
		if apperr.KindOf(err) != apperr.KindConflict || err.Error() != MsgAlreadyReviewed {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("email falls back to the booking's when the token has none", func(t *testing.T) {
		repo := &memRepo{appts: map[string]Appointment{"done": repo.appts["done"]}}
		r, err := newTestService(repo, now).Create(ctx, Caller{UserID: "cust", Role: identity.RoleCustomer}, Input{"done", rating(5), "Superb"})
		if err != nil || r.CustomerEmail != "form@example.com" {
			t.Fatalf("%+v %v", r, err)
		}
	})
	t.Run("store failure is internal, not a user error", func(t *testing.T) {
		repo := &memRepo{failGet: errors.New("connection refused")}
		_, err := newTestService(repo, now).Create(ctx, Caller{UserID: "cust", Role: identity.RoleCustomer}, Input{"done", rating(5), "Superb"})
		if err == nil || apperr.KindOf(err) != apperr.KindInternal {
			t.Fatalf("got %v", err)
		}
	})
}

func TestReviewListForProvider(t *testing.T) {
	repo := &memRepo{reviews: []Review{{ID: "r1", ProviderID: "prov", Rating: 5}, {ID: "r2", ProviderID: "other", Rating: 1},
		{ID: "r3", ProviderID: "prov", Rating: 2}, {ID: "r4", ProviderID: "prov", Rating: 4}}}
	s := newTestService(repo, time.Now())
	prov := Caller{UserID: "prov", Role: identity.RoleProvider}
	got, err := s.ListForProvider(context.Background(), prov, PageRequest{Limit: 2})
	if err != nil || len(got.Reviews) != 2 || got.Reviews[0].ID != "r4" || got.Reviews[1].ID != "r3" || got.Next == "" {
		t.Fatalf("%+v %v", got, err)
	}
	// The summary is of all three, not of the page.
	if got.Summary.Count != 3 || got.Summary.Average != 11.0/3 {
		t.Fatalf("summary %+v", got.Summary)
	}
	rest, err := s.ListForProvider(context.Background(), prov, PageRequest{Cursor: got.Next, Limit: 2})
	if err != nil || len(rest.Reviews) != 1 || rest.Reviews[0].ID != "r1" || rest.Next != "" {
		t.Fatalf("rest %+v %v", rest, err)
	}
	_, err = s.ListForProvider(context.Background(), Caller{UserID: "cust", Role: identity.RoleCustomer}, PageRequest{})
	if apperr.KindOf(err) != apperr.KindForbidden || err.Error() != MsgProvidersOnly {
		t.Fatalf("customer: %v", err)
	}
	for _, r := range []PageRequest{{Limit: -1}, {Cursor: "%%"}} {
		if _, err := s.ListForProvider(context.Background(), prov, r); apperr.KindOf(err) != apperr.KindInvalid {
			t.Fatalf("%+v: %v", r, err)
		}
	}
}

// A service's reviews are public: they name the reviewer by display name only, never by email.
func TestReviewListForServiceHidesEmails(t *testing.T) {
	repo := &memRepo{reviews: []Review{{ID: "r1", ServiceID: "svc", CustomerEmail: "asha.kulkarni@example.com", CustomerName: "Asha Kulkarni"}}}
	s := newTestService(repo, time.Now())
	page, err := s.ListForService(context.Background(), "svc", PageRequest{})
	got := page.Reviews
	if err != nil || len(got) != 1 || page.Next != "" {
		t.Fatalf("%+v %v", page, err)
	}
	if got[0].CustomerEmail != "" || DisplayName(got[0].CustomerName) != "Asha K." {
		t.Fatalf("public review %+v: want no email and the display name Asha K.", got[0])
	}
	if repo.reviews[0].CustomerEmail == "" {
		t.Fatal("the stored review lost its email")
	}
}

// A review takes the name its appointment was booked under.
func TestReviewCreateKeepsTheCustomerName(t *testing.T) {
	now := time.Now()
	repo := &memRepo{appts: map[string]Appointment{
		"done": {ID: "done", ServiceID: "svc", CustomerID: "cust", CustomerName: "Asha Kulkarni", ProviderID: "prov", Status: "completed", StartsAt: now.Add(-time.Hour)},
	}}
	s := newTestService(repo, now)
	r, err := s.Create(context.Background(), Caller{UserID: "cust", Role: identity.RoleCustomer}, Input{"done", rating(5), "Superb work"})
	if err != nil || r.CustomerName != "Asha Kulkarni" {
		t.Fatalf("%+v %v", r, err)
	}
}

// A service's reviews page newest first, every review once; a bad cursor
// or limit is a 400.
func TestReviewListForServicePages(t *testing.T) {
	repo := &memRepo{}
	for i := range 7 {
		repo.reviews = append(repo.reviews, Review{ID: fmt.Sprint("r", i), ServiceID: "svc", CreatedAt: time.Unix(int64(i), 0)})
	}
	repo.reviews = append(repo.reviews, Review{ID: "other", ServiceID: "svc-2"})
	s := newTestService(repo, time.Now())
	var got []string
	cursor := ""
	for pages := 0; ; pages++ {
		p, err := s.ListForService(context.Background(), "svc", PageRequest{Cursor: cursor, Limit: 3})
		if err != nil || pages > 3 {
			t.Fatalf("page %d: %v", pages, err)
		}
		for _, r := range p.Reviews {
			got = append(got, r.ID)
		}
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if fmt.Sprint(got) != "[r6 r5 r4 r3 r2 r1 r0]" {
		t.Fatalf("pages gave %v", got)
	}
	for _, bad := range []PageRequest{{Limit: -1}, {Cursor: "?"}, {Cursor: encodeCursor(PageKey{Seq: -1})}} {
		if _, err := s.ListForService(context.Background(), "svc", bad); apperr.KindOf(err) != apperr.KindInvalid {
			t.Fatalf("%+v: %v, want a 400", bad, err)
		}
	}
	if p, _ := s.ListForService(context.Background(), "svc", PageRequest{Limit: 1000}); len(p.Reviews) != 7 {
		t.Fatalf("limit 1000: %d", len(p.Reviews))
	}
}
