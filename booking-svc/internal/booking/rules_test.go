package booking

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

var ist = time.FixedZone("IST", 5*3600+1800)

// now is 2026-11-21 10:15 IST.
var now = time.Date(2026, 11, 21, 10, 15, 0, 0, ist)

func TestParseClock(t *testing.T) {
	cases := []struct {
		in   string
		want int
		ok   bool
	}{
		{"9:00 AM", 9 * 60, true},
		{"09:00", 9 * 60, true},
		{"9:00", 9 * 60, true},
		{"9:00am", 9 * 60, true},
		{" 10:30 AM ", 10*60 + 30, true},
		{"12:00 PM", 12 * 60, true},
		{"12:30 AM", 30, true},
		{"1:00 PM", 13 * 60, true},
		{"5:30 pm", 17*60 + 30, true},
		{"00:00", 0, true},
		{"23:59", 23*60 + 59, true},
		{"24:00", 0, false},
		{"13:00 PM", 0, false},
		{"0:30 AM", 0, false},
		{"9", 0, false},
		{"9:0", 0, false},
		{"9:60", 0, false},
		{"nine", 0, false},
		{"", 0, false},
	}
	for _, c := range cases {
		got, ok := ParseClock(c.in)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("ParseClock(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseDate(t *testing.T) {
	cases := []struct {
		in   string
		want string
		ok   bool
	}{
		{"2026-11-22", "2026-11-22", true},
		// Just before midnight UTC is already the next day in IST.
		{"2026-11-21T18:45:00.000Z", "2026-11-22", true},
		{"2026-11-21T18:29:59Z", "2026-11-21", true},
		{"2026-11-21T18:30:00Z", "2026-11-22", true},
		{"2026-11-22T00:00:00+05:30", "2026-11-22", true},
		{"2026-11-21T23:00:00-08:00", "2026-11-22", true},
		{"2026-11-22T09:00:00", "2026-11-22", true},
		{"2026-11-22T09:00", "2026-11-22", true},
		{"22/11/2026", "", false},
		{"2026-13-01", "", false},
		{"", "", false},
	}
	for _, c := range cases {
		got, ok := ParseDate(c.in, ist)
		if ok != c.ok || (ok && (got.Format(DateLayout) != c.want || got.Location() != ist || got.Hour() != 0)) {
			t.Errorf("ParseDate(%q) = %v, %v; want %s, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func validBooking() NewBooking {
	return NewBooking{ServiceID: "svc", Date: "2026-11-22", Time: "09:00", CustomerPhone: "9876543210", CustomerAddress: "12 MG Road"}
}

func TestValidateNewBookingOrder(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*NewBooking)
		msg  string
	}{
		{"valid", func(*NewBooking) {}, ""},
		{"no date", func(b *NewBooking) { b.Date = " " }, MsgDateTimeRequired},
		{"no time", func(b *NewBooking) { b.Time = "" }, MsgDateTimeRequired},
		{"date before phone", func(b *NewBooking) { b.Date, b.CustomerPhone = "", "1" }, MsgDateTimeRequired},
		{"short phone", func(b *NewBooking) { b.CustomerPhone = "98765 4321" }, MsgInvalidPhone},
		{"long phone", func(b *NewBooking) { b.CustomerPhone = "1234567890123456" }, MsgInvalidPhone},
		{"phone before address", func(b *NewBooking) { b.CustomerPhone, b.CustomerAddress = "", "" }, MsgInvalidPhone},
		{"no address", func(b *NewBooking) { b.CustomerAddress = "  " }, MsgAddressRequired},
		{"no service", func(b *NewBooking) { b.ServiceID = "" }, MsgServiceIDRequired},
		{"phone in 21 characters", func(b *NewBooking) { b.CustomerPhone = "+91 98765 43210      1" }, MsgInvalidPhone},
		{"not an email", func(b *NewBooking) { b.CustomerEmail = "notanemail" }, MsgInvalidEmail},
		{"no email: the login's", func(b *NewBooking) { b.CustomerEmail = "" }, ""},
		{"notes with an escape", func(b *NewBooking) { b.Notes = "hi\x1b[2J" }, "Reason for visit contains characters that are not allowed"},
		{"notes on two lines", func(b *NewBooking) { b.Notes = "back pain\nsince Monday" }, ""},
		{"address bound before name", func(b *NewBooking) {
			b.CustomerAddress, b.CustomerName = strings.Repeat("a", 301), strings.Repeat("n", 101)
		}, "Address must be at most 300 characters"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := validBooking()
			c.mod(&b)
			expectErr(t, ValidateNewBooking(&b), apperr.KindInvalid, c.msg)
		})
	}
}

// Every bounded field of the booking form: at the limit accepted, one
// character over refused with the field's message.
func TestNewBookingBounds(t *testing.T) {
	at := func(n int) string { return strings.Repeat("é", n) }
	email := func(n int) string { return strings.Repeat("a", 64) + "@" + strings.Repeat("b", n-64-5) + ".com" }
	cases := []struct {
		name  string
		limit int
		set   func(b *NewBooking, n int)
		msg   string
	}{
		{"customerName", 100, func(b *NewBooking, n int) { b.CustomerName = at(n) }, "Full name must be at most 100 characters"},
		{"customerAddress", 300, func(b *NewBooking, n int) { b.CustomerAddress = at(n) }, "Address must be at most 300 characters"},
		{"notes", 1000, func(b *NewBooking, n int) { b.Notes = at(n) }, "Reason for visit must be at most 1000 characters"},
		{"customerEmail", 254, func(b *NewBooking, n int) { b.CustomerEmail = email(n) }, MsgInvalidEmail},
		{"customerPhone", 20, func(b *NewBooking, n int) { b.CustomerPhone = "9876543210" + strings.Repeat("-", n-10) }, MsgInvalidPhone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := validBooking()
			c.set(&b, c.limit)
			expectErr(t, ValidateNewBooking(&b), apperr.KindInvalid, "")
			b = validBooking()
			c.set(&b, c.limit+1)
			expectErr(t, ValidateNewBooking(&b), apperr.KindInvalid, c.msg)
		})
	}
}

func TestCheckIdempotencyKey(t *testing.T) {
	for key, ok := range map[string]bool{
		"k-1": true, strings.Repeat("k", 255): true, strings.Repeat("k", 256): false, "a\x00b": false, "\xff": false, "tab\tkey": false,
	} {
		err := CheckIdempotencyKey(key)
		if (err == nil) != ok {
			t.Errorf("CheckIdempotencyKey(%.20q): %v, want ok=%v", key, err, ok)
		}
	}
}

func TestInvalidStatusIsNotEchoedInFull(t *testing.T) {
	err := checkStatusValue(strings.Repeat("x", 1<<20))
	if len(err.Error()) > 200 {
		t.Fatalf("message of %d bytes", len(err.Error()))
	}
}

func expectErr(t *testing.T, err error, kind apperr.Kind, msg string) {
	t.Helper()
	if msg == "" {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	var de *apperr.Error
	if !errors.As(err, &de) || de.Kind != kind || de.Message != msg {
		t.Fatalf("error %v (kind %v), want kind %v %q", err, apperr.KindOf(err), kind, msg)
	}
}

func TestCheckBookable(t *testing.T) {
	svc := ServiceInfo{TimeSlots: []string{"09:00", "10:00", "14:30"}}
	none := ServiceInfo{}
	cases := []struct {
		name      string
		svc       ServiceInfo
		date, clk string
		label     string
		msg       string
	}{
		{"tomorrow 09:00", svc, "2026-11-22", "09:00", "09:00", ""},
		{"12-hour form of a 24-hour slot", svc, "2026-11-22", "2:30 PM", "14:30", ""},
		{"not a slot", svc, "2026-11-22", "11:00", "", MsgNotASlot},
		{"default slots when none", none, "2026-11-22", "10:30", "10:30 AM", ""},
		{"not a default slot", none, "2026-11-22", "09:30", "", MsgNotASlot},
		{"today, passed", svc, "2026-11-21", "10:00", "", MsgSlotPassed},
		{"today, later", svc, "2026-11-21", "14:30", "14:30", ""},
		{"yesterday", svc, "2026-11-20", "14:30", "", MsgSlotPassed},
		{"today+9 is the last day", svc, "2026-11-30", "09:00", "09:00", ""},
		{"today+10 is outside", svc, "2026-12-01", "09:00", "", MsgOutsideWindow},
		{"ISO just before midnight UTC is tomorrow in IST", svc, "2026-11-21T18:45:00.000Z", "9:00 AM", "09:00", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ParseMoment(c.date, c.clk, ist)
			if err != nil {
				t.Fatal(err)
			}
			slot, err := CheckBookable(c.svc, m, now)
			expectErr(t, err, apperr.KindInvalid, c.msg)
			if err == nil && slot.Label != c.label {
				t.Fatalf("slot label %q, want %q", slot.Label, c.label)
			}
		})
	}
	if _, err := ParseMoment("tomorrow", "09:00", ist); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("bad date: %v", err)
	}
	if _, err := ParseMoment("2026-11-22", "9 o'clock", ist); apperr.KindOf(err) != apperr.KindInvalid {
		t.Fatalf("bad time: %v", err)
	}
}

// TestSlotAtAgreesWithSlotsOf: the booking check's lazy lookup finds, for
// every minute of the day, the slot the availability list (SlotsOf) shows.
func TestSlotAtAgreesWithSlotsOf(t *testing.T) {
	lists := [][]string{nil, {"09:00", " 9:00 AM", "2:30 PM", "14:30", "bogus", "10:00"}, {"11:00 PM", "00:30"}}
	for _, listed := range lists {
		slots := SlotsOf(listed)
		for m := 0; m < 24*60; m++ {
			var want Slot
			found := false
			for _, s := range slots {
				if s.Minutes == m {
					want, found = s, true
				}
			}
			got, ok := SlotAt(listed, m)
			if ok != found || got != want {
				t.Fatalf("%q at %s: SlotAt = %+v, %v; SlotsOf has %+v, %v", listed, FormatMinutes(m), got, ok, want, found)
			}
		}
	}
}

// TestProviderTransitions walks every (from, to) pair, before and after the
// start, against docs/architecture.md#rules-the-server-enforces.
func TestProviderTransitions(t *testing.T) {
	type move struct{ from, to string }
	// allowed: true = any time, false = only once started.
	anyTime := map[move]bool{
		{StatusPending, StatusScheduled}: true, {StatusPending, StatusConfirmed}: true,
		{StatusPending, StatusRejected}: true, {StatusPending, StatusCancelled}: true,
		{StatusScheduled, StatusConfirmed}: true, {StatusScheduled, StatusCancelled}: true,
		{StatusInProgress, StatusCompleted}: true,
	}
	afterStart := map[move]bool{
		{StatusScheduled, StatusInProgress}: true, {StatusScheduled, StatusCompleted}: true, {StatusScheduled, StatusNoShow}: true,
		{StatusConfirmed, StatusInProgress}: true, {StatusConfirmed, StatusCompleted}: true, {StatusConfirmed, StatusNoShow}: true,
	}
	future := Appointment{StartsAt: now.Add(time.Hour)}
	past := Appointment{StartsAt: now.Add(-time.Hour)}
	for _, from := range Statuses {
		for _, to := range Statuses {
			for _, a := range []Appointment{future, past} {
				a.Status = from
				started := a.Started(now)
				err := ProviderTransition(a, to, now)
				mv := move{from, to}
				switch {
				case anyTime[mv], afterStart[mv] && started:
					if err != nil {
						t.Errorf("%s→%s (started %v): %v", from, to, started, err)
					}
				case afterStart[mv]:
					expectErr(t, err, apperr.KindConflict, fmt.Sprintf("The appointment is %s and has not started yet, so it cannot be marked %s", from, to))
				default:
					if apperr.KindOf(err) != apperr.KindConflict {
						t.Errorf("%s→%s (started %v): %v, want 409", from, to, started, err)
					} else if want := "The appointment is " + from + " "; err.Error()[:len(want)] != want {
						t.Errorf("%s→%s: message %q does not name the current status", from, to, err)
					}
				}
			}
		}
	}
	expectErr(t, ProviderTransition(future, "", now), apperr.KindInvalid, MsgStatusRequired)
	if apperr.KindOf(ProviderTransition(future, "done", now)) != apperr.KindInvalid {
		t.Error("unknown status must be 400")
	}
}

func TestCustomerTransitions(t *testing.T) {
	future := Appointment{StartsAt: now.Add(time.Hour)}
	past := Appointment{StartsAt: now.Add(-time.Hour)}
	for _, from := range Statuses {
		for _, to := range Statuses {
			for _, a := range []Appointment{future, past} {
				a.Status = from
				err := CustomerTransition(a, to, now)
				open := from == StatusPending || from == StatusScheduled || from == StatusConfirmed
				switch {
				case to == StatusCancelled && open && !a.Started(now):
					if err != nil {
						t.Errorf("%s→%s: %v", from, to, err)
					}
				case to == StatusCancelled && open:
					expectErr(t, err, apperr.KindConflict, MsgCancelPast)
				default:
					expectErr(t, err, apperr.KindConflict, notAllowed(from, to).Error())
				}
			}
		}
	}
}

func TestCheckReschedule(t *testing.T) {
	svc := ServiceInfo{TimeSlots: []string{"09:00", "10:00", "14:30"}, IsActive: true}
	inactive := ServiceInfo{TimeSlots: svc.TimeSlots}
	cur := Appointment{Status: StatusConfirmed, StartsAt: time.Date(2026, 11, 23, 10, 0, 0, 0, ist)}
	started := Appointment{Status: StatusConfirmed, StartsAt: time.Date(2026, 11, 21, 9, 0, 0, 0, ist)}
	cases := []struct {
		name      string
		a         Appointment
		date, clk string
		kind      apperr.Kind
		msg       string
	}{
		{"later slot", cur, "2026-11-24", "09:00", 0, ""},
		{"same day later", cur, "2026-11-23", "2:30 PM", 0, ""},
		{"same moment", cur, "2026-11-23", "10:00", apperr.KindInvalid, MsgRescheduleNotLater},
		{"earlier", cur, "2026-11-22", "14:30", apperr.KindInvalid, MsgRescheduleNotLater},
		{"started, new moment passed", started, "2026-11-21", "10:00", apperr.KindInvalid, MsgRescheduleNotFuture},
		{"started, new moment future", started, "2026-11-22", "10:00", apperr.KindConflict, MsgReschedulePast},
		{"not a slot", cur, "2026-11-24", "11:00", apperr.KindInvalid, MsgNotASlot},
		{"13 days after current date", cur, "2026-12-06", "09:00", 0, ""},
		{"14 days after current date", cur, "2026-12-07", "09:00", apperr.KindInvalid, MsgRescheduleWindow},
		{"cancelled", with(cur, StatusCancelled), "2026-11-24", "09:00", apperr.KindConflict, "The appointment is cancelled and cannot be rescheduled"},
		{"completed", with(cur, StatusCompleted), "2026-11-24", "09:00", apperr.KindConflict, "The appointment is completed and cannot be rescheduled"},
		{"pending", with(cur, StatusPending), "2026-11-24", "09:00", 0, ""},
		{"scheduled", with(cur, StatusScheduled), "2026-11-24", "09:00", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ParseMoment(c.date, c.clk, ist)
			if err != nil {
				t.Fatal(err)
			}
			_, err = CheckReschedule(c.a, svc, m, now)
			expectErr(t, err, c.kind, c.msg)
		})
	}
	// A service that stopped taking bookings takes no reschedules either;
	// the appointment's own state is reported first.
	m, _ := ParseMoment("2026-11-24", "09:00", ist)
	_, err := CheckReschedule(cur, inactive, m, now)
	expectErr(t, err, apperr.KindConflict, MsgServiceInactive)
	_, err = CheckReschedule(with(cur, StatusCancelled), inactive, m, now)
	expectErr(t, err, apperr.KindConflict, "The appointment is cancelled and cannot be rescheduled")
}

func with(a Appointment, status string) Appointment { a.Status = status; return a }

func TestAvailability(t *testing.T) {
	owner := OwnerOf("p", "Co")
	svc := ServiceInfo{TimeSlots: []string{"10:00", "09:00"}, Duration: 30, Staff: []Member{owner}}
	today := time.Date(2026, 11, 21, 0, 0, 0, 0, ist)
	at := time.Date(2026, 11, 22, 3, 30, 0, 0, time.UTC) // 09:00 IST tomorrow
	booked := []Busy{{AppointmentID: "a", StaffID: owner.ID, Start: at, End: at.Add(30 * time.Minute)}}
	days := Availability(svc, today, 2, booked, now, false)
	got := ""
	for _, d := range days {
		got += d.Date + ":"
		for _, s := range d.Slots {
			got += fmt.Sprintf(" %s=%v", s.Time, s.Available)
		}
		got += ";"
	}
	want := "2026-11-21: 09:00=false 10:00=false;2026-11-22: 09:00=false 10:00=true;"
	if got != want {
		t.Fatalf("availability\n got %s\nwant %s", got, want)
	}
	if n := len(Availability(ServiceInfo{}, today, 1, nil, now, false)[0].Slots); n != len(DefaultSlots) {
		t.Fatalf("default slots: %d", n)
	}
}

func TestCheckRescheduleBudget(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	cases := []struct {
		name    string
		earlier []time.Time
		wait    int // 0: allowed
	}{
		{"none", nil, 0},
		{"two in the window", []time.Time{ago(30 * time.Second), ago(time.Second)}, 0},
		{"three in the window", []time.Time{ago(40 * time.Second), ago(20 * time.Second), ago(time.Second)}, 20},
		{"three, the oldest just out", []time.Time{ago(time.Minute), ago(20 * time.Second), ago(time.Second)}, 0},
		{"five at once", []time.Time{now, now, now, now, now}, 60},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckRescheduleBudget(c.earlier, now)
			if c.wait == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Kind != apperr.KindRateLimited || ae.RetryAfter != c.wait ||
				ae.Message != fmt.Sprintf("Too many reschedules, please try again in %d seconds", c.wait) {
				t.Fatalf("err %v, want 429 after %d s", err, c.wait)
			}
		})
	}
}
