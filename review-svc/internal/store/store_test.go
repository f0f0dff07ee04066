package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

func openPool(t *testing.T) *pgxpool.Pool {
	return testkit.NewPool(t, "review", Migrations, "migrations", 0)
}

func TestReviewProjectionKeepsHighestVersion(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	p := Appointments{Pool: pool}
	repo := Reviews{Pool: pool}
	start := time.Date(2026, 12, 2, 4, 30, 0, 0, time.UTC)
	at := func(status string, version int64) review.Appointment {
		return review.Appointment{ID: "appt-1", ServiceID: "svc-1", ServiceName: "Cut", CustomerID: "cust",
			CustomerEmail: "c@example.com", ProviderID: "prov", Status: status, StartsAt: start, Version: version}
	}
	steps := []struct {
		what   string
		a      review.Appointment
		status string
	}{
		{"created", at("pending", 1), "pending"},
		{"v3", at("confirmed", 3), "confirmed"},
		{"v2 arrives late", at("scheduled", 2), "confirmed"},
		{"v3 redelivered", at("confirmed", 3), "confirmed"},
		{"replay from offset 0", at("pending", 1), "confirmed"},
		{"v4", at("completed", 4), "completed"},
		{"v4 again", at("completed", 4), "completed"},
		{"an older version, other status", at("in-progress", 3), "completed"},
	}
	for _, s := range steps {
		if err := p.ApplyAll(ctx, []review.Appointment{s.a}); err != nil {
			t.Fatal(err)
		}
		got, err := repo.Appointment(ctx, "appt-1")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != s.status {
			t.Fatalf("after %s (v%d): status=%s, want %s", s.what, s.a.Version, got.Status, s.status)
		}
	}
	if _, err := repo.Appointment(ctx, "nope"); !errors.Is(err, review.ErrNotFound) {
		t.Fatalf("unknown appointment: %v", err)
	}
}

// A batch applies in order as one transaction: all of it, or (when one
// statement fails) none of it, so the retry starts clean.
func TestReviewProjectionBatchIsAllOrNothing(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	p := Appointments{Pool: pool}
	repo := Reviews{Pool: pool}
	start := time.Date(2026, 12, 2, 4, 30, 0, 0, time.UTC)
	ev := func(id, status string, version int64) review.Appointment {
		return review.Appointment{ID: id, ServiceID: "svc-1", CustomerID: "cust", Status: status, StartsAt: start, Version: version}
	}
	batch := []review.Appointment{ev("appt-1", "pending", 1), ev("appt-2", "pending", 1),
		ev("appt-1", "confirmed", 2), ev("appt-1", "pending", 1)}
	if err := p.ApplyAll(ctx, batch); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"appt-1": "confirmed", "appt-2": "pending"} {
		if got, err := repo.Appointment(ctx, id); err != nil || got.Status != want {
			t.Fatalf("%s: %+v %v, want %s", id, got, err, want)
		}
	}
	// NUL cannot be stored in text: the third statement fails, and the
	// first two must not have happened either.
	bad := []review.Appointment{ev("appt-3", "pending", 1), ev("appt-1", "completed", 3), ev("appt-\x00", "pending", 1)}
	if err := p.ApplyAll(ctx, bad); err == nil {
		t.Fatal("a batch with an impossible row must fail")
	}
	if _, err := repo.Appointment(ctx, "appt-3"); !errors.Is(err, review.ErrNotFound) {
		t.Fatalf("appt-3 stored by a failed batch: %v", err)
	}
	if got, _ := repo.Appointment(ctx, "appt-1"); got.Status != "confirmed" {
		t.Fatalf("appt-1 changed by a failed batch: %s", got.Status)
	}
}

func TestReviewCreateWritesReviewAndEventOnce(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	kicks := 0
	repo := Reviews{Pool: pool, Kick: func() { kicks++ }}
	now := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	r := review.Review{ID: uuid.NewString(), AppointmentID: "appt-1", ServiceID: "svc-1", ServiceName: "Cut", ProviderID: "prov",
		CustomerID: "cust", CustomerEmail: "c@example.com", Rating: 4, Comment: "Very good", CreatedAt: now}
	eventID := uuid.NewString()
	if err := repo.Create(ctx, r, eventID); err != nil {
		t.Fatal(err)
	}
	dup := r
	dup.ID = uuid.NewString()
	if err := repo.Create(ctx, dup, uuid.NewString()); !errors.Is(err, review.ErrAlreadyReviewed) {
		t.Fatalf("duplicate: %v", err)
	}
	if kicks != 1 {
		t.Fatalf("relay kicked %d times, want 1 (only after a commit)", kicks)
	}
	var topic, key string
	var payload []byte
	var rows int
	pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&rows)
	if err := pool.QueryRow(ctx, `SELECT topic, key, payload FROM outbox`).Scan(&topic, &key, &payload); err != nil || rows != 1 {
		t.Fatalf("outbox: %d rows, %v", rows, err)
	}
	var ev eventsv1.ReviewEvent
	if err := proto.Unmarshal(payload, &ev); err != nil {
		t.Fatal(err)
	}
	if topic != topics.Reviews || key != "svc-1" || ev.EventId != eventID || ev.ReviewId != r.ID || ev.AppointmentId != "appt-1" ||
		ev.ServiceId != "svc-1" || ev.CustomerId != "cust" || ev.Rating != 4 || ev.ProviderId != "prov" || ev.ServiceName != "Cut" || ev.Type != "created" || !ev.OccurredAt.AsTime().Equal(now) {
		t.Fatalf("event %s/%s %v", topic, key, &ev)
	}
}

func TestReviewConcurrentSubmissionsOfOneAppointment(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	repo := Reviews{Pool: pool}
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = repo.Create(ctx, review.Review{ID: uuid.NewString(), AppointmentID: "appt-race", ServiceID: "svc", CustomerID: "cust",
				Rating: 5, Comment: "Great stuff", CreatedAt: time.Now()}, uuid.NewString())
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, review.ErrAlreadyReviewed):
			t.Fatalf("unexpected error %v", err)
		}
	}
	var reviews, events int
	pool.QueryRow(ctx, `SELECT count(*) FROM reviews`).Scan(&reviews)
	pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&events)
	if won != 1 || reviews != 1 || events != 1 {
		t.Fatalf("won=%d reviews=%d events=%d, want 1 each", won, reviews, events)
	}
}

func TestReviewListsNewestFirst(t *testing.T) {
	pool := openPool(t)
	ctx := context.Background()
	repo := Reviews{Pool: pool}
	t0 := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	add := func(appt, svc, prov string, at time.Time) string {
		id := uuid.NewString()
		if err := repo.Create(ctx, review.Review{ID: id, AppointmentID: appt, ServiceID: svc, ProviderID: prov, CustomerID: "c",
			Rating: 3, Comment: "Okay-ish", CreatedAt: at}, uuid.NewString()); err != nil {
			t.Fatal(err)
		}
		return id
	}
	a := add("a1", "s1", "p1", t0)
	b := add("a2", "s1", "p1", t0.Add(time.Hour))
	c := add("a3", "s1", "p1", t0.Add(time.Hour)) // same instant as b: written later, listed first
	d := add("a4", "s2", "p1", t0)
	add("a5", "s3", "p2", t0)
	ids := func(rs []review.Review, err error) []string {
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	if got, want := ids(repo.ByService(ctx, "s1", nil, 10)), []string{c, b, a}; !equal(got, want) {
		t.Fatalf("by service %v, want %v", got, want)
	}
	if got, want := ids(repo.ByProvider(ctx, "p1", nil, 10)), []string{c, b, d, a}; !equal(got, want) && !equal(got, []string{c, b, a, d}) {
		t.Fatalf("by provider %v, want %v", got, want)
	}
	// A page of two, then the rest after its last (b, tied with c in time).
	first, err := repo.ByService(ctx, "s1", nil, 2)
	if got := ids(first, err); !equal(got, []string{c, b}) {
		t.Fatalf("first page %v", got)
	}
	after := &review.PageKey{CreatedAt: first[1].CreatedAt, Seq: first[1].Seq}
	if got := ids(repo.ByService(ctx, "s1", after, 2)); !equal(got, []string{a}) {
		t.Fatalf("page after b %v, want [a]", got)
	}
	if got := ids(repo.ByService(ctx, "none", nil, 10)); len(got) != 0 {
		t.Fatalf("unknown service: %v", got)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
