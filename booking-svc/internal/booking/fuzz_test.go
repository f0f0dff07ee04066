package booking

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Fuzz targets of the booking domain's parsers and rules. `go test` runs
// their seeds like any test; `make fuzz` explores (scripts/fuzz.sh).

func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"9:00 AM", "09:00", "12:30 am", " 5:30 pm ", "23:59", "24:00", "+9:00", "9:+5", "-0:00", "9:0", "1:00PMPM", "٩:٠٠"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := ParseClock(s)
		if !ok {
			return
		}
		if m < 0 || m >= 24*60 {
			t.Fatalf("ParseClock(%q) = %d, outside a day", s, m)
		}
		// What parses is written with ASCII digits, a colon and AM/PM only.
		for _, r := range strings.ToUpper(strings.TrimSpace(s)) {
			if !strings.ContainsRune("0123456789: APM", r) {
				t.Fatalf("ParseClock(%q) accepted %q", s, r)
			}
		}
		if back, ok := ParseClock(FormatMinutes(m)); !ok || back != m {
			t.Fatalf("ParseClock(%q) = %d, but %s reads back as %d, %v", s, m, FormatMinutes(m), back, ok)
		}
	})
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-11-22", "2026-11-21T18:45:00.000Z", "2026-11-21T18:29:59Z", "2026-11-21T10:00", "2026-02-30", "20261122", "2026-11-22T25:00:00Z", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := ParseDate(s, ist)
		if !ok {
			return
		}
		if d.Location() != ist || d.Hour() != 0 || d.Minute() != 0 || d.Second() != 0 || d.Nanosecond() != 0 {
			t.Fatalf("ParseDate(%q) = %v, not midnight in the zone", s, d)
		}
		if back, ok := ParseDate(d.Format(DateLayout), ist); !ok || !back.Equal(d) {
			t.Fatalf("ParseDate(%q) = %v, but its date reads back as %v, %v", s, d, back, ok)
		}
	})
}

// FuzzSlots lays out a service's slots (a comma-separated list) as
// availability and booking see them: in time order, one per minute of the
// day, each the label booking would store.
func FuzzSlots(f *testing.F) {
	for _, s := range []string{"09:00,10:00", "10:00,9:00 AM,09:00", "", "25:00,x", "5:30 PM,17:30", ",,,"} {
		f.Add(s, 600)
	}
	f.Fuzz(func(t *testing.T, list string, minutes int) {
		var listed []string
		if list != "" {
			listed = strings.Split(list, ",")
		}
		slots := SlotsOf(listed)
		for i, sl := range slots {
			if i > 0 && slots[i-1].Minutes >= sl.Minutes {
				t.Fatalf("SlotsOf(%q) not in strictly increasing time: %v", listed, slots)
			}
			got, ok := SlotAt(listed, sl.Minutes)
			if !ok || got != sl {
				t.Fatalf("SlotAt(%q, %d) = %v, %v; SlotsOf has %v", listed, sl.Minutes, got, ok, sl)
			}
		}
		if got, ok := SlotAt(listed, minutes); ok {
			found := false
			for _, sl := range slots {
				found = found || sl == got
			}
			if !found {
				t.Fatalf("SlotAt(%q, %d) = %v, which SlotsOf does not offer", listed, minutes, got)
			}
		}
		start := time.Date(2026, 11, 21, 0, 0, 0, 0, ist)
		days := Availability(ServiceInfo{TimeSlots: listed}, start, 2, nil, now, false)
		if len(days) != 2 || len(days[0].Slots) != len(slots) {
			t.Fatalf("Availability of %q: %d days, %d slots a day, want 2 and %d", listed, len(days), len(days[0].Slots), len(slots))
		}
	})
}

func FuzzValidateNewBooking(f *testing.F) {
	f.Add("svc", "2026-11-22", "09:00", "First visit", "Asha Rao", "asha@example.com", "+91 98765-43210", "12 MG Road")
	f.Add("", "", "", "", "", "", "", "")
	f.Add("s", "d", "t", "a\nb\x00", "\xff", "a@b", "1234567890123456", strings.Repeat("x", 301))
	f.Fuzz(func(t *testing.T, service, date, clock, notes, name, email, phone, address string) {
		b := NewBooking{ServiceID: service, Date: date, Time: clock, Notes: notes, CustomerName: name,
			CustomerEmail: email, CustomerPhone: phone, CustomerAddress: address}
		if ValidateNewBooking(&b) != nil {
			return
		}
		for _, f := range []struct {
			bound int
			value string
		}{{CustomerName.Max, b.CustomerName}, {CustomerAddress.Max, b.CustomerAddress}, {Notes.Max, b.Notes}, {254, b.CustomerEmail}, {20, b.CustomerPhone}} {
			if !utf8.ValidString(f.value) || utf8.RuneCountInString(f.value) > f.bound || strings.ContainsRune(f.value, 0) {
				t.Fatalf("accepted %q (limit %d)", f.value, f.bound)
			}
		}
		again := b
		if err := ValidateNewBooking(&again); err != nil || again != b {
			t.Fatalf("a validated booking must validate again unchanged: %v", err)
		}
	})
}
