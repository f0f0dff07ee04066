package store

import (
	"context"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// migrationsBefore is the migrations folder with only the files named
// before name: a database as an older release left it.
func migrationsBefore(t *testing.T, name string) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() >= name {
			continue
		}
		body, err := fs.ReadFile(Migrations, "migrations/"+e.Name())
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = &fstest.MapFile{Data: body}
	}
	return out
}

// TestMigrationGivesEveryProviderAnOwner: migration 008 on a database of
// an older release makes, for each provider with services left, one owner
// named after their newest service's business, with the id booking-svc
// computes (identity.OwnerMemberID), performing every undeleted service,
// and none for a provider whose services are all deleted.
func TestMigrationGivesEveryProviderAnOwner(t *testing.T) {
	ctx := context.Background()
	pool, err := postgres.Open(ctx, testkit.NewDatabase(t), "catalog", postgres.Options{MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := postgres.Migrate(ctx, pool, "catalog", migrationsBefore(t, "008")); err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type row struct {
		provider, business string
		deleted            bool
	}
	rows := []row{{"p1", "Old Name", false}, {"p1", "Smile Clinic", false}, {"p1", "Gone", true}, {"p2", "", false}, {"p3", "Closed Co", true}}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = uuid.NewString()
		var deleted *time.Time
		if r.deleted {
			deleted = &base
		}
		if _, err := pool.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
			duration, provider, location, contact, time_slots, is_active, created_at, updated_at, deleted_at)
			VALUES ($1, $2, 'Check-up', 'Others', 'others', 'd', 100, 30, $3, 'Somewhere', '9876543210', '{09:00}', true, $4, $4, $5)`,
			ids[i], r.provider, r.business, base.Add(time.Duration(i)*time.Hour), deleted); err != nil {
			t.Fatal(err)
		}
	}
	if err := postgres.Migrate(ctx, pool, "catalog", mustSub(t)); err != nil {
		t.Fatal(err)
	}
	repo := Services{Pool: pool}
	p1, err := repo.Staff(ctx, "p1", "2026-01-01")
	if err != nil {
		t.Fatal(err)
	}
	if len(p1) != 1 || p1[0].ID != identity.OwnerMemberID("p1") || !p1[0].IsOwner || p1[0].Name != "Smile Clinic" {
		t.Fatalf("p1's team after the migration: %+v", p1)
	}
	want := []string{ids[0], ids[1]}
	slices.Sort(want)
	if !slices.Equal(p1[0].ServiceIDs, want) {
		t.Fatalf("the owner performs %v, want the undeleted services %v", p1[0].ServiceIDs, want)
	}
	if len(p1[0].Hours) != 7 || p1[0].Hours[0] != (catalog.WorkingHours{Weekday: 0, From: "00:00", To: "24:00"}) {
		t.Fatalf("the owner's hours: %+v", p1[0].Hours)
	}
	if p2, _ := repo.Staff(ctx, "p2", "2026-01-01"); len(p2) != 1 || p2[0].Name != "Owner" {
		t.Fatalf("a provider without a business name: %+v", p2)
	}
	if p3, _ := repo.Staff(ctx, "p3", "2026-01-01"); len(p3) != 0 {
		t.Fatalf("a provider with only deleted services got a team: %+v", p3)
	}
}

func mustSub(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// TestTeamRules runs the team calls on PostgreSQL: the first service makes
// the owner; members are validated, listed owner first, assigned only the
// provider's own services, limited to MaxStaff; the owner stays; a removed
// member leaves the services' staff; a member's days off travel to
// booking-svc with the members performing a service.
func TestTeamRules(t *testing.T) {
	ctx := context.Background()
	pool := testkit.NewPool(t, "catalog", Migrations, "migrations", 2)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	domain := catalog.NewService(Services{Pool: pool}, time.UTC, func() time.Time { return now }, uuid.NewString)
	owner := catalog.Caller{UserID: "prov-1", Role: identity.RoleProvider}
	other := catalog.Caller{UserID: "prov-2", Role: identity.RoleProvider}
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
	cut := newService(owner, "Haircut")
	if len(cut.Staff) != 1 || cut.Staff[0].ID != identity.OwnerMemberID(owner.UserID) || cut.Staff[0].Name != "Salon prov-1" {
		t.Fatalf("a first service's staff: %+v", cut.Staff)
	}
	colour := newService(owner, "Colour")
	foreign := newService(other, "Massage")

	week := []catalog.WorkingHours{{Weekday: 1, From: "09:00", To: "17:00"}, {Weekday: 2, From: "09:00", To: "13:00"}}
	for _, tc := range []struct {
		in   catalog.NewMember
		kind apperr.Kind
		msg  string
	}{
		{catalog.NewMember{Name: " ", Hours: week}, apperr.KindInvalid, catalog.MsgStaffName},
		{catalog.NewMember{Name: strings.Repeat("a", 81)}, apperr.KindInvalid, catalog.MsgStaffName},
		{catalog.NewMember{Name: "Ravi", Email: "not-mail"}, apperr.KindInvalid, catalog.MsgStaffEmail},
		{catalog.NewMember{Name: "Ravi", ServiceIDs: []string{foreign.ID}}, apperr.KindInvalid, catalog.MsgStaffService},
		{catalog.NewMember{Name: "Ravi", ServiceIDs: []string{"nope"}}, apperr.KindInvalid, catalog.MsgStaffService},
		{catalog.NewMember{Name: "Ravi", Hours: []catalog.WorkingHours{{Weekday: 7, From: "09:00", To: "10:00"}}}, apperr.KindInvalid, catalog.MsgStaffWeekday},
		{catalog.NewMember{Name: "Ravi", Hours: []catalog.WorkingHours{{Weekday: 1, From: "9:00", To: "10:00"}}}, apperr.KindInvalid, catalog.MsgStaffHoursFormat},
		{catalog.NewMember{Name: "Ravi", Hours: []catalog.WorkingHours{{Weekday: 1, From: "10:00", To: "10:00"}}}, apperr.KindInvalid, catalog.MsgStaffHoursOrder},
		{catalog.NewMember{Name: "Ravi", Hours: []catalog.WorkingHours{{Weekday: 1, From: "09:00", To: "10:00"}, {Weekday: 1, From: "11:00", To: "12:00"}}}, apperr.KindInvalid, catalog.MsgStaffHoursTwice},
	} {
		_, err := domain.AddMember(ctx, owner, tc.in)
		if apperr.KindOf(err) != tc.kind || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("AddMember(%+v) = %v, want %v %q", tc.in, err, tc.kind, tc.msg)
		}
	}
	if _, err := domain.AddMember(ctx, catalog.Caller{UserID: "c", Role: identity.RoleCustomer}, catalog.NewMember{Name: "X"}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a customer adding a member: %v", err)
	}

	zoe, err := domain.AddMember(ctx, owner, catalog.NewMember{Name: "Zoe", Email: "zoe@example.com", ServiceIDs: []string{cut.ID, colour.ID, cut.ID}, Hours: week})
	if err != nil {
		t.Fatal(err)
	}
	ann, err := domain.AddMember(ctx, owner, catalog.NewMember{Name: "Ann", ServiceIDs: []string{colour.ID}})
	if err != nil {
		t.Fatal(err)
	}
	team, err := domain.Staff(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range team {
		names = append(names, m.Name)
	}
	if !slices.Equal(names, []string{"Salon prov-1", "Ann", "Zoe"}) {
		t.Fatalf("the team in order: %v", names)
	}
	if len(zoe.ServiceIDs) != 2 || zoe.Email != "zoe@example.com" || len(zoe.Hours) != 2 {
		t.Fatalf("Zoe as added: %+v", zoe)
	}
	got, err := domain.Get(ctx, colour.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Staff) != 3 || got.Staff[0].Name != "Salon prov-1" || got.Staff[1].Name != "Ann" {
		t.Fatalf("Colour's staff: %+v", got.Staff)
	}

	// Another provider cannot see or change the member.
	if _, err := domain.UpdateMember(ctx, other, zoe.ID, catalog.MemberPatch{Name: ptr("Mine")}); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another provider's PATCH: %v", err)
	}
	renamed, err := domain.UpdateMember(ctx, owner, zoe.ID, catalog.MemberPatch{Name: ptr("Zoe K"), ServiceIDs: []string{cut.ID}})
	if err != nil || renamed.Name != "Zoe K" || !slices.Equal(renamed.ServiceIDs, []string{cut.ID}) || len(renamed.Hours) != 2 {
		t.Fatalf("PATCH name and services: %+v, %v", renamed, err)
	}

	if err := domain.RemoveMember(ctx, owner, identity.OwnerMemberID(owner.UserID)); apperr.KindOf(err) != apperr.KindConflict || !strings.Contains(err.Error(), catalog.MsgOwnerStays) {
		t.Fatalf("removing the owner: %v", err)
	}
	if err := domain.RemoveMember(ctx, other, ann.ID); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another provider removing Ann: %v", err)
	}
	removedBefore := testkit.Count(t, pool, `SELECT count(*) FROM outbox WHERE topic = 'catalog.services.v1' AND key = $1`, owner.UserID)
	if err := domain.RemoveMember(ctx, owner, ann.ID); err != nil {
		t.Fatal(err)
	}
	// booking-svc is told, to hand Ann's upcoming appointments back to the
	// owner: one member_removed event, keyed by the provider, in the removal's
	// transaction.
	if n := testkit.Count(t, pool, `SELECT count(*) FROM outbox WHERE topic = 'catalog.services.v1' AND key = $1`,
		owner.UserID); n != removedBefore+1 {
		t.Fatalf("events keyed by the provider after removing Ann: %d, want %d", n, removedBefore+1)
	}
	var removed eventsv1.ServiceEvent
	var payload []byte
	if err := pool.QueryRow(ctx, `SELECT payload FROM outbox WHERE topic = 'catalog.services.v1' AND key = $1 ORDER BY id DESC LIMIT 1`,
		owner.UserID).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	if err := proto.Unmarshal(payload, &removed); err != nil || removed.GetType() != EventMemberRemoved ||
		removed.GetStaffId() != ann.ID || removed.GetProviderId() != owner.UserID || removed.GetEventId() == "" {
		t.Fatalf("the removal's event: %+v, %v", &removed, err)
	}
	if got, _ := domain.Get(ctx, colour.ID); len(got.Staff) != 1 {
		t.Fatalf("Colour's staff after Ann left and Zoe stopped: %+v", got.Staff)
	}

	// A day off of Zoe's reaches booking-svc with Cut's members.
	if _, err := domain.AddMemberClosure(ctx, owner, zoe.ID, catalog.NewClosure{From: "2026-03-01"}); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("a day off in the past: %v", err)
	}
	withOff, err := domain.AddMemberClosure(ctx, owner, zoe.ID, catalog.NewClosure{From: "2026-03-04", Note: "Dentist"})
	if err != nil || len(withOff.Closures) != 1 || withOff.Closures[0].To != "2026-03-04" {
		t.Fatalf("Zoe's day off: %+v, %v", withOff, err)
	}
	staff, err := domain.ServiceStaff(ctx, cut.ID)
	if err != nil || len(staff) != 2 || staff[1].Name != "Zoe K" || len(staff[1].Closures) != 1 || staff[1].Closures[0].Note != "Dentist" {
		t.Fatalf("Cut's staff for booking: %+v, %v", staff, err)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM outbox WHERE topic = 'catalog.services.v1'
		AND key = $1`, cut.ID); n < 2 {
		t.Fatalf("Cut's events after the member's day off: %d, want created and schedule", n)
	}
	back, err := domain.DeleteMemberClosure(ctx, owner, zoe.ID, withOff.Closures[0].ID)
	if err != nil || len(back.Closures) != 0 {
		t.Fatalf("reopening Zoe's day: %+v, %v", back, err)
	}

	// At most MaxStaff members (the owner and Zoe are two already).
	for i := range catalog.MaxStaff - 2 {
		if _, err := domain.AddMember(ctx, owner, catalog.NewMember{Name: "M" + string(rune('A'+i%26)) + uuid.NewString()[:4]}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := domain.AddMember(ctx, owner, catalog.NewMember{Name: "One too many"}); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("the 51st member: %v", err)
	}
}
