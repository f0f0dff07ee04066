package integration

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// text is n characters (two bytes each: limits count characters).
func text(n int) string { return strings.Repeat("é", n) }

// emailOf is a unique, well-formed address of exactly n characters.
func emailOf(n int) string {
	local := "b" + uuid.NewString()[:8]
	return local + strings.Repeat("x", 64-len(local)) + "@" + strings.Repeat("d", n-64-len("@.com")) + ".com"
}

// phoneOf is a valid phone number written in n characters.
func phoneOf(n int) string { return "9876543210" + strings.Repeat("-", n-10) }

// bound is one bounded field of a request: set writes a value of n
// characters into a valid body, msg is the refusal one character over.
type bound struct {
	field string
	limit int
	set   func(body map[string]any, n int)
	msg   string
}

func business(body map[string]any) map[string]any { return body["businessInfo"].(map[string]any) }

// TestBoundsEveryField sends every bounded text field at its limit
// (accepted) and one character over (400 with the field's message), through
// the gateway as the web app does.
func TestBoundsEveryField(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})

	t.Run("registration", func(t *testing.T) {
		bounds := []bound{
			{"email", 254, func(b map[string]any, n int) { b["email"] = emailOf(n) }, "Please enter a valid email address"},
			{"fullName", 100, func(b map[string]any, n int) { b["fullName"] = text(n) }, "Full name must be at most 100 characters"},
			{"address", 300, func(b map[string]any, n int) { b["address"] = text(n) }, "Address must be at most 300 characters"},
			{"phoneNumber", 20, func(b map[string]any, n int) { b["phoneNumber"] = phoneOf(n) }, "Please enter a valid phone number (at least 10 digits)"},
			{"password", 128, func(b map[string]any, n int) { b["password"] = text(n) }, "Password must be at most 128 characters long."},
			{"businessName", 200, func(b map[string]any, n int) { business(b)["businessName"] = text(n) }, "Business name must be at most 200 characters"},
			{"location", 300, func(b map[string]any, n int) { business(b)["location"] = text(n) }, "Business location must be at most 300 characters"},
			{"businessDescription", 2000, func(b map[string]any, n int) { business(b)["businessDescription"] = text(n) }, "Business description must be at most 2000 characters"},
			{"businessCategory", 100, func(b map[string]any, n int) { business(b)["businessCategory"] = text(n) }, "Business category must be at most 100 characters"},
			{"businessHours", 200, func(b map[string]any, n int) { business(b)["businessHours"] = text(n) }, "Business hours must be at most 200 characters"},
			{"a specialization", 50, func(b map[string]any, n int) { business(b)["specializations"] = []string{text(n)} }, "Each specialization must be at most 50 characters"},
			{"specializations", 20, func(b map[string]any, n int) {
				specs := make([]string, n)
				for i := range specs {
					specs[i] = fmt.Sprintf("skill %d", i)
				}
				business(b)["specializations"] = specs
			}, "At most 20 specializations are allowed."},
			{"experience", 100, func(b map[string]any, n int) { business(b)["experience"] = n }, "Experience must be at most 100 years."},
		}
		for _, bd := range bounds {
			t.Run(bd.field, func(t *testing.T) {
				body := stacktest.Registration("provider", stacktest.UniqueEmail("bound"))
				bd.set(body, bd.limit)
				st.Post(t, "/auth/register", "", body).ExpectStatus(t, http.StatusCreated)
				body = stacktest.Registration("provider", stacktest.UniqueEmail("bound"))
				bd.set(body, bd.limit+1)
				st.Post(t, "/auth/register", "", body).ExpectError(t, http.StatusBadRequest, bd.msg)
			})
		}
		// The 500 the issue found: a 2,800-character email.
		body := stacktest.Registration("customer", strings.Repeat("a", 2800)+"@example.com")
		st.Post(t, "/auth/register", "", body).ExpectError(t, http.StatusBadRequest, "Please enter a valid email address")
		body = stacktest.Registration("customer", "notanemail")
		st.Post(t, "/auth/register", "", body).ExpectError(t, http.StatusBadRequest, "Please enter a valid email address")
	})

	t.Run("profile update", func(t *testing.T) {
		p := st.NewUser(t, "provider")
		bounds := []bound{
			{"fullName", 100, func(b map[string]any, n int) { b["fullName"] = text(n) }, "Full name must be at most 100 characters"},
			{"address", 300, func(b map[string]any, n int) { b["address"] = text(n) }, "Address must be at most 300 characters"},
			{"phoneNumber", 20, func(b map[string]any, n int) { b["phoneNumber"] = phoneOf(n) }, "Please enter a valid phone number (at least 10 digits)"},
			{"email", 254, func(b map[string]any, n int) { b["email"], b["currentPassword"] = emailOf(n), p.Password }, "Please enter a valid email address"},
			{"businessHours", 200, func(b map[string]any, n int) {
				b["businessInfo"] = map[string]any{"businessName": "Acme", "location": "MG Road", "businessHours": text(n)}
			}, "Business hours must be at most 200 characters"},
		}
		for _, bd := range bounds {
			t.Run(bd.field, func(t *testing.T) {
				body := map[string]any{}
				bd.set(body, bd.limit)
				st.Put(t, "/auth/profile", p.Token, body).ExpectStatus(t, http.StatusOK)
				body = map[string]any{}
				bd.set(body, bd.limit+1)
				st.Put(t, "/auth/profile", p.Token, body).ExpectError(t, http.StatusBadRequest, bd.msg)
			})
		}
	})

	t.Run("booking", func(t *testing.T) {
		p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
		slots := []string{"09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30"}
		svcID := bkService(t, st, p, "Bounded", slots...)
		next := 0 // each accepted booking takes the next free slot, tomorrow
		bounds := []bound{
			{"customerName", 100, func(b map[string]any, n int) { b["customerName"] = text(n) }, "Full name must be at most 100 characters"},
			{"customerAddress", 300, func(b map[string]any, n int) { b["customerAddress"] = text(n) }, "Address must be at most 300 characters"},
			{"notes", 1000, func(b map[string]any, n int) { b["notes"] = text(n) }, "Reason for visit must be at most 1000 characters"},
			{"customerEmail", 254, func(b map[string]any, n int) { b["customerEmail"] = emailOf(n) }, "Please enter a valid email address"},
			{"customerPhone", 20, func(b map[string]any, n int) { b["customerPhone"] = phoneOf(n) }, "Please enter a valid phone number (at least 10 digits)"},
		}
		for _, bd := range bounds {
			t.Run(bd.field, func(t *testing.T) {
				body := bkBody(svcID, clk.day(1), slots[next])
				bd.set(body, bd.limit)
				st.Post(t, "/appointments", c.Token, body).ExpectStatus(t, http.StatusCreated)
				next++
				body = bkBody(svcID, clk.day(1), slots[next])
				bd.set(body, bd.limit+1)
				st.Post(t, "/appointments", c.Token, body).ExpectError(t, http.StatusBadRequest, bd.msg)
			})
		}
		t.Run("a booking's email must be an email", func(t *testing.T) {
			body := bkBody(svcID, clk.day(1), slots[next])
			body["customerEmail"] = "notanemail"
			st.Post(t, "/appointments", c.Token, body).ExpectError(t, http.StatusBadRequest, "Please enter a valid email address")
		})
		t.Run("Idempotency-Key", func(t *testing.T) {
			ok := st.Do(t, stacktest.Req{Method: http.MethodPost, Path: "/appointments", Token: c.Token,
				Body: bkBody(svcID, clk.day(2), "09:00"), Headers: map[string]string{"Idempotency-Key": strings.Repeat("k", 255)}})
			ok.ExpectStatus(t, http.StatusCreated)
			over := st.Do(t, stacktest.Req{Method: http.MethodPost, Path: "/appointments", Token: c.Token,
				Body: bkBody(svcID, clk.day(2), "09:30"), Headers: map[string]string{"Idempotency-Key": strings.Repeat("k", 256)}})
			over.ExpectError(t, http.StatusBadRequest, "Idempotency-Key must be 1 to 255 printable characters")
		})
		t.Run("a status of a megabyte is refused briefly", func(t *testing.T) {
			id := bkBookID(t, st, c, svcID, clk.day(3), "09:00")
			r := st.Patch(t, "/appointments/"+id+"/status", c.Token, map[string]any{"status": strings.Repeat("x", 900_000)})
			if r.Status != http.StatusBadRequest || len(r.Raw) > 500 {
				t.Fatalf("status %d, %d-byte body", r.Status, len(r.Raw))
			}
		})
	})

	t.Run("service listing filters", func(t *testing.T) {
		st.Get(t, "/services?name="+strings.Repeat("n", 100), "").ExpectStatus(t, http.StatusOK)
		st.Get(t, "/services?name="+strings.Repeat("n", 101), "").ExpectError(t, http.StatusBadRequest, "Search text must be at most 100 characters")
		st.Get(t, "/services?category="+strings.Repeat("c", 100), "").ExpectStatus(t, http.StatusOK)
		st.Get(t, "/services?category="+strings.Repeat("c", 101), "").ExpectError(t, http.StatusBadRequest, "Category must be at most 100 characters")
	})

	t.Run("a query number that is not one is named", func(t *testing.T) {
		p := st.NewUser(t, "provider")
		st.Get(t, "/providers/me/analytics?days=abc", p.Token).ExpectError(t, http.StatusBadRequest, "days must be a whole number")
		st.Get(t, "/providers/me/analytics?days=7&days=30", p.Token).ExpectError(t, http.StatusBadRequest, "days may be given only once")
		st.Get(t, "/providers/me/analytics?days=99999999999", p.Token).ExpectError(t, http.StatusBadRequest, "days is out of range")
	})

	t.Run("a service's time slot of a megabyte is refused briefly", func(t *testing.T) {
		p := st.NewUser(t, "provider")
		body := map[string]any{"name": "Slots", "category": "Others", "description": "d", "price": 1, "duration": 30,
			"provider": "P", "location": "A, B", "contact": "9876543210", "timeSlots": []string{strings.Repeat("9", 900_000)}}
		r := st.Post(t, "/services", p.Token, body)
		if r.Status != http.StatusBadRequest || len(r.Raw) > 500 {
			t.Fatalf("status %d, %d-byte body", r.Status, len(r.Raw))
		}
	})

	t.Run("review comment", func(t *testing.T) {
		c, stranger, p := st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "provider")
		var appts []*eventsv1.AppointmentEvent
		for range 2 {
			appts = append(appts, &eventsv1.AppointmentEvent{EventId: uuid.NewString(), Type: "status_changed",
				OccurredAt: timestamppb.Now(), AppointmentId: uuid.NewString(), ServiceId: "svc-bounds", ServiceName: "Bounds",
				CustomerId: c.ID, CustomerEmail: c.Email, ProviderId: p.ID, Status: "completed",
				StartsAt: timestamppb.New(clk.t0().Add(-2 * time.Hour)), Version: 1})
		}
		writeAppointmentEvents(t, st.Brokers, appts...)
		for _, a := range appts {
			waitProjected(t, st, stranger.Token, a.AppointmentId)
		}
		review := func(apptID string, n int) map[string]any {
			return map[string]any{"appointmentId": apptID, "rating": 4, "comment": text(n)}
		}
		st.Post(t, "/reviews", c.Token, review(appts[0].AppointmentId, 2000)).ExpectStatus(t, http.StatusCreated)
		st.Post(t, "/reviews", c.Token, review(appts[1].AppointmentId, 2001)).ExpectError(t, http.StatusBadRequest, "Comment must be at most 2000 characters")
	})

	t.Run("control characters", func(t *testing.T) {
		body := stacktest.Registration("customer", stacktest.UniqueEmail("ctl"))
		body["fullName"] = "Asha\u001b[2J"
		st.Post(t, "/auth/register", "", body).ExpectError(t, http.StatusBadRequest, "Full name contains characters that are not allowed")
	})
}
