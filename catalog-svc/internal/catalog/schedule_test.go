package catalog

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// memSchedules is memRepo's schedules by provider (closures of any date).
type memSchedules struct{ all map[string]Schedule }

func (m *memRepo) Schedules(_ context.Context, ids []string, today string) (map[string]Schedule, error) {
	out := map[string]Schedule{}
	for _, id := range ids {
		sc, ok := m.all[id]
		if !ok {
			continue
		}
		kept := Schedule{QueueOpen: sc.QueueOpen, Closures: []Closure{}}
		for _, c := range sc.Closures {
			if c.To >= today {
				kept.Closures = append(kept.Closures, c)
			}
		}
		out[id] = kept
	}
	return out, nil
}

func (m *memRepo) scheduleOf(id string) Schedule {
	if sc, ok := m.all[id]; ok {
		return sc
	}
	return OpenSchedule()
}

func (m *memRepo) SetQueue(_ context.Context, providerID string, open bool, _ time.Time) error {
	sc := m.scheduleOf(providerID)
	sc.QueueOpen = open
	m.all[providerID] = sc
	return nil
}

func (m *memRepo) AddClosure(_ context.Context, providerID string, c Closure, today string, max int, _ time.Time) error {
	sc := m.scheduleOf(providerID)
	if got, _ := m.Schedules(context.Background(), []string{providerID}, today); len(got[providerID].Closures) >= max {
		return ErrTooManyClosures
	}
	sc.Closures = append(sc.Closures, c)
	m.all[providerID] = sc
	return nil
}

func (m *memRepo) DeleteClosure(_ context.Context, providerID, id string, _ time.Time) error {
	sc := m.scheduleOf(providerID)
	for i, c := range sc.Closures {
		if c.ID == id {
			sc.Closures = append(sc.Closures[:i:i], sc.Closures[i+1:]...)
			m.all[providerID] = sc
			return nil
		}
	}
	return ErrNotFound
}

func TestScheduleDefaultsOpenAndTravelsWithServices(t *testing.T) {
	s, _ := newTestService()
	ctx := context.Background()
	p := Caller{UserID: "p1", Role: identity.RoleProvider}
	o, err := s.Create(ctx, p, validInput())
	if err != nil {
		t.Fatal(err)
	}
	if !o.QueueOpen || len(o.Closures) != 0 {
		t.Fatalf("new service: queueOpen %v closures %v, want open with none", o.QueueOpen, o.Closures)
	}
	closed := false
	sc, err := s.SetQueue(ctx, p, &closed)
	if err != nil || sc.QueueOpen {
		t.Fatalf("SetQueue(false) = %+v, %v", sc, err)
	}
	// The test clock is 2026-11-21 10:00 UTC.
	if sc, err = s.AddClosure(ctx, p, NewClosure{From: "2026-11-23", To: "2026-11-24", Note: " Diwali "}); err != nil {
		t.Fatal(err)
	}
	if len(sc.Closures) != 1 || sc.Closures[0] != (Closure{ID: sc.Closures[0].ID, From: "2026-11-23", To: "2026-11-24", Note: "Diwali"}) {
		t.Fatalf("closures %+v", sc.Closures)
	}
	got, err := s.Get(ctx, o.ID)
	if err != nil || got.QueueOpen || len(got.Closures) != 1 {
		t.Fatalf("Get: queueOpen %v closures %v (%v), want closed with the closure", got.QueueOpen, got.Closures, err)
	}
	if sc, err = s.DeleteClosure(ctx, p, sc.Closures[0].ID); err != nil || len(sc.Closures) != 0 {
		t.Fatalf("DeleteClosure = %+v, %v", sc, err)
	}
	if _, err := s.DeleteClosure(ctx, p, "nope"); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("deleting an unknown closure: %v, want not found", err)
	}
}

func TestClosureRules(t *testing.T) {
	s, _ := newTestService()
	ctx := context.Background()
	p := Caller{UserID: "p1", Role: identity.RoleProvider}
	for _, tc := range []struct {
		in   NewClosure
		want string
	}{
		{NewClosure{From: ""}, MsgClosureFrom},
		{NewClosure{From: "21/11/2026"}, MsgClosureFrom},
		{NewClosure{From: "2026-11-25", To: "2026-11-24"}, MsgClosureTo},
		{NewClosure{From: "2026-11-25", To: "tomorrow"}, MsgClosureTo},
		{NewClosure{From: "2026-11-20"}, MsgClosurePast},
		{NewClosure{From: "2027-12-01"}, MsgClosureTooFar},
		{NewClosure{From: "2026-11-22", To: "2027-02-22"}, MsgClosureTooLong},
		{NewClosure{From: "2026-11-22", Note: "a\x00b"}, "Note contains characters that are not allowed"},
	} {
		_, err := s.AddClosure(ctx, p, tc.in)
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Kind != apperr.KindInvalid || ae.Message != tc.want {
			t.Errorf("AddClosure(%+v) = %v, want invalid %q", tc.in, err, tc.want)
		}
	}
	// Today and a 92-day run are fine; the 51st run ahead is refused.
	if _, err := s.AddClosure(ctx, p, NewClosure{From: "2026-11-21", To: "2027-02-20"}); err != nil {
		t.Fatalf("92 days from today: %v", err)
	}
	for i := 1; i < MaxClosures; i++ {
		if _, err := s.AddClosure(ctx, p, NewClosure{From: "2026-12-01"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AddClosure(ctx, p, NewClosure{From: "2026-12-02"}); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("closure %d: %v, want conflict", MaxClosures+1, err)
	}
	if _, err := s.SetQueue(ctx, p, nil); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("SetQueue(nil): %v, want invalid", err)
	}
	c := Caller{UserID: "c1", Role: identity.RoleCustomer}
	if _, err := s.MySchedule(ctx, c); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a customer's schedule: %v, want forbidden", err)
	}
}
