// Package compat checks that a release's migrations never stop the
// service during a rollout (docs/operations.md, "Migrations that never stop
// the service"): the previous commit's programs keep working on the new
// schema, and this tree's programs work on the data the previous ones wrote.
package compat

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stackproc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/testkit"
)

// release is one devstack binary and the tree it runs from.
type release struct {
	name, bin, root string
}

func oldRelease() release {
	return release{"previous (" + build.prevRev[:12] + ")", build.prevBin, build.prevDir}
}
func newRelease() release { return release{"this tree", build.newBin, build.root} }

// stack is one devstack process on a given database.
type stack struct {
	*stackproc.Process
	stacktest.Client
}

// start runs r's devstack on db until it is ready; both releases of one
// test share the signing key, as a rollout shares its secret.
func start(t *testing.T, r release, db string, key ed25519.PrivateKey) *stack {
	t.Helper()
	var log io.Writer
	if os.Getenv("STACK_LOG") == "1" {
		log = os.Stderr
	}
	env := []string{"DATABASE_URL=" + db, "JWT_SIGNING_KEY=" + base64.StdEncoding.EncodeToString(key.Seed()),
		"AUTH_RATE_LIMIT_PER_MINUTE=100000", "BOOKING_RATE_LIMIT_PER_MINUTE=0", "LOG_LEVEL=warn"}
	p, err := stackproc.Start(context.Background(), stackproc.Options{Bin: r.bin, Root: r.root, Dir: t.TempDir(), Env: env, Log: log}, 90*time.Second)
	if err != nil {
		t.Fatalf("start the %s devstack: %v (STACK_LOG=1 shows its output)", r.name, err)
	}
	t.Cleanup(p.Stop)
	if err := stacktest.WaitReady(context.Background(), p.API, 60*time.Second); err != nil {
		p.Stop()
		t.Fatalf("the %s devstack: %v", r.name, err)
	}
	return &stack{Process: p, Client: stacktest.Client{BaseURL: p.API}}
}

func newKey(t *testing.T) ed25519.PrivateKey {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// tomorrow is a bookable date (the window is the next 10 days, India time).
func tomorrow() string {
	loc, _ := time.LoadLocation("Asia/Kolkata")
	return time.Now().In(loc).AddDate(0, 0, 1).Format("2006-01-02")
}

// booked is the data one release writes: two users, a service, a booking.
type booked struct {
	customer, provider stacktest.User
	serviceID, id      string
	appointment        map[string]any // as the customer read it back
}

// bookOnce registers a provider and a customer, publishes a service, books
// its 09:00 slot tomorrow and reads the booking back.
func bookOnce(t *testing.T, s *stack) booked {
	t.Helper()
	var b booked
	b.provider, b.customer = s.NewUser(t, "provider"), s.NewUser(t, "customer")
	b.serviceID = s.Post(t, "/services", b.provider.Token, map[string]any{
		"name": "Dental check-up", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
		"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
		"timeSlots": []string{"09:00", "10:00"},
	}).ExpectStatus(t, http.StatusCreated).String("data._id")
	b.id = book(t, s, b.customer, b.serviceID, "09:00")
	b.appointment = readBack(t, s, b.customer, b.id)
	if b.appointment["serviceId"] != b.serviceID || b.appointment["date"] != tomorrow() || b.appointment["notes"] != "First visit" {
		t.Fatalf("the booking read back: %v", b.appointment)
	}
	return b
}

func book(t *testing.T, s *stack, c stacktest.User, serviceID, slot string) string {
	t.Helper()
	id := s.Post(t, "/appointments", c.Token, map[string]any{
		"serviceId": serviceID, "date": tomorrow(), "time": slot, "notes": "First visit",
		"customerName": "Asha Rao", "customerEmail": "asha@example.com", "customerPhone": "+91 98765-43210",
		"customerAddress": "12 MG Road, Bengaluru",
	}).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	if id == "" {
		t.Fatal("POST /appointments returned no appointment._id")
	}
	return id
}

func readBack(t *testing.T, s *stack, c stacktest.User, id string) map[string]any {
	t.Helper()
	r := s.Get(t, "/appointments/"+id, c.Token).ExpectStatus(t, http.StatusOK)
	a, ok := r.Field("appointment").(map[string]any)
	if !ok || a["_id"] != id {
		t.Fatalf("GET /appointments/%s: %s", id, r.Raw)
	}
	return a
}

func confirm(t *testing.T, s *stack, provider stacktest.User, id string) {
	t.Helper()
	r := s.Patch(t, "/appointments/"+id+"/provider-status", provider.Token, map[string]any{"status": "confirmed"}).ExpectStatus(t, http.StatusOK)
	if got := r.String("appointment.status"); got != "confirmed" {
		t.Fatalf("confirmed by the provider: %s", r.Raw)
	}
}

// Old programs on the new schema: during a rollout the previous release
// keeps serving after the new one has migrated. Its migrator must accept
// the newer applied migrations, and everything it does must still work.
func TestPreviousReleaseOnNewSchema(t *testing.T) {
	if build.skip != "" {
		t.Skip(build.skip)
	}
	db, key := testkit.NewDatabase(t), newKey(t)
	start(t, newRelease(), db, key).Stop() // migrates to this tree's schema

	old := start(t, oldRelease(), db, key)
	b := bookOnce(t, old)
	old.Login(t, b.customer.Email, b.customer.Password, "customer")
	confirm(t, old, b.provider, b.id)
	if got := readBack(t, old, b.customer, b.id)["status"]; got != "confirmed" {
		t.Fatalf("after the provider confirmed, the customer reads status %v", got)
	}
}

// New programs on the old data: what the previous release wrote reads back
// unchanged after this tree's migrations ran over it, and booking goes on.
func TestNewReleaseOnPreviousData(t *testing.T) {
	if build.skip != "" {
		t.Skip(build.skip)
	}
	db, key := testkit.NewDatabase(t), newKey(t)
	old := start(t, oldRelease(), db, key)
	b := bookOnce(t, old)
	old.Stop()

	cur := start(t, newRelease(), db, key)
	customer := cur.Login(t, b.customer.Email, b.customer.Password, "customer")
	provider := cur.Login(t, b.provider.Email, b.provider.Password, "provider")
	got := readBack(t, cur, customer, b.id)
	for field, was := range b.appointment {
		if !reflect.DeepEqual(got[field], was) {
			t.Errorf("the old booking's %s: %v, the previous release read %v", field, got[field], was)
		}
	}
	next := book(t, cur, customer, b.serviceID, "10:00")
	confirm(t, cur, provider, b.id)
	confirm(t, cur, provider, next)
}
