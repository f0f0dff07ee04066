package integration

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// Teams through the gateway, on a whole stack (docs/product.md#team-members).

// everyDay is a week of hours, 09:00–17:00 each day.
func everyDay() []map[string]any {
	var out []map[string]any
	for d := range 7 {
		out = append(out, map[string]any{"weekday": d, "from": "09:00", "to": "17:00"})
	}
	return out
}

// addMember adds a member to p's team and returns their id.
func addMember(t *testing.T, st *stacktest.Stack, p stacktest.User, name string, services ...string) string {
	t.Helper()
	r := st.Post(t, "/providers/me/staff", p.Token, map[string]any{"name": name, "serviceIds": services, "hours": everyDay()}).
		ExpectStatus(t, http.StatusCreated)
	if r.String("message") != "Team member added" || r.String("data.name") != name {
		t.Fatalf("adding %s: %s", name, r.Raw)
	}
	return r.String("data._id")
}

func staffNames(r *stacktest.Response, path string) []string {
	var out []string
	list, _ := r.Field(path).([]any)
	for _, x := range list {
		out = append(out, x.(map[string]any)["name"].(string))
	}
	return out
}

// bookAs books serviceID for c with staffID ("" anyone) and returns the
// response.
func bookAs(t *testing.T, st *stacktest.Stack, c stacktest.User, serviceID, date, clock, staffID string) *stacktest.Response {
	t.Helper()
	body := bkBody(serviceID, date, clock)
	if staffID != "" {
		body["staffId"] = staffID
	}
	return st.Post(t, "/appointments", c.Token, body)
}

// slotStates is one day's availability as "09:00=true 10:00=false".
func slotStates(t *testing.T, st *stacktest.Stack, serviceID, date, staffID string) (string, bool) {
	t.Helper()
	path := "/services/" + serviceID + "/availability?days=1&from=" + date
	if staffID != "" {
		path += "&staffId=" + staffID
	}
	r := st.Get(t, path, "").ExpectStatus(t, http.StatusOK)
	day := r.Field("days").([]any)[0].(map[string]any)
	var out []string
	for _, x := range day["slots"].([]any) {
		s := x.(map[string]any)
		out = append(out, s["time"].(string)+"="+map[bool]string{true: "true", false: "false"}[s["available"].(bool)])
	}
	return strings.Join(out, " "), day["closed"] == true
}

// TestTeamOfThree: a business of three members. The team is managed through
// the API; "anyone" spreads one slot's bookings over the members; a named
// member is booked only when free; a member's day off hides only their
// slots and tells the customers booked with them; PostgreSQL refuses an
// overlapping booking written straight into the table; reassigning and
// rescheduling tell the customer; lists and analytics filter by member.
func TestTeamOfThree(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p, stranger := st.NewUser(t, "provider"), st.NewUser(t, "provider")
	customers := []stacktest.User{st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer"), st.NewUser(t, "customer")}
	cut := bkService(t, st, p, "Haircut", "09:00", "10:00", "11:00")
	colour := bkService(t, st, p, "Colour", "09:15", "10:30")

	team := st.Get(t, "/providers/me/staff", p.Token).ExpectStatus(t, http.StatusOK)
	owner := team.String("data.0._id")
	if n := staffNames(team, "data"); len(n) != 1 || n[0] != "Smile Clinic" || team.Field("data.0.isOwner") != true {
		t.Fatalf("a new provider's team: %s", team.Raw)
	}
	st.Get(t, "/providers/me/staff", customers[0].Token).ExpectStatus(t, http.StatusForbidden)
	st.Post(t, "/providers/me/staff", p.Token, map[string]any{"name": "Ann", "hours": []map[string]any{{"weekday": 1, "from": "17:00", "to": "09:00"}}}).
		ExpectError(t, http.StatusBadRequest, "Working hours must end after they start")
	st.Post(t, "/providers/me/staff", stranger.Token, map[string]any{"name": "Spy", "serviceIds": []string{cut}}).
		ExpectError(t, http.StatusBadRequest, "Choose services from your own list: one of them is not yours or no longer exists")
	ann := addMember(t, st, p, "Ann", cut, colour)
	zoe := addMember(t, st, p, "Zoe", cut)
	if got := staffNames(st.Get(t, "/services/"+cut, "").ExpectStatus(t, http.StatusOK), "service.staff"); strings.Join(got, ",") != "Smile Clinic,Ann,Zoe" {
		t.Fatalf("Haircut's staff: %v", got)
	}
	st.Delete(t, "/providers/me/staff/"+owner, p.Token).ExpectError(t, http.StatusConflict, "The owner cannot be removed")

	// Anyone available: the three bookings of one slot go to three people.
	var spread []string
	var annAt9 string
	for _, c := range customers[:3] {
		r := bookAs(t, st, c, cut, clk.day(1), "09:00", "").ExpectStatus(t, http.StatusCreated)
		spread = append(spread, r.String("appointment.staffName"))
		if r.String("appointment.staffId") == ann {
			annAt9 = r.String("appointment._id")
		}
	}
	if strings.Join(spread, ",") != "Smile Clinic,Ann,Zoe" {
		t.Fatalf("anyone available assigned %v", spread)
	}
	bookAs(t, st, customers[3], cut, clk.day(1), "09:00", "").ExpectError(t, http.StatusConflict, "This time slot is already booked")
	// Ann is in a haircut until 09:30: her colour at 09:15 overlaps it.
	bookAs(t, st, customers[3], colour, clk.day(1), "09:15", ann).ExpectError(t, http.StatusConflict, "Ann is not free at that time")
	bookAs(t, st, customers[3], colour, clk.day(1), "09:15", zoe).ExpectError(t, http.StatusBadRequest, "Choose a team member who offers this service")

	// The database refuses what the code would: Ann's overlapping row,
	// written straight into the table.
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), `INSERT INTO booking.appointments (id, service_id, service_name, service_category,
		provider_id, provider, location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at,
		slot_label, status, version, created_at, updated_at, staff_id, staff_name, ends_at)
		SELECT gen_random_uuid(), $2, 'Colour', 'x', provider_id, provider, location, 'someone', 'x', 'x', 'x', 'x',
			starts_at + interval '15 minutes', '09:15', 'pending', 1, now(), now(), staff_id, staff_name, ends_at + interval '15 minutes'
		FROM booking.appointments WHERE id = $1`, annAt9, colour)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23P01" || pgErr.ConstraintName != "appointments_staff_no_overlap" {
		t.Fatalf("an overlapping row for Ann written in SQL: %v, want the exclusion constraint", err)
	}

	// Zoe's day off (day 2) hides her slots only, and tells her customer.
	zoeDay2 := bookAs(t, st, customers[3], cut, clk.day(2), "10:00", zoe).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	ownerDay2 := bookAs(t, st, customers[2], cut, clk.day(2), "11:00", owner).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	st.Post(t, "/providers/me/staff/"+zoe+"/closures", p.Token, map[string]any{"from": clk.day(2), "note": "Dentist"}).
		ExpectStatus(t, http.StatusCreated)
	if slots, closed := slotStates(t, st, cut, clk.day(2), zoe); !closed || slots != "09:00=false 10:00=false 11:00=false" {
		t.Fatalf("Zoe's day off with her asked for: closed %v, %s", closed, slots)
	}
	if slots, closed := slotStates(t, st, cut, clk.day(2), ""); closed || slots != "09:00=true 10:00=true 11:00=true" {
		t.Fatalf("anyone on Zoe's day off: closed %v, %s", closed, slots)
	}
	names := map[string]string{zoeDay2: "with Zoe", ownerDay2: "with the owner"}
	waitNotes(t, st, customers[3], names, "day_closed with Zoe")
	if r := st.Get(t, "/notifications", customers[3].Token); !strings.Contains(string(r.Raw), "Zoe is off on ") {
		t.Fatalf("the day-off notice names Zoe: %s", r.Raw)
	}

	// Reschedule keeps the member, or asks; "any" takes who is free.
	c3 := customers[3]
	st.Put(t, "/appointments/"+zoeDay2+"/reschedule", c3.Token, map[string]any{"date": clk.day(2), "time": "11:00"}).
		ExpectError(t, http.StatusConflict, "Zoe is not free at that time: choose another time or anyone available")
	moved := st.Put(t, "/appointments/"+zoeDay2+"/reschedule", c3.Token, map[string]any{"date": clk.day(2), "time": "11:00", "staffId": "any"}).
		ExpectStatus(t, http.StatusOK)
	if moved.String("appointment.staffName") != "Ann" {
		t.Fatalf("rescheduled to anyone free at 11:00 (the owner is booked): %s", moved.Raw)
	}

	// The provider reassigns: to someone busy, refused; to someone free,
	// the customer is told.
	st.Put(t, "/appointments/"+zoeDay2+"/staff", p.Token, map[string]any{"staffId": owner}).
		ExpectError(t, http.StatusConflict, "Smile Clinic is not free at that time")
	st.Put(t, "/appointments/"+zoeDay2+"/staff", stranger.Token, map[string]any{"staffId": owner}).ExpectStatus(t, http.StatusNotFound)
	st.Put(t, "/appointments/"+ownerDay2+"/staff", p.Token, map[string]any{"staffId": zoe}).
		ExpectError(t, http.StatusConflict, "Zoe is not free at that time")
	st.Put(t, "/appointments/"+annAt9+"/staff", p.Token, map[string]any{"staffId": zoe}).
		ExpectError(t, http.StatusConflict, "Zoe is not free at that time")
	free := bookAs(t, st, customers[0], cut, clk.day(1), "10:00", ann).ExpectStatus(t, http.StatusCreated).String("appointment._id")
	ok := st.Put(t, "/appointments/"+free+"/staff", p.Token, map[string]any{"staffId": zoe}).ExpectStatus(t, http.StatusOK)
	if ok.String("message") != "Appointment reassigned to Zoe" || ok.String("appointment.staffId") != zoe {
		t.Fatalf("reassigned to Zoe: %s", ok.Raw)
	}
	waitNotes(t, st, customers[0], map[string]string{free: "10:00"}, "booking_reassigned 10:00")
	if r := st.Get(t, "/notifications", customers[0].Token); !strings.Contains(string(r.Raw), "will now be with Zoe.") {
		t.Fatalf("the reassignment notice: %s", r.Raw)
	}
	// The customer's own reschedule is confirmed to them (by mail, kept
	// with the notifications), and the provider is told.
	var told int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM notification.notifications
		WHERE recipient_id = $1 AND kind = 'booking_rescheduled' AND appointment_id = $2`, c3.ID, zoeDay2).Scan(&told); err != nil || told != 1 {
		t.Fatalf("the customer's reschedule notice: %d (%v)", told, err)
	}

	// Lists and analytics by member.
	list := st.Get(t, "/appointments/provider?staffId="+zoe, p.Token).ExpectStatus(t, http.StatusOK)
	for _, x := range list.Field("appointments").([]any) {
		if x.(map[string]any)["staffId"] != zoe {
			t.Fatalf("Zoe's list holds another's: %s", list.Raw)
		}
	}
	if ids := bkIDs(list); len(ids) != 2 {
		t.Fatalf("Zoe's appointments: %v, want her 09:00 and the reassigned 10:00", ids)
	}
	// Analytics look back: three days on, Ann's two appointments count.
	st.Clock.Set(clk.at(3, "12:00"))
	if got := st.Get(t, "/providers/me/analytics?days=7&staffId="+ann, p.Token).ExpectStatus(t, http.StatusOK).Field("totals.bookings"); got != float64(2) {
		t.Fatalf("Ann's bookings in the analytics: %v, want 2 (day 1 09:00, day 2 11:00)", got)
	}

	// Ann leaves: out of the service's staff, her appointments keep her.
	st.Delete(t, "/providers/me/staff/"+ann, p.Token).ExpectStatus(t, http.StatusOK)
	if got := staffNames(st.Get(t, "/services/"+cut, "").ExpectStatus(t, http.StatusOK), "service.staff"); strings.Join(got, ",") != "Smile Clinic,Zoe" {
		t.Fatalf("Haircut's staff after Ann left: %v", got)
	}
	if a := readAppointment(t, st, customers[1], annAt9); a["staffName"] != "Ann" {
		t.Fatalf("Ann's booking after she left: %v", a)
	}
}

func readAppointment(t *testing.T, st *stacktest.Stack, c stacktest.User, id string) map[string]any {
	t.Helper()
	r := st.Get(t, "/appointments/"+id, c.Token).ExpectStatus(t, http.StatusOK)
	a, _ := r.Field("appointment").(map[string]any)
	return a
}

// TestSharedMemberRace: two services performed by one member, at
// overlapping times, booked by 200 at once: one 201, every other 409.
// (Without the exclusion constraint two are stored: the code's own check
// reads before either commits.)
func TestSharedMemberRace(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p := st.NewUser(t, "provider")
	a := bkService(t, st, p, "Consultation", "09:00")
	b := bkService(t, st, p, "Follow-up", "09:15") // 09:15–09:45 overlaps 09:00–09:30: one owner

	const n = 200
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}, Timeout: 60 * time.Second}
	statuses := make([]int, n)
	bodies := make([]string, n)
	gate := make(chan struct{})
	var all sync.WaitGroup
	for i := range n {
		token := bkToken(t, st.SigningKey)
		body := bkBody(a, clk.day(1), "09:00")
		if i%2 == 1 {
			body = bkBody(b, clk.day(1), "09:15")
		}
		raw, _ := json.Marshal(body)
		all.Go(func() {
			req, _ := http.NewRequest("POST", st.APIURL+"/appointments", strings.NewReader(string(raw)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			<-gate
			resp, err := client.Do(req)
			if err != nil {
				bodies[i] = err.Error()
				return
			}
			out, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			statuses[i], bodies[i] = resp.StatusCode, string(out)
		})
	}
	close(gate)
	all.Wait()
	count := map[int]int{}
	for i, s := range statuses {
		count[s]++
		if s != http.StatusCreated && s != http.StatusConflict {
			t.Errorf("booking %d: %d %s", i, s, bodies[i])
		}
	}
	if count[http.StatusCreated] != 1 || count[http.StatusConflict] != n-1 {
		t.Fatalf("statuses %v: want one 201 and %d 409", count, n-1)
	}
	var stored int
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM booking.appointments WHERE provider_id = $1`, p.ID).Scan(&stored); err != nil || stored != 1 {
		t.Fatalf("%d appointments stored (%v), want 1", stored, err)
	}
}
