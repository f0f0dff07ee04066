package integration

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

const msgAccountGone = "This account has been deleted"

// erasureService is a provider's bookable service for the erasure tests.
func erasureService(t *testing.T, st *stacktest.Stack, p person) string {
	t.Helper()
	return st.Post(t, "/services", p.Token, map[string]any{
		"name": "Erasure follow-up", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
		"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": p.phone,
		"timeSlots": []string{"14:30", "16:00"},
	}).ExpectStatus(t, http.StatusCreated).String("data._id")
}

// personalBooking is a booking body that carries c's own name, email and phone.
func personalBooking(c person, svc, date, clock string) map[string]any {
	b := bkBody(svc, date, clock)
	b["customerName"], b["customerEmail"], b["customerPhone"], b["notes"] = c.name, c.Email, c.phone, "Call "+c.phone
	return b
}

// expectNothingOf fails if any row of any schema holds p's name, email or phone.
func expectNothingOf(t *testing.T, st *stacktest.Stack, p person) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if left := holders(t, conn, p.name, p.Email, p.phone); len(left) > 0 {
		t.Fatalf("%s's data is back:\n%s", p.Role, strings.Join(left, "\n"))
	}
}

// awaitRefused waits until every service has recorded u's erasure: an
// authenticated read of each (none changes anything) answers 401 "This
// account has been deleted" with u's token.
func awaitRefused(t *testing.T, st *stacktest.Stack, u stacktest.User) {
	t.Helper()
	reads := []string{"/auth/profile", "/services/provider", "/appointments", "/reviews/provider", "/notifications"}
	var last *stacktest.Response
	if !stacktest.Poll(t.Context(), 20*time.Second, func() bool {
		for _, path := range reads {
			if last = st.Get(t, path, u.Token); last.Status != http.StatusUnauthorized || last.JSON["message"] != msgAccountGone {
				return false
			}
		}
		return true
	}) {
		t.Fatalf("a read with the deleted account's token: %d %s, want 401 %q", last.Status, last.Raw, msgAccountGone)
	}
}

// TestErasedAccountTokenRefused: an access token outlives its account (up
// to its lifetime), but once the services have erased the person it can
// write nothing more, in any service: each answers 401 "This account has
// been deleted", and no row holds the person's name, email or phone after
// the attempts. Reads are refused alike (awaitRefused).
func TestErasedAccountTokenRefused(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := newPerson(t, st, "customer"), newPerson(t, st, "provider")
	svc := erasureService(t, st, p)
	past := st.Post(t, "/appointments", c.Token, personalBooking(c, svc, clk.day(1), "14:30")).
		ExpectStatus(t, http.StatusCreated).String("appointment._id")
	bkProviderStatus(t, st, p.User, past, "confirmed").ExpectStatus(t, http.StatusOK)
	st.Clock.Set(clk.at(1, "15:00"))
	bkProviderStatus(t, st, p.User, past, "completed").ExpectStatus(t, http.StatusOK)
	waitProjected(t, st, st.NewUser(t, "customer").Token, past) // reviewable: a refusal below is the erasure's

	refused := func(what string, r *stacktest.Response) {
		t.Helper()
		if r.Status != http.StatusUnauthorized || r.JSON["message"] != msgAccountGone {
			t.Errorf("%s with the deleted account's token: %d %s, want 401 %q", what, r.Status, r.Raw, msgAccountGone)
		}
	}

	t.Run("a customer", func(t *testing.T) {
		deleteAccount(t, st, c.Token, map[string]any{"password": "secret123"}).ExpectStatus(t, http.StatusOK)
		awaitErased(t, st, c) // every service holding the customer's data has erased it
		awaitRefused(t, st, c.User)
		refused("book", st.Post(t, "/appointments", c.Token, personalBooking(c, svc, clk.day(2), "16:00")))
		refused("review", st.Post(t, "/reviews", c.Token, map[string]any{"appointmentId": past, "rating": 5, "comment": "By " + c.name}))
		refused("update the profile", st.Put(t, "/auth/profile", c.Token, map[string]any{"fullName": c.name, "phoneNumber": c.phone}))
		refused("cancel", bkCustomerStatus(t, st, c.User, past, "cancelled"))
		refused("reschedule", st.Put(t, "/appointments/"+past+"/reschedule", c.Token, map[string]any{"date": clk.day(3), "time": "14:30"}))
		expectNothingOf(t, st, c)
		// Refused before it was made: the booking holds no slot.
		if ids := bkIDs(st.Get(t, "/appointments/provider", p.Token).ExpectStatus(t, http.StatusOK)); len(ids) != 1 || ids[0] != past {
			t.Fatalf("the provider's appointments are %v, want only %s", ids, past)
		}
	})

	t.Run("a provider", func(t *testing.T) {
		deleteAccount(t, st, p.Token, map[string]any{"password": "secret123"}).ExpectStatus(t, http.StatusOK)
		awaitErased(t, st, p)
		awaitRefused(t, st, p.User)
		refused("add a service", st.Post(t, "/services", p.Token, map[string]any{
			"name": "Back again", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
			"duration": 30, "provider": p.name, "location": "12 MG Road, Bengaluru", "contact": p.phone,
			"timeSlots": []string{"14:30"},
		}))
		refused("edit the service", st.Patch(t, "/services/"+svc, p.Token, map[string]any{"contact": p.phone}))
		refused("confirm a booking", bkProviderStatus(t, st, p.User, past, "confirmed"))
		refused("update the profile", st.Put(t, "/auth/profile", p.Token, map[string]any{"fullName": p.name}))
		expectNothingOf(t, st, p)
	})
}

// TestLateEventsAfterErasure: erasure does not depend on the order events
// arrive in. An appointment event and an account mail event about a
// customer, delivered after the customer was erased (a consumer group
// behind, a replay), copy nothing personal back: review-svc's projection
// blanks the name and email, notification-svc makes no notification about
// the appointment and stores no mail to the address.
func TestLateEventsAfterErasure(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := newPerson(t, st, "customer"), newPerson(t, st, "provider")
	svc := erasureService(t, st, p)
	appt := st.Post(t, "/appointments", c.Token, personalBooking(c, svc, clk.day(1), "14:30")).
		ExpectStatus(t, http.StatusCreated).String("appointment._id")
	waitProjected(t, st, st.NewUser(t, "customer").Token, appt)
	stacktest.Eventually(t, 15*time.Second, "the provider's booking notice", func() bool {
		pn, _ := notes(t, st, p.User)
		return len(pn) >= 1
	})

	deleteAccount(t, st, c.Token, map[string]any{"password": "secret123"}).ExpectStatus(t, http.StatusOK)
	awaitErased(t, st, c)

	// The booking's own event, as booking-svc wrote it before the erasure,
	// arriving now (a new id and a higher version, so that it applies).
	start := clk.at(1, "14:30")
	late, err := proto.Marshal(&eventsv1.AppointmentEvent{
		EventId: uuid.NewString(), Type: "created", OccurredAt: timestamppb.New(clk.t0()), AppointmentId: appt,
		ServiceId: svc, ServiceName: "Erasure follow-up", CustomerId: c.ID, CustomerEmail: c.Email, CustomerName: c.name,
		ProviderId: p.ID, Status: "pending", StartsAt: timestamppb.New(start), Version: 1000, Provider: "Smile Clinic",
		Location: "12 MG Road, Bengaluru", Price: 499, DurationMinutes: 30,
	})
	if err != nil {
		t.Fatal(err)
	}
	writeMessages(t, st.Brokers, topics.Appointments, kafka.Message{Key: []byte(appt), Value: late})
	mail, err := proto.Marshal(&eventsv1.AccountEvent{EventId: uuid.NewString(), Type: "verify_email", UserId: c.ID,
		Email: c.Email, FullName: c.name, Token: "late-" + uuid.NewString(), ExpiresAt: timestamppb.New(clk.at(2, "10:00"))})
	if err != nil {
		t.Fatal(err)
	}
	writeMessages(t, st.Brokers, topics.Accounts, kafka.Message{Key: []byte(c.ID), Value: mail})

	waitGroupsCaughtUp(t, st.Brokers, 30*time.Second, topics.Appointments, topics.Accounts)
	expectNothingOf(t, st, c)
	// The provider keeps only the notice that the closing cancelled the
	// booking (it names nobody: expectNothingOf searched every column).
	pn, _ := notes(t, st, p.User)
	if len(pn) != 1 || pn[0].kind != "customer_closed" {
		t.Fatalf("the provider was told of the erased customer's booking again: %+v", pn)
	}
}
