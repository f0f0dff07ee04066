package integration

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

const (
	msgDeleteWrongPassword = "The password is incorrect."
	msgDeleted             = "Your account was deleted."
)

// person is a user whose name, email and phone no other test uses, so that
// finding them anywhere after the deletion is this test's finding.
type person struct {
	stacktest.User
	name, phone string
}

func randomDigits(n int) string {
	var b strings.Builder
	for range n {
		d, _ := rand.Int(rand.Reader, big.NewInt(10))
		b.WriteString(d.String())
	}
	return b.String()
}

func newPerson(t *testing.T, st *stacktest.Stack, role string) person {
	t.Helper()
	p := person{name: "Zoya Erasable" + strings.ToUpper(randomDigits(6)), phone: "9" + randomDigits(9)}
	email := stacktest.UniqueEmail("erase-" + role)
	body := stacktest.Registration(role, email)
	body["fullName"], body["phoneNumber"] = p.name, p.phone
	st.Post(t, "/auth/register", "", body).ExpectStatus(t, http.StatusCreated)
	p.User = st.Login(t, email, "secret123", role)
	return p
}

func deleteAccount(t *testing.T, st *stacktest.Stack, token string, body any) *stacktest.Response {
	t.Helper()
	return st.Do(t, stacktest.Req{Method: http.MethodDelete, Path: "/auth/account", Token: token, Body: body})
}

// holders lists "schema.table.column" of every text column of the
// services' schemas holding one of values.
func holders(t *testing.T, conn *pgx.Conn, values ...string) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := conn.Query(ctx, `SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns
		WHERE table_schema IN ('auth', 'booking', 'review', 'notification', 'catalog')
		AND data_type IN ('text', 'bytea', 'character varying', 'jsonb', 'ARRAY')`)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([4]string, error) {
		var c [4]string
		return c, r.Scan(&c[0], &c[1], &c[2], &c[3])
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cols) < 50 {
		t.Fatalf("only %d text columns found: the schemas were not searched", len(cols))
	}
	var found []string
	for _, c := range cols {
		col := pgx.Identifier{c[2]}.Sanitize()
		for _, v := range values {
			cond, arg := `position(lower($1) in lower(`+col+`::text)) > 0`, any(v)
			if c[3] == "bytea" {
				cond, arg = `position($1::bytea in `+col+`) > 0`, []byte(v)
			}
			var n int
			q := `SELECT count(*) FROM ` + pgx.Identifier{c[0], c[1]}.Sanitize() + ` WHERE ` + cond
			if err := conn.QueryRow(ctx, q, arg).Scan(&n); err != nil {
				t.Fatalf("%v: %v", c, err)
			}
			if n > 0 {
				found = append(found, fmt.Sprintf("%s.%s.%s holds %q", c[0], c[1], c[2], v))
			}
		}
	}
	return found
}

// awaitErased waits until no row of any schema holds the person's name,
// email or phone (the services erase on account_deleted, asynchronously).
func awaitErased(t *testing.T, st *stacktest.Stack, p person) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var left []string
	if !stacktest.Poll(t.Context(), 20*time.Second, func() bool {
		left = holders(t, conn, p.name, p.Email, p.phone)
		return len(left) == 0
	}) {
		t.Fatalf("after the deletion of %s:\n%s", p.Role, strings.Join(left, "\n"))
	}
}

// TestDeleteMyAccount: the password is required and checked, and after a
// deletion no row of any service holds the person's name, email or phone,
// while what others rely on stays: the provider's past appointment
// (without the person), the review (by "A former customer"). A provider's
// upcoming booking is cancelled, its customer told why.
func TestDeleteMyAccount(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := newPerson(t, st, "customer"), newPerson(t, st, "provider")
	other := st.NewUser(t, "customer")

	svc := st.Post(t, "/services", p.Token, map[string]any{
		"name": "Erasure check-up", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
		"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": p.phone,
		"timeSlots": []string{"14:30"},
	}).ExpectStatus(t, http.StatusCreated).String("data._id")
	book := bkBody(svc, clk.day(1), "14:30")
	book["customerName"], book["customerEmail"], book["customerPhone"], book["notes"] = c.name, c.Email, c.phone, "Call "+c.phone
	past := st.Post(t, "/appointments", c.Token, book).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	bkProviderStatus(t, st, p.User, past, "confirmed").ExpectStatus(t, http.StatusOK)
	st.Clock.Set(clk.at(1, "15:00"))
	bkProviderStatus(t, st, p.User, past, "completed").ExpectStatus(t, http.StatusOK)
	postReview(t, st, c.User, past, 5)
	stacktest.Eventually(t, 15*time.Second, "the customer's and the provider's notifications", func() bool {
		cn, _ := notes(t, st, c.User)
		pn, _ := notes(t, st, p.User)
		return len(cn) >= 2 && len(pn) >= 1
	})
	upcoming := bkBookID(t, st, other, svc, clk.day(2), "14:30")

	t.Run("refusals", func(t *testing.T) {
		deleteAccount(t, st, "", map[string]any{"password": "secret123"}).ExpectStatus(t, http.StatusUnauthorized)
		deleteAccount(t, st, c.Token, map[string]any{"password": "wrong-one"}).ExpectError(t, http.StatusForbidden, msgDeleteWrongPassword)
		deleteAccount(t, st, c.Token, map[string]any{}).ExpectStatus(t, http.StatusBadRequest)
		for _, body := range []any{"not json", "[1,2]", `{"password": 5}`, map[string]any{"password": strings.Repeat("p", 5000)},
			map[string]any{"password": "\x00\ufffe"}} {
			if r := deleteAccount(t, st, c.Token, body); r.Status < 400 || r.Status >= 500 {
				t.Errorf("DELETE /auth/account %v: %d %s", body, r.Status, r.Raw)
			}
		}
		st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK)
		st.Get(t, "/auth/profile", p.Token).ExpectStatus(t, http.StatusOK)
	})

	t.Run("a customer", func(t *testing.T) {
		// The wrong guesses above count: wait out the lock if one is on.
		var r *stacktest.Response
		stacktest.Poll(t.Context(), 10*time.Second, func() bool {
			r = deleteAccount(t, st, c.Token, map[string]any{"password": "secret123"})
			return r.Status != http.StatusTooManyRequests
		})
		r.ExpectStatus(t, http.StatusOK)
		if r.String("message") != msgDeleted {
			t.Fatalf("message %q", r.String("message"))
		}
		st.Post(t, "/auth/login-with-role", "", map[string]any{"email": c.Email, "password": "secret123", "role": "customer"}).ExpectStatus(t, http.StatusUnauthorized)
		st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": c.Refresh}).ExpectStatus(t, http.StatusUnauthorized)
		awaitErased(t, st, c)

		appts := st.Get(t, "/appointments/provider", p.Token).ExpectStatus(t, http.StatusOK)
		if !strings.Contains(string(appts.Raw), past) {
			t.Fatalf("the provider's past appointment is gone: %s", appts.Raw)
		}
		reviews := st.Get(t, "/reviews/service/"+svc, "").ExpectStatus(t, http.StatusOK)
		if !strings.Contains(string(reviews.Raw), `"displayName":"A former customer"`) {
			t.Fatalf("the review is not kept as a former customer's: %s", reviews.Raw)
		}
	})

	t.Run("a provider with an upcoming booking", func(t *testing.T) {
		deleteAccount(t, st, p.Token, map[string]any{"password": "secret123"}).ExpectStatus(t, http.StatusOK)
		awaitErased(t, st, p)
		st.Get(t, "/services/"+svc, "").ExpectStatus(t, http.StatusNotFound)
		r := st.Get(t, "/appointments/"+upcoming, other.Token).ExpectStatus(t, http.StatusOK)
		if r.String("appointment.status") != "cancelled" || r.String("appointment.reason") != reasonProviderClosed {
			t.Fatalf("the customer's upcoming appointment after the provider's deletion: %s", r.Raw)
		}
		stacktest.Eventually(t, 15*time.Second, "the customer told of the cancellation", func() bool {
			list, _ := notes(t, st, other)
			for _, n := range list {
				if n.appointment == upcoming && n.kind == "provider_closed" {
					return true
				}
			}
			return false
		})
	})
}
