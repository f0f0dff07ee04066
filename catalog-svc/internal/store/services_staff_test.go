package store

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// TestServicesStaffForAPage: the members of a page of services come in
// one call, each once with the services they perform, hours and days off;
// a removed member is left out; more ids than a page holds is a 400.
func TestServicesStaffForAPage(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 2)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, func() time.Time { return now }, uuid.NewString)
	price, dur := 300.0, 30
	newService := func(c catalog.Caller, name string) catalog.Offering {
		t.Helper()
		o, err := domain.Create(ctx, c, catalog.Input{Name: name, Category: "Beauty & Personal Care", Description: "Nice and tidy",
			Price: &price, Duration: &dur, Provider: "Salon " + c.UserID, Location: "1 Road, City", Contact: "9876543210",
			TimeSlots: []string{"09:00", "10:00"}})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	p1 := catalog.Caller{UserID: "prov-1", Role: identity.RoleProvider}
	p2 := catalog.Caller{UserID: "prov-2", Role: identity.RoleProvider}
	cut, colour, massage := newService(p1, "Haircut"), newService(p1, "Colour"), newService(p2, "Massage")
	week := []catalog.WorkingHours{{Weekday: 1, From: "09:00", To: "17:00"}}
	zoe, err := domain.AddMember(ctx, p1, catalog.NewMember{Name: "Zoe", ServiceIDs: []string{cut.ID, colour.ID}, Hours: week})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := domain.AddMemberClosure(ctx, p1, zoe.ID, catalog.NewClosure{From: "2026-03-04", Note: "Dentist"}); err != nil {
		t.Fatal(err)
	}
	gone, err := domain.AddMember(ctx, p1, catalog.NewMember{Name: "Gone", ServiceIDs: []string{cut.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if err := domain.RemoveMember(ctx, p1, gone.ID); err != nil {
		t.Fatal(err)
	}

	staff, err := domain.ServicesStaff(ctx, []string{cut.ID, colour.ID, massage.ID, "not-a-uuid"})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]catalog.Member{}
	for _, m := range staff {
		if _, twice := byID[m.ID]; twice {
			t.Fatalf("%s listed twice", m.Name)
		}
		byID[m.ID] = m
	}
	owner1, owner2 := byID[identity.OwnerMemberID(p1.UserID)], byID[identity.OwnerMemberID(p2.UserID)]
	z := byID[zoe.ID]
	if len(staff) != 3 || owner1.ProviderID != p1.UserID || owner2.ProviderID != p2.UserID ||
		!slices.Contains(z.ServiceIDs, cut.ID) || !slices.Contains(z.ServiceIDs, colour.ID) ||
		len(z.Hours) != 1 || len(z.Closures) != 1 || z.Closures[0].Note != "Dentist" {
		t.Fatalf("a page's staff: %+v", staff)
	}
	if _, err := domain.ServicesStaff(ctx, make([]string, catalog.MaxLimit+1)); apperr.KindOf(err) != apperr.KindInvalid ||
		!strings.Contains(err.Error(), catalog.MsgTooManyServiceIDs) {
		t.Fatalf("over a page: %v", err)
	}
}
