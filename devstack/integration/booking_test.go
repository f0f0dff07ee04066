package integration

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kfake"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	bookingsvc "github.com/slotwise/slotwise/booking-svc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/gateway"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/svc"
)

// Booking messages (docs/product.md#validation where it has one).
const (
	bkMsgDateTime       = "Please select both a date and time for your appointment"
	bkMsgPhone          = "Please enter a valid phone number (at least 10 digits)"
	bkMsgAddress        = "Please enter your address"
	bkMsgSlotTaken      = "This time slot is already booked"
	bkMsgNotFound       = "Appointment not found"
	bkMsgNotASlot       = "Please select one of the available time slots for this service"
	bkMsgCancelPast     = "Cannot cancel past appointments"
	bkMsgProvidersOnly  = "Only service providers can do this"
	bkMsgOwnCustomer    = "Only the customer who booked this appointment can do this"
	bkMsgResRequired    = "Please select both date and time"
	bkMsgResNotLater    = "Please select a date and time after the current appointment"
	bkMsgResNotFuture   = "Please select a future date and time"
	bkMsgResPast        = "Cannot reschedule past appointments"
	bkMsgAuthRequired   = "Authentication required: please log in"
	bkMsgIdempotencyKey = "This Idempotency-Key was already used with a different request"
)

var bkIST = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		panic(err)
	}
	return loc
}()

// bkClock anchors a booking test: "today" is the current date in IST and the
// test clock starts at 10:15 IST that day, so 09:00 and 10:00 today have
// passed and 14:30 has not. Tokens are verified against the wall clock, which
// stays within a day of the test clock.
type bkClock struct{ today time.Time }

func newBKClock() bkClock {
	n := time.Now().In(bkIST)
	return bkClock{today: time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, bkIST)}
}

func (c bkClock) t0() time.Time { return c.at(0, "10:15") }

// day is today+n as YYYY-MM-DD.
func (c bkClock) day(n int) string { return c.today.AddDate(0, 0, n).Format("2006-01-02") }

// at is HH:MM IST on today+n.
func (c bkClock) at(n int, hhmm string) time.Time {
	h, _ := strconv.Atoi(hhmm[:2])
	m, _ := strconv.Atoi(hhmm[3:])
	d := c.today.AddDate(0, 0, n)
	return time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, bkIST)
}

// restAPI is a gateway under test: an in-process stack or a devstack process.
type restAPI interface {
	Post(t testing.TB, path, token string, body any) *stacktest.Response
	Patch(t testing.TB, path, token string, body any) *stacktest.Response
}

func bkService(t *testing.T, st restAPI, provider stacktest.User, name string, slots ...string) string {
	t.Helper()
	return bkPricedService(t, st, provider, name, 499, slots...)
}

// bkPricedService publishes a service at price rupees.
func bkPricedService(t *testing.T, st restAPI, provider stacktest.User, name string, price float64, slots ...string) string {
	t.Helper()
	body := map[string]any{
		"name": name, "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": price,
		"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
		"timeSlots": slots,
	}
	id := st.Post(t, "/services", provider.Token, body).ExpectStatus(t, http.StatusCreated).String("data._id")
	if id == "" {
		t.Fatal("POST /services returned no data._id")
	}
	return id
}

func bkBody(serviceID, date, clock string) map[string]any {
	return map[string]any{
		"serviceId": serviceID, "date": date, "time": clock, "notes": "First visit",
		"customerName": "Asha Rao", "customerEmail": "asha@example.com", "customerPhone": "+91 98765-43210",
		"customerAddress": "12 MG Road, Bengaluru",
	}
}

func bkBook(t *testing.T, st restAPI, c stacktest.User, serviceID, date, clock string) *stacktest.Response {
	t.Helper()
	return st.Post(t, "/appointments", c.Token, bkBody(serviceID, date, clock))
}

// bkBookID books and returns the new appointment's id.
func bkBookID(t *testing.T, st restAPI, c stacktest.User, serviceID, date, clock string) string {
	t.Helper()
	return bkBook(t, st, c, serviceID, date, clock).ExpectStatus(t, http.StatusCreated).String("appointment._id")
}

func bkProviderStatus(t *testing.T, st *stacktest.Stack, p stacktest.User, id, status string) *stacktest.Response {
	t.Helper()
	return st.Patch(t, "/appointments/"+id+"/provider-status", p.Token, map[string]any{"status": status})
}

func bkCustomerStatus(t *testing.T, st restAPI, c stacktest.User, id, status string) *stacktest.Response {
	t.Helper()
	return st.Patch(t, "/appointments/"+id+"/status", c.Token, map[string]any{"status": status})
}

func bkIDs(r *stacktest.Response) []string {
	var ids []string
	list, _ := r.Field("appointments").([]any)
	for _, a := range list {
		ids = append(ids, a.(map[string]any)["_id"].(string))
	}
	return ids
}

func bkExpectConflictNaming(t *testing.T, r *stacktest.Response, status string) {
	t.Helper()
	if r.Status != http.StatusConflict || r.JSON["success"] != false || !strings.HasPrefix(r.String("error"), "The appointment is "+status+" ") {
		t.Fatalf("status %d body %s: want 409 naming the current status %q", r.Status, r.Raw, status)
	}
}

func TestBookingCreateAndRead(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, c2 := st.NewUser(t, "customer"), st.NewUser(t, "customer")
	p, p2 := st.NewUser(t, "provider"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00", "14:30")
	other := bkService(t, st, p2, "Eye test", "09:00", "10:00")

	t.Run("a customer token is required", func(t *testing.T) {
		st.Post(t, "/appointments", "", bkBody(svcID, clk.day(1), "09:00")).ExpectError(t, 401, bkMsgAuthRequired)
		bkBook(t, st, p, svcID, clk.day(1), "09:00").ExpectError(t, 403, "Only customers can book appointments")
	})

	t.Run("validation in the form's order with its messages", func(t *testing.T) {
		cases := []struct {
			name   string
			mod    func(map[string]any)
			status int
			msg    string
		}{
			{"no date", func(b map[string]any) { b["date"] = "" }, 400, bkMsgDateTime},
			{"no time", func(b map[string]any) { delete(b, "time") }, 400, bkMsgDateTime},
			{"date before phone", func(b map[string]any) { b["date"], b["customerPhone"] = "", "12" }, 400, bkMsgDateTime},
			{"phone of 9 digits", func(b map[string]any) { b["customerPhone"] = "98765-4321" }, 400, bkMsgPhone},
			{"phone of 16 digits", func(b map[string]any) { b["customerPhone"] = "+91 98765 43210 9999" }, 400, bkMsgPhone},
			{"no phone", func(b map[string]any) { delete(b, "customerPhone") }, 400, bkMsgPhone},
			{"phone before address", func(b map[string]any) { b["customerPhone"], b["customerAddress"] = "1", "" }, 400, bkMsgPhone},
			{"no address", func(b map[string]any) { b["customerAddress"] = "   " }, 400, bkMsgAddress},
			{"no service", func(b map[string]any) { b["serviceId"] = "" }, 400, "No service ID available for booking"},
			{"unreadable date", func(b map[string]any) { b["date"] = "next tuesday" }, 400, "Please select a valid date and time"},
			{"unreadable time", func(b map[string]any) { b["time"] = "9 o'clock" }, 400, "Please select a valid date and time"},
			{"unknown service", func(b map[string]any) { b["serviceId"] = uuid.NewString() }, 404, "Service not found"},
			{"malformed service id", func(b map[string]any) { b["serviceId"] = "nope" }, 404, "Service not found"},
			{"not one of the service's slots", func(b map[string]any) { b["time"] = "11:00" }, 400, bkMsgNotASlot},
			{"a default slot is not this service's", func(b map[string]any) { b["time"] = "10:30 AM" }, 400, bkMsgNotASlot},
			{"passed today", func(b map[string]any) { b["date"], b["time"] = clk.day(0), "10:00" }, 400, "This time slot has already passed"},
			{"yesterday", func(b map[string]any) { b["date"] = clk.day(-1) }, 400, "This time slot has already passed"},
			{"today+10 is outside the window", func(b map[string]any) { b["date"] = clk.day(10) }, 400, "Please select a date within the next 10 days"},
		}
		for _, cs := range cases {
			t.Run(cs.name, func(t *testing.T) {
				b := bkBody(svcID, clk.day(1), "09:00")
				cs.mod(b)
				st.Post(t, "/appointments", c.Token, b).ExpectError(t, cs.status, cs.msg)
			})
		}
		st.Post(t, "/appointments", c.Token, `{"serviceId": 5}`).ExpectStatus(t, 400)
	})

	var first string
	t.Run("books with YYYY-MM-DD and 24-hour time; copies the service onto the appointment", func(t *testing.T) {
		r := bkBook(t, st, c, svcID, clk.day(1), "09:00").ExpectStatus(t, http.StatusCreated)
		first = r.String("appointment._id")
		want := map[string]any{
			"success": true, "message": "Appointment booked successfully",
			"appointment.serviceId": svcID, "appointment.serviceName": "Dental check-up",
			"appointment.serviceCategory": "Healthcare & Wellness", "appointment.provider": "Smile Clinic",
			"appointment.location": "12 MG Road, Bengaluru", "appointment.status": "pending",
			"appointment.date": clk.day(1), "appointment.time": "09:00",
			"appointment.startsAt":     clk.at(1, "09:00").UTC().Format(time.RFC3339),
			"appointment.hasReviewed":  false,
			"appointment.customerName": "Asha Rao", "appointment.customerEmail": "asha@example.com",
			"appointment.customerPhone": "+91 98765-43210", "appointment.customerAddress": "12 MG Road, Bengaluru",
			"appointment.notes": "First visit", "appointment.customerId": c.ID, "appointment.providerId": p.ID,
		}
		for path, v := range want {
			if got := r.Field(path); got != v {
				t.Errorf("%s = %v, want %v", path, got, v)
			}
		}
		if _, err := uuid.Parse(first); err != nil {
			t.Fatalf("_id %q: %v", first, err)
		}
	})

	t.Run("ISO date and 12-hour time; an ISO instant just before midnight UTC is the next day in IST", func(t *testing.T) {
		iso := clk.today.AddDate(0, 0, 1).Format("2006-01-02") + "T18:45:00.000Z" // 00:15 IST on today+2
		r := bkBook(t, st, c, svcID, iso, "9:00 AM").ExpectStatus(t, http.StatusCreated)
		if r.String("appointment.date") != clk.day(2) || r.String("appointment.time") != "09:00" ||
			r.String("appointment.startsAt") != clk.at(2, "09:00").UTC().Format(time.RFC3339) {
			t.Fatalf("ISO booking: %s", r.Raw)
		}
		r = bkBook(t, st, c, svcID, clk.at(3, "00:00").Format(time.RFC3339), "2:30 PM").ExpectStatus(t, http.StatusCreated)
		if r.String("appointment.date") != clk.day(3) || r.String("appointment.time") != "14:30" {
			t.Fatalf("offset ISO booking: %s", r.Raw)
		}
		// Later today and the last day of the window are bookable.
		bkBookID(t, st, c, svcID, clk.day(0), "14:30")
		bkBookID(t, st, c2, svcID, clk.day(9), "10:00")
	})

	t.Run("a held slot is refused; another service's same time is not", func(t *testing.T) {
		bkBook(t, st, c2, svcID, clk.day(1), "09:00").ExpectError(t, 409, bkMsgSlotTaken)
		bkBook(t, st, c2, svcID, clk.day(1)+"T03:30:00Z", "9:00 AM").ExpectError(t, 409, bkMsgSlotTaken)
		bkBookID(t, st, c2, other, clk.day(1), "09:00")
	})

	t.Run("cancelled or rejected appointments free their slot", func(t *testing.T) {
		id := bkBookID(t, st, c, svcID, clk.day(4), "09:00")
		bkCustomerStatus(t, st, c, id, "cancelled").ExpectStatus(t, 200)
		id2 := bkBookID(t, st, c2, svcID, clk.day(4), "09:00")
		bkProviderStatus(t, st, p, id2, "rejected").ExpectStatus(t, 200)
		bkBookID(t, st, c, svcID, clk.day(4), "09:00")
		bkBook(t, st, c2, svcID, clk.day(4), "09:00").ExpectError(t, 409, bkMsgSlotTaken)
	})

	t.Run("an inactive service takes no bookings", func(t *testing.T) {
		off := bkService(t, st, p, "Paused", "09:00")
		st.Patch(t, "/services/"+off, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, 200)
		bkBook(t, st, c, off, clk.day(1), "09:00").ExpectError(t, 409, "This service is not accepting bookings right now")
	})

	// booking-svc keeps copies of services for a couple of seconds, but a
	// copy only ever allows: an edit that opens a slot or the service applies
	// to the very next booking.
	t.Run("re-activating a service or adding a slot applies to the next booking at once", func(t *testing.T) {
		// A provider of its own: the owner of p is busy at these times
		// (one member is in one appointment at a time, docs/product.md#team-members).
		p := st.NewUser(t, "provider")
		edited := bkService(t, st, p, "Edited", "09:00")
		bkBookID(t, st, c, edited, clk.day(1), "09:00") // booking-svc now holds a copy
		st.Patch(t, "/services/"+edited, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, 200)
		st.Patch(t, "/services/"+edited, p.Token, map[string]any{"isActive": true}).ExpectStatus(t, 200)
		bkBookID(t, st, c, edited, clk.day(2), "09:00")

		bkBook(t, st, c, edited, clk.day(3), "10:00").ExpectError(t, 400, "Please select one of the available time slots for this service")
		body := map[string]any{
			"name": "Edited", "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
			"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
			"timeSlots": []string{"09:00", "10:00"},
		}
		st.Patch(t, "/services/"+edited, p.Token, body).ExpectStatus(t, 200)
		bkBookID(t, st, c, edited, clk.day(3), "10:00")
	})

	t.Run("availability marks booked and passed slots, publicly", func(t *testing.T) {
		r := st.Get(t, "/services/"+svcID+"/availability", "").ExpectStatus(t, 200)
		if r.JSON["success"] != true || r.String("timeZone") != "Asia/Kolkata" || r.String("serviceId") != svcID {
			t.Fatalf("availability: %s", r.Raw)
		}
		days, _ := r.Field("days").([]any)
		if len(days) != 10 || r.String("days.0.date") != clk.day(0) || r.String("days.9.date") != clk.day(9) {
			t.Fatalf("want today..today+9: %s", r.Raw)
		}
		slot := func(day, i int) (string, bool) {
			return r.String(fmt.Sprintf("days.%d.slots.%d.time", day, i)), r.Field(fmt.Sprintf("days.%d.slots.%d.available", day, i)) == true
		}
		want := map[[2]int]bool{
			{0, 0}: false, {0, 1}: false, {0, 2}: false, // 09:00 and 10:00 passed; 14:30 booked
			{1, 0}: false, {1, 1}: true, {1, 2}: true, // 09:00 booked
			{2, 0}: false, {3, 2}: false, {4, 0}: false, {5, 0}: true, {9, 1}: false, {9, 0}: true,
		}
		for k, v := range want {
			if _, got := slot(k[0], k[1]); got != v {
				t.Errorf("day %d slot %d available=%v, want %v", k[0], k[1], got, v)
			}
		}
		if tm, _ := slot(1, 2); tm != "14:30" || r.String("days.1.slots.0.startsAt") != clk.at(1, "09:00").UTC().Format(time.RFC3339) {
			t.Fatalf("slot labels: %s", r.Raw)
		}
		r = st.Get(t, "/services/"+svcID+"/availability?from="+clk.day(1)+"&days=2", "").ExpectStatus(t, 200)
		if d, _ := r.Field("days").([]any); len(d) != 2 || r.String("days.0.date") != clk.day(1) {
			t.Fatalf("from/days: %s", r.Raw)
		}
		st.Get(t, "/services/"+svcID+"/availability?from=tomorrow", "").ExpectError(t, 400, "from must be a date (YYYY-MM-DD)")
		st.Get(t, "/services/"+svcID+"/availability?days=40", "").ExpectError(t, 400, "days must be between 1 and 31")
		st.Get(t, "/services/"+uuid.NewString()+"/availability", "").ExpectError(t, 404, "Service not found")
	})

	t.Run("Idempotency-Key replays the first response for 24 h", func(t *testing.T) {
		key := "key-" + uuid.NewString()
		send := func(u stacktest.User, body map[string]any) *stacktest.Response {
			return st.Do(t, stacktest.Req{Method: "POST", Path: "/appointments", Token: u.Token, Body: body, Headers: map[string]string{"Idempotency-Key": key}})
		}
		body := bkBody(svcID, clk.day(5), "10:00")
		r1 := send(c, body).ExpectStatus(t, 201)
		r2 := send(c, body).ExpectStatus(t, 201)
		if string(r1.Raw) != string(r2.Raw) {
			t.Fatalf("replay differs:\n%s\n%s", r1.Raw, r2.Raw)
		}
		changed := bkBody(svcID, clk.day(5), "14:30")
		send(c, changed).ExpectError(t, 422, bkMsgIdempotencyKey)
		// The key is the customer's own: another customer's same key is a new request.
		send(c2, body).ExpectError(t, 409, bkMsgSlotTaken)
		if n := strings.Count(string(st.Get(t, "/appointments", c.Token).Raw), `"date":"`+clk.day(5)+`"`); n != 1 {
			t.Fatalf("%d appointments on day 5, want 1", n)
		}
		// Concurrent retries with one key all get the same appointment.
		key = "key-" + uuid.NewString()
		body = bkBody(svcID, clk.day(6), "10:00")
		var wg sync.WaitGroup
		ids := make([]string, 8)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := send(c, body)
				if r.Status != 201 {
					t.Errorf("concurrent retry: %d %s", r.Status, r.Raw)
				}
				ids[i] = r.String("appointment._id")
			}()
		}
		wg.Wait()
		if ids[0] == "" || len(slices.Compact(slices.Clone(ids))) != 1 {
			t.Fatalf("concurrent retries created %v", ids)
		}
		// After 24 h the key is forgotten: the same body is a new booking attempt.
		st.Clock.Advance(24*time.Hour + time.Minute)
		defer st.Clock.Set(clk.t0())
		send(c, bkBody(svcID, clk.day(5), "10:00")).ExpectError(t, 409, bkMsgSlotTaken)
	})
	st.Clock.Set(clk.t0())

	t.Run("lists: customers see their own, providers their services', soonest first", func(t *testing.T) {
		mine := st.Get(t, "/appointments", c.Token).ExpectStatus(t, 200)
		theirs := st.Get(t, "/appointments", c2.Token).ExpectStatus(t, 200)
		if mine.JSON["success"] != true {
			t.Fatalf("list: %s", mine.Raw)
		}
		mineIDs, theirIDs := bkIDs(mine), bkIDs(theirs)
		if !slices.Contains(mineIDs, first) || slices.Contains(theirIDs, first) || len(mineIDs) < 5 {
			t.Fatalf("ownership: mine %v theirs %v", mineIDs, theirIDs)
		}
		var prev string
		for i := range mineIDs {
			a := mine.Field(fmt.Sprintf("appointments.%d", i)).(map[string]any)
			for _, f := range []string{"startsAt", "date", "time", "hasReviewed", "status", "serviceName", "provider", "location"} {
				if _, ok := a[f]; !ok {
					t.Fatalf("entry without %s: %v", f, a)
				}
			}
			if a["customerId"] != c.ID {
				t.Fatalf("someone else's appointment in my list: %v", a)
			}
			if s := a["startsAt"].(string); s < prev {
				t.Fatalf("not soonest first: %s after %s", s, prev)
			} else {
				prev = s
			}
		}
		withP := 0 // c's appointments with p (one subtest books another provider)
		for i := range mineIDs {
			if mine.Field(fmt.Sprintf("appointments.%d", i)).(map[string]any)["providerId"] == p.ID {
				withP++
			}
		}
		prov := st.Get(t, "/appointments/provider", p.Token).ExpectStatus(t, 200)
		provIDs := bkIDs(prov)
		if !slices.Contains(provIDs, first) || len(provIDs) < withP {
			t.Fatalf("provider list %v", provIDs)
		}
		for i := range provIDs {
			a := prov.Field(fmt.Sprintf("appointments.%d", i)).(map[string]any)
			if a["providerId"] != p.ID || a["customerName"] == "" || a["customerEmail"] == "" || a["customerPhone"] == "" || a["customerAddress"] == "" {
				t.Fatalf("provider entry: %v", a)
			}
		}
		if ids := bkIDs(st.Get(t, "/appointments/provider", p2.Token).ExpectStatus(t, 200)); len(ids) != 1 {
			t.Fatalf("p2 sees %v, want only the eye test", ids)
		}
		st.Get(t, "/appointments/provider", c.Token).ExpectError(t, 403, bkMsgProvidersOnly)
		st.Get(t, "/appointments/provider", "").ExpectError(t, 401, bkMsgAuthRequired)
		st.Get(t, "/appointments", "").ExpectError(t, 401, bkMsgAuthRequired)
		if r := st.Get(t, "/appointments", p2.Token).ExpectStatus(t, 200); string(r.Raw) != `{"success":true,"appointments":[],"nextCursor":"","earlierCursor":""}` {
			t.Fatalf("empty list: %s", r.Raw)
		}
	})

	t.Run("one appointment: its customer and its provider only", func(t *testing.T) {
		st.Get(t, "/appointments/"+first, c.Token).ExpectStatus(t, 200)
		if r := st.Get(t, "/appointments/"+first, p.Token).ExpectStatus(t, 200); r.String("appointment._id") != first {
			t.Fatalf("provider get: %s", r.Raw)
		}
		st.Get(t, "/appointments/"+first, c2.Token).ExpectError(t, 404, bkMsgNotFound)
		st.Get(t, "/appointments/"+first, p2.Token).ExpectError(t, 404, bkMsgNotFound)
		st.Get(t, "/appointments/"+uuid.NewString(), c.Token).ExpectError(t, 404, bkMsgNotFound)
		st.Get(t, "/appointments/not-an-id", c.Token).ExpectError(t, 404, bkMsgNotFound)
		st.Get(t, "/appointments/"+first, "").ExpectError(t, 401, bkMsgAuthRequired)
	})
}

// bkMachine builds appointments in a given status, before or after their
// start, for the status-machine test.
type bkMachine struct {
	t     *testing.T
	st    *stacktest.Stack
	clk   bkClock
	c     stacktest.User
	p     stacktest.User
	svcID string
	next  int
}

var bkHours = []string{"06:00", "07:00", "08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00"}

// make books the next free slot and drives it to status; started moves the
// clock past its start (call reset afterwards).
func (m *bkMachine) make(status string, started bool) (string, time.Time) {
	m.t.Helper()
	m.st.Clock.Set(m.clk.t0())
	day, hour := 1+m.next/len(bkHours), bkHours[m.next%len(bkHours)]
	m.next++
	id := bkBookID(m.t, m.st, m.c, m.svcID, m.clk.day(day), hour)
	start := m.clk.at(day, hour)
	var before, after []string
	switch status {
	case "scheduled", "confirmed", "rejected", "cancelled":
		before = []string{status}
	case "in-progress":
		before, after = []string{"scheduled"}, []string{"in-progress"}
	case "completed", "no-show":
		before, after = []string{"confirmed"}, []string{status}
	}
	for _, s := range before {
		bkProviderStatus(m.t, m.st, m.p, id, s).ExpectStatus(m.t, 200)
	}
	if started {
		m.st.Clock.Set(start.Add(time.Minute))
	}
	for _, s := range after {
		bkProviderStatus(m.t, m.st, m.p, id, s).ExpectStatus(m.t, 200)
	}
	return id, start
}

func (m *bkMachine) reset() { m.st.Clock.Set(m.clk.t0()) }

var bkStatuses = []string{"pending", "scheduled", "confirmed", "in-progress", "completed", "cancelled", "rejected", "no-show"}

// bkProviderAllowed is docs/architecture.md#rules-the-server-enforces, provider side: value true means "only
// once the start has passed".
var bkProviderAllowed = map[[2]string]bool{
	{"pending", "scheduled"}: false, {"pending", "confirmed"}: false, {"pending", "rejected"}: false, {"pending", "cancelled"}: false,
	{"scheduled", "confirmed"}: false, {"scheduled", "cancelled"}: false,
	{"scheduled", "in-progress"}: true, {"scheduled", "completed"}: true, {"scheduled", "no-show"}: true,
	{"confirmed", "in-progress"}: true, {"confirmed", "completed"}: true, {"confirmed", "no-show"}: true,
	{"in-progress", "completed"}: false,
}

func TestBookingStatusMachine(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, c2 := st.NewUser(t, "customer"), st.NewUser(t, "customer")
	p, p2 := st.NewUser(t, "provider"), st.NewUser(t, "provider")
	m := &bkMachine{t: t, st: st, clk: clk, c: c, p: p, svcID: bkService(t, st, p, "Physio", bkHours...)}

	for _, started := range []bool{false, true} {
		for _, from := range bkStatuses {
			if !started && (from == "in-progress" || from == "completed" || from == "no-show") {
				continue // these states exist only once the start has passed
			}
			t.Run(fmt.Sprintf("provider from %s, started=%v", from, started), func(t *testing.T) {
				m.t = t
				defer m.reset()
				fixed, _ := m.make(from, started)
				for _, to := range bkStatuses {
					afterOnly, allowed := bkProviderAllowed[[2]string{from, to}]
					switch {
					case allowed && (!afterOnly || started):
						id, _ := m.make(from, started)
						r := bkProviderStatus(t, st, p, id, to).ExpectStatus(t, 200)
						if r.String("appointment.status") != to || r.JSON["success"] != true {
							t.Fatalf("%s→%s: %s", from, to, r.Raw)
						}
					case allowed:
						bkProviderStatus(t, st, p, fixed, to).ExpectError(t, 409,
							fmt.Sprintf("The appointment is %s and has not started yet, so it cannot be marked %s", from, to))
					default:
						bkExpectConflictNaming(t, bkProviderStatus(t, st, p, fixed, to), from)
					}
				}
				if r := st.Get(t, "/appointments/"+fixed, c.Token); r.String("appointment.status") != from {
					t.Fatalf("refused moves changed the appointment: %s", r.Raw)
				}
			})
		}
	}
	m.t = t

	t.Run("customer cancels an open appointment before it starts, nothing else", func(t *testing.T) {
		m.t = t
		defer m.reset()
		for _, from := range []string{"pending", "scheduled", "confirmed"} {
			id, _ := m.make(from, false)
			r := bkCustomerStatus(t, st, c, id, "cancelled").ExpectStatus(t, 200)
			if r.String("appointment.status") != "cancelled" || r.JSON["success"] != true {
				t.Fatalf("cancel from %s: %s", from, r.Raw)
			}
			id, _ = m.make(from, true)
			bkCustomerStatus(t, st, c, id, "cancelled").ExpectError(t, 409, bkMsgCancelPast)
			m.reset()
		}
		for _, from := range []string{"in-progress", "completed", "no-show", "cancelled", "rejected"} {
			id, _ := m.make(from, from != "cancelled" && from != "rejected")
			bkExpectConflictNaming(t, bkCustomerStatus(t, st, c, id, "cancelled"), from)
			m.reset()
		}
		id, _ := m.make("pending", false)
		for _, to := range bkStatuses {
			if to != "cancelled" {
				bkExpectConflictNaming(t, bkCustomerStatus(t, st, c, id, to), "pending")
			}
		}
		bkCustomerStatus(t, st, c, id, "").ExpectError(t, 400, "Status is required")
		bkProviderStatus(t, st, p, id, "").ExpectError(t, 400, "Status is required")
		if r := bkCustomerStatus(t, st, c, id, "done"); r.Status != 400 || !strings.HasPrefix(r.String("error"), `Invalid status "done"`) {
			t.Fatalf("unknown status: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("ownership: other customers and providers see nothing, wrong roles are refused", func(t *testing.T) {
		m.t = t
		defer m.reset()
		id, _ := m.make("pending", false)
		bkCustomerStatus(t, st, c2, id, "cancelled").ExpectError(t, 404, bkMsgNotFound)
		bkProviderStatus(t, st, p2, id, "confirmed").ExpectError(t, 404, bkMsgNotFound)
		bkProviderStatus(t, st, c, id, "confirmed").ExpectError(t, 403, bkMsgProvidersOnly)
		bkCustomerStatus(t, st, p, id, "cancelled").ExpectError(t, 403, bkMsgOwnCustomer)
		bkProviderStatus(t, st, stacktest.User{}, id, "confirmed").ExpectError(t, 401, bkMsgAuthRequired)
		bkProviderStatus(t, st, p, uuid.NewString(), "confirmed").ExpectError(t, 404, bkMsgNotFound)
		if r := st.Get(t, "/appointments/"+id, c.Token); r.String("appointment.status") != "pending" {
			t.Fatalf("refused calls changed it: %s", r.Raw)
		}
	})
}

func TestBookingReschedule(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, c2 := st.NewUser(t, "customer"), st.NewUser(t, "customer")
	p := st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00", "14:30")
	id := bkBookID(t, st, c, svcID, clk.day(2), "10:00")
	bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, 200)
	res := func(u stacktest.User, id string, date, clock any) *stacktest.Response {
		body := map[string]any{}
		if date != nil {
			body["date"] = date
		}
		if clock != nil {
			body["time"] = clock
		}
		return st.Put(t, "/appointments/"+id+"/reschedule", u.Token, body)
	}

	t.Run("rules and messages", func(t *testing.T) {
		res(c, id, nil, "09:00").ExpectError(t, 400, bkMsgResRequired)
		res(c, id, clk.day(3), "").ExpectError(t, 400, bkMsgResRequired)
		res(c, id, clk.day(2), "10:00").ExpectError(t, 400, bkMsgResNotLater)
		res(c, id, clk.day(2), "09:00").ExpectError(t, 400, bkMsgResNotLater)
		res(c, id, clk.day(1), "14:30").ExpectError(t, 400, bkMsgResNotLater)
		res(c, id, "soon", "10:00").ExpectError(t, 400, "Please select a valid date and time")
		res(c, id, clk.day(3), "11:00").ExpectError(t, 400, bkMsgNotASlot)
		// Up to 14 days from the later of today and the current date.
		res(c, id, clk.day(16), "09:00").ExpectError(t, 400, "Please select a date within the next 14 days")
		bkBookID(t, st, c2, svcID, clk.day(3), "09:00")
		// Its member (the owner, the only one) is taken then: keeping them is refused.
		res(c, id, clk.day(3), "09:00").ExpectError(t, 409, "Smile Clinic is not free at that time: choose another time or anyone available")
	})

	t.Run("ownership", func(t *testing.T) {
		res(c2, id, clk.day(3), "10:00").ExpectError(t, 404, bkMsgNotFound)
		res(p, id, clk.day(3), "10:00").ExpectError(t, 403, bkMsgOwnCustomer)
		res(stacktest.User{}, id, clk.day(3), "10:00").ExpectError(t, 401, bkMsgAuthRequired)
		res(c, uuid.NewString(), clk.day(3), "10:00").ExpectError(t, 404, bkMsgNotFound)
	})

	t.Run("ISO timestamp: moves it, puts it back to scheduled, frees the old slot", func(t *testing.T) {
		iso := clk.day(2) + "T18:45:00.000Z" // 00:15 IST on today+3
		r := res(c, id, iso, "10:00").ExpectStatus(t, 200)
		if r.JSON["success"] != true || r.String("message") != "Appointment rescheduled successfully" ||
			r.String("appointment.date") != clk.day(3) || r.String("appointment.time") != "10:00" ||
			r.String("appointment.status") != "scheduled" || r.String("appointment.startsAt") != clk.at(3, "10:00").UTC().Format(time.RFC3339) {
			t.Fatalf("reschedule: %s", r.Raw)
		}
		bkBookID(t, st, c2, svcID, clk.day(2), "10:00")
	})

	t.Run("date string and 12-hour time, beyond the 10-day booking window", func(t *testing.T) {
		r := res(c, id, clk.day(12), "2:30 PM").ExpectStatus(t, 200)
		if r.String("appointment.date") != clk.day(12) || r.String("appointment.time") != "14:30" {
			t.Fatalf("reschedule: %s", r.Raw)
		}
		bkBookID(t, st, c2, svcID, clk.day(3), "10:00")
	})

	t.Run("closed or past appointments cannot move", func(t *testing.T) {
		gone := bkBookID(t, st, c, svcID, clk.day(4), "09:00")
		bkCustomerStatus(t, st, c, gone, "cancelled").ExpectStatus(t, 200)
		bkExpectConflictNaming(t, res(c, gone, clk.day(5), "09:00"), "cancelled")

		today := bkBookID(t, st, c, svcID, clk.day(0), "14:30")
		defer st.Clock.Set(clk.t0())
		st.Clock.Set(clk.at(1, "09:30"))
		res(c, today, clk.day(1), "09:00").ExpectError(t, 400, bkMsgResNotFuture)
		res(c, today, clk.day(1), "10:00").ExpectError(t, 409, bkMsgResPast)
		bkCustomerStatus(t, st, c, today, "cancelled").ExpectError(t, 409, bkMsgCancelPast)
	})
}

// bkKeyID names an Ed25519 public key the way auth-svc does (its JWKS kid).
func bkKeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

// bkToken mints a customer token with the stack's signing key, so the race
// test needs no 200 registrations.
func bkToken(t *testing.T, key ed25519.PrivateKey) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{
		"sub": uuid.NewString(), "role": "customer", "email": "racer-" + uuid.NewString()[:8] + "@example.com",
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(),
	})
	tok.Header["kid"] = bkKeyID(key.Public().(ed25519.PublicKey))
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBookingRace sends 200 concurrent bookings of one slot, split across two
// booking-svc instances (each behind its own gateway) sharing the database.
func TestBookingRace(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p := st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Popular slot", "09:00", "10:00")

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	quiet := slog.New(slog.NewJSONHandler(io.Discard, nil))
	bookLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gwLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(2)
	go func() {
		defer wg.Done()
		err := bookingsvc.Run(ctx, bookingsvc.Config{
			Config: svc.Config{Name: "booking-svc-2", DatabaseURL: st.DatabaseURL, KafkaBrokers: st.Brokers,
				AuthGRPCAddr: st.GRPCAddrs["auth-svc"], GRPCListener: bookLis, Logger: quiet},
			CatalogAddr: st.GRPCAddrs["catalog-svc"], Location: bkIST, Clock: st.Clock.Now,
		})
		if err != nil && ctx.Err() == nil {
			t.Errorf("second booking-svc: %v", err)
		}
	}()
	go func() {
		defer wg.Done()
		err := gateway.Run(ctx, gateway.Config{AuthAddr: st.GRPCAddrs["auth-svc"], CatalogAddr: st.GRPCAddrs["catalog-svc"],
			BookingAddr: bookLis.Addr().String(), ReviewAddr: st.GRPCAddrs["review-svc"],
			NotificationAddr: st.GRPCAddrs["notification-svc"], Listener: gwLis, Logger: quiet})
		if err != nil && ctx.Err() == nil {
			t.Errorf("second gateway: %v", err)
		}
	}()
	api2 := "http://" + gwLis.Addr().String()
	if err := stacktest.WaitReady(ctx, api2, 30*time.Second); err != nil {
		t.Fatal(err)
	}

	const n = 200
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}, Timeout: 60 * time.Second}
	tokens := make([]string, n)
	for i := range tokens {
		tokens[i] = bkToken(t, st.SigningKey)
	}
	body, _ := json.Marshal(bkBody(svcID, clk.day(1), "09:00"))
	statuses := make([]int, n)
	bodies := make([]string, n)
	gate := make(chan struct{})
	var all sync.WaitGroup
	for i := range n {
		all.Add(1)
		go func() {
			defer all.Done()
			base := st.APIURL
			if i%2 == 1 {
				base = api2
			}
			req, _ := http.NewRequest("POST", base+"/appointments", strings.NewReader(string(body)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tokens[i])
			<-gate
			resp, err := client.Do(req)
			if err != nil {
				bodies[i] = err.Error()
				return
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			statuses[i], bodies[i] = resp.StatusCode, string(raw)
		}()
	}
	started := time.Now()
	close(gate)
	all.Wait()
	elapsed := time.Since(started)
	count := map[int]int{}
	perInstance := [2]map[int]int{{}, {}}
	for i, s := range statuses {
		count[s]++
		perInstance[i%2][s]++
		if s == 409 && !strings.Contains(bodies[i], bkMsgSlotTaken) {
			t.Errorf("409 with body %s", bodies[i])
		}
		if s != 201 && s != 409 {
			t.Errorf("request %d: %d %s", i, s, bodies[i])
		}
	}
	t.Logf("200 concurrent bookings of one slot over two instances: %v in %v (instance 1 %v, instance 2 %v)", count, elapsed, perInstance[0], perInstance[1])
	if count[201] != 1 || count[409] != n-1 {
		t.Fatalf("want exactly 1×201 and %d×409, got %v", n-1, count)
	}
	r := st.Get(t, "/appointments/provider", p.Token).ExpectStatus(t, 200)
	if ids := bkIDs(r); len(ids) != 1 {
		t.Fatalf("%d appointments stored, want 1", len(ids))
	}
}

// bkReadEvents reads booking.appointments.v1 from the beginning until want
// returns true or the timeout passes; it returns what it read by key.
func bkReadEvents(t *testing.T, brokers []string, timeout time.Duration, done func(map[string][]*eventsv1.AppointmentEvent) bool) map[string][]*eventsv1.AppointmentEvent {
	t.Helper()
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "booking-test-" + uuid.NewString(),
		Topic: topics.Appointments, StartOffset: kafka.FirstOffset, MaxWait: 100 * time.Millisecond})
	defer r.Close()
	got := map[string][]*eventsv1.AppointmentEvent{}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for !done(got) {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			t.Fatalf("reading events: %v; got %d keys", err, len(got))
		}
		var ev eventsv1.AppointmentEvent
		if err := proto.Unmarshal(msg.Value, &ev); err != nil {
			t.Fatal(err)
		}
		if string(msg.Key) != ev.AppointmentId {
			t.Fatalf("event keyed %q for appointment %s", msg.Key, ev.AppointmentId)
		}
		got[ev.AppointmentId] = append(got[ev.AppointmentId], &ev)
	}
	return got
}

// bkDistinct drops republished copies of an event (same event id), keeping
// the first of each.
func bkDistinct(evs []*eventsv1.AppointmentEvent) []*eventsv1.AppointmentEvent {
	seen := map[string]bool{}
	var out []*eventsv1.AppointmentEvent
	for _, e := range evs {
		if !seen[e.GetEventId()] {
			seen[e.GetEventId()] = true
			out = append(out, e)
		}
	}
	return out
}

func bkEventSummary(evs []*eventsv1.AppointmentEvent) string {
	var s []string
	for _, e := range evs {
		s = append(s, fmt.Sprintf("%s:%s<-%s:v%d", e.Type, e.Status, e.PreviousStatus, e.Version))
	}
	return strings.Join(s, " ")
}

func TestBookingEventsAndReviews(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00")
	id := bkBookID(t, st, c, svcID, clk.day(1), "09:00")
	bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, 200)
	st.Put(t, "/appointments/"+id+"/reschedule", c.Token, map[string]any{"date": clk.day(2), "time": "10:00"}).ExpectStatus(t, 200)
	bkCustomerStatus(t, st, c, id, "cancelled").ExpectStatus(t, 200)

	t.Run("every change is one event, keyed by appointment, versions in order", func(t *testing.T) {
		got := bkReadEvents(t, st.Brokers, 20*time.Second, func(m map[string][]*eventsv1.AppointmentEvent) bool { return len(m[id]) >= 4 })
		want := "created:pending<-:v1 status_changed:confirmed<-pending:v2 rescheduled:scheduled<-confirmed:v3 status_changed:cancelled<-scheduled:v4"
		if s := bkEventSummary(got[id]); s != want {
			t.Fatalf("events\n got %s\nwant %s", s, want)
		}
		last := got[id][3]
		if last.ServiceId != svcID || last.CustomerId != c.ID || last.ProviderId != p.ID || last.ServiceName != "Dental check-up" ||
			last.CustomerEmail != "asha@example.com" || !last.StartsAt.AsTime().Equal(clk.at(2, "10:00")) || last.EventId == "" {
			t.Fatalf("event fields: %v", last)
		}
	})

	t.Run("a review event sets hasReviewed once", func(t *testing.T) {
		done := bkBookID(t, st, c, svcID, clk.day(3), "09:00")
		ev := &eventsv1.ReviewEvent{EventId: uuid.NewString(), Type: "created", OccurredAt: timestamppb.Now(),
			ReviewId: uuid.NewString(), AppointmentId: done, ServiceId: svcID, CustomerId: c.ID, Rating: 5}
		raw, _ := proto.Marshal(ev)
		w := kafkax.NewWriter(st.Brokers)
		defer w.Close()
		if err := kafkax.EnsureTopics(context.Background(), st.Brokers, 3, topics.Reviews); err != nil {
			t.Fatal(err)
		}
		msg := kafka.Message{Topic: topics.Reviews, Key: []byte(svcID), Value: raw}
		if err := w.WriteMessages(context.Background(), msg, msg); err != nil { // redelivered
			t.Fatal(err)
		}
		reviewed := func(u stacktest.User, path string) bool {
			r := st.Get(t, path, u.Token)
			for i, aid := range bkIDs(r) {
				if aid == done {
					return r.Field(fmt.Sprintf("appointments.%d.hasReviewed", i)) == true
				}
			}
			return false
		}
		stacktest.Eventually(t, 20*time.Second, "hasReviewed true", func() bool { return reviewed(c, "/appointments") })
		if !reviewed(p, "/appointments/provider") || st.Get(t, "/appointments/"+id, c.Token).Field("appointment.hasReviewed") != false {
			t.Fatal("hasReviewed on the wrong appointment")
		}
		conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		var n int
		if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM booking.inbox WHERE consumer = 'booking-svc/has-reviewed' AND event_id = $1`, ev.EventId).Scan(&n); err != nil || n != 1 {
			t.Fatalf("inbox rows for the event: %d %v", n, err)
		}
	})
}

// TestBookingKafkaDown stops the broker, books, and checks that every event
// reaches the topic once a broker is back on the same port.
func TestBookingKafkaDown(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	c, p := st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Dental check-up", "09:00", "10:00")
	// A first booking shows the relay publishing before the broker goes.
	warm := bkBookID(t, st, c, svcID, clk.day(6), "10:00")
	bkReadEvents(t, st.Brokers, 20*time.Second, func(m map[string][]*eventsv1.AppointmentEvent) bool { return len(m[warm]) == 1 })
	_, portStr, _ := net.SplitHostPort(st.Brokers[0])
	port, _ := strconv.Atoi(portStr)
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	unsent := func() int {
		var n int
		if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM booking.outbox`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	stacktest.Eventually(t, 10*time.Second, "the outbox empty", func() bool { return unsent() == 0 })

	st.Kafka.Close()
	var ids []string
	started := time.Now()
	for d := 1; d <= 5; d++ {
		ids = append(ids, bkBookID(t, st, c, svcID, clk.day(d), "09:00"))
	}
	bkProviderStatus(t, st, p, ids[0], "confirmed").ExpectStatus(t, 200)
	t.Logf("5 bookings and 1 status change with Kafka down took %v", time.Since(started))

	if n := unsent(); n != 6 {
		t.Fatalf("%d events waiting in the outbox, want 6", n)
	}

	cluster, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.AllowAutoTopicCreation(), kfake.Ports(port))
	if err != nil {
		t.Fatalf("restart broker on %d: %v", port, err)
	}
	t.Cleanup(cluster.Close)
	// The new broker starts empty: create the topic as the relay did at start-up
	// (retrying while the broker settles).
	stacktest.Eventually(t, 10*time.Second, "the topic created on the new broker", func() bool {
		return kafkax.EnsureTopics(context.Background(), st.Brokers, 3, topics.Appointments) == nil
	})
	back := time.Now()
	got := bkReadEvents(t, st.Brokers, 30*time.Second, func(m map[string][]*eventsv1.AppointmentEvent) bool {
		n := 0
		for _, id := range ids {
			n += len(bkDistinct(m[id]))
		}
		return n >= 6
	})
	t.Logf("all 6 events on the topic %v after the broker returned", time.Since(back))
	for i, id := range ids {
		want := "created:pending<-:v1"
		if i == 0 {
			want += " status_changed:confirmed<-pending:v2"
		}
		// Publication is at least once (docs/architecture.md#events): a write the relay saw
		// fail while the new broker settled may still have landed, and the
		// retry sends the same event (same event id) again; consumers dedupe
		// by id. What must hold is that every event arrives, in order.
		if s := bkEventSummary(bkDistinct(got[id])); s != want {
			t.Fatalf("appointment %d events %s, want %s", i, s, want)
		}
	}
	stacktest.Eventually(t, 10*time.Second, "the outbox empty", func() bool { return unsent() == 0 })
}

// TestBookingRateLimit: each user may book BookingsPerMinute times in a
// burst; the next booking is 429 with Retry-After, and another user is not
// affected.
func TestBookingRateLimit(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), BookingsPerMinute: 3})
	c, other, p := st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "provider")
	svcID := bkService(t, st, p, "Popular", "09:00", "10:00", "11:00", "12:00", "13:00")
	for _, clock := range []string{"09:00", "10:00"} {
		bkBook(t, st, c, svcID, clk.day(1), clock).ExpectStatus(t, http.StatusCreated)
	}
	// A refused booking counts too: the limit is on attempts.
	bkBook(t, st, c, svcID, clk.day(1), "09:00").ExpectError(t, http.StatusConflict, bkMsgSlotTaken)
	r := bkBook(t, st, c, svcID, clk.day(1), "11:00")
	r.ExpectError(t, http.StatusTooManyRequests, r.String("error"))
	secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || secs < 1 || secs > 20 || !strings.HasPrefix(r.String("error"), "Too many bookings, please try again in ") {
		t.Fatalf("429 Retry-After %q, body %s", r.Header.Get("Retry-After"), r.Raw)
	}
	bkBook(t, st, other, svcID, clk.day(1), "11:00").ExpectStatus(t, http.StatusCreated)
}
