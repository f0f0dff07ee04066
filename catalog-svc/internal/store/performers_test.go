package store

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// A service cannot lose its last performer: removing the member, or the
// member dropping it, is a 409 naming the services while nobody else
// performs them, and goes through once someone does; a deleted service
// does not hold its member.
func TestServiceKeepsAPerformer(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 4)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, func() time.Time { return now }, uuid.NewString)
	p := catalog.Caller{UserID: "prov-1", Role: identity.RoleProvider}
	newService := newServiceFor(t, domain)
	cut, colour, nails := newService(p, "Haircut"), newService(p, "Colour"), newService(p, "Nails")
	owner := identity.OwnerMemberID(p.UserID)
	zoe, err := domain.AddMember(ctx, p, catalog.NewMember{Name: "Zoe", ServiceIDs: []string{cut.ID, colour.ID, nails.ID}})
	if err != nil {
		t.Fatal(err)
	}
	// The owner hands Colour and Nails to Zoe: she is now their only performer.
	if _, err := domain.UpdateMember(ctx, p, owner, catalog.MemberPatch{ServiceIDs: []string{cut.ID}}); err != nil {
		t.Fatal(err)
	}
	want := "Zoe is the only team member who performs Colour and Nails: choose another member to perform them first"
	err = domain.RemoveMember(ctx, p, zoe.ID)
	if apperr.KindOf(err) != apperr.KindConflict || err.Error() != want {
		t.Fatalf("removing the last performer: %v, want 409 %q", err, want)
	}
	_, err = domain.UpdateMember(ctx, p, zoe.ID, catalog.MemberPatch{ServiceIDs: []string{cut.ID, nails.ID}})
	if want := "Zoe is the only team member who performs Colour: choose another member to perform it first"; apperr.KindOf(err) != apperr.KindConflict || err.Error() != want {
		t.Fatalf("the last performer dropping Colour: %v, want 409 %q", err, want)
	}
	if got, _ := domain.Get(ctx, colour.ID); len(got.Staff) != 1 {
		t.Fatalf("Colour's staff after the refusals: %+v", got.Staff)
	}
	// Someone else takes Colour; Nails is deleted: Zoe may go.
	if _, err := domain.AddMember(ctx, p, catalog.NewMember{Name: "Ann", ServiceIDs: []string{colour.ID}}); err != nil {
		t.Fatal(err)
	}
	if err := domain.Delete(ctx, p, nails.ID); err != nil {
		t.Fatal(err)
	}
	if err := domain.RemoveMember(ctx, p, zoe.ID); err != nil {
		t.Fatalf("removing Zoe once Ann performs Colour and Nails is gone: %v", err)
	}
}

// Two changes at once that would each leave the other's service empty:
// exactly one goes through, every time.
func TestLastPerformerUnderConcurrency(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 8)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, func() time.Time { return now }, uuid.NewString)
	newService := newServiceFor(t, domain)
	for round := range 15 {
		p := catalog.Caller{UserID: fmt.Sprintf("prov-%d", round), Role: identity.RoleProvider}
		keep, shared := newService(p, "Haircut"), newService(p, "Colour")
		ann, err := domain.AddMember(ctx, p, catalog.NewMember{Name: "Ann", ServiceIDs: []string{keep.ID, shared.ID}})
		if err != nil {
			t.Fatal(err)
		}
		// Colour: the owner and Ann. One drops it while the other is removed.
		owner := identity.OwnerMemberID(p.UserID)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Go(func() {
			_, errs[0] = domain.UpdateMember(ctx, p, owner, catalog.MemberPatch{ServiceIDs: []string{keep.ID}})
		})
		wg.Go(func() { errs[1] = domain.RemoveMember(ctx, p, ann.ID) })
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.KindOf(err) != apperr.KindConflict || !strings.Contains(err.Error(), "only team member who performs Colour"):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if got, err := domain.Get(ctx, shared.ID); ok != 1 || err != nil || len(got.Staff) != 1 {
			t.Fatalf("round %d: %d went through (%v), Colour's staff %+v", round, ok, errs, got.Staff)
		}
	}
}

func newServiceFor(t *testing.T, domain catalog.Service) func(catalog.Caller, string) catalog.Offering {
	price, dur := 300.0, 30
	return func(c catalog.Caller, name string) catalog.Offering {
		t.Helper()
		o, err := domain.Create(context.Background(), c, catalog.Input{Name: name, Category: "Beauty & Personal Care", Description: "Nice and tidy",
			Price: &price, Duration: &dur, Provider: "Salon " + c.UserID, Location: "1 Road, City", Contact: "9876543210",
			TimeSlots: []string{"09:00", "10:00"}})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
}
