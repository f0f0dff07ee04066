package booking

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DefaultSlots are offered when a service lists none (docs/product.md#constants).
var DefaultSlots = []string{"8:00 AM", "9:00 AM", "10:00 AM", "10:30 AM", "11:30 AM", "1:00 PM",
	"2:00 PM", "2:30 PM", "3:30 PM", "4:30 PM", "5:30 PM"}

// WindowDays is the booking window: today and the next nine days (docs/product.md#constants).
const WindowDays = 10

// RescheduleWindowDays is how far ahead a reschedule may go, counted from the
// later of today and the current appointment's date (docs/product.md#constants, reschedule page).
const RescheduleWindowDays = 14

// DateLayout is how calendar dates are written.
const DateLayout = "2006-01-02"

// ParseClock reads a wall-clock time as "9:00 AM", "9:00am", "09:00" or
// "9:00" and returns minutes after midnight.
func ParseClock(s string) (int, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	meridiem := ""
	for _, m := range []string{"AM", "PM"} {
		if strings.HasSuffix(s, m) {
			meridiem = m
			s = strings.TrimSpace(strings.TrimSuffix(s, m))
		}
	}
	hs, ms, ok := strings.Cut(s, ":")
	if !ok || len(ms) != 2 || len(hs) < 1 || len(hs) > 2 || !digits(hs) || !digits(ms) {
		return 0, false // Atoi alone would take "+9:00" and "9:+5"
	}
	h, err1 := strconv.Atoi(hs)
	m, err2 := strconv.Atoi(ms)
	if err1 != nil || err2 != nil || m < 0 || m > 59 || h < 0 {
		return 0, false
	}
	switch meridiem {
	case "":
		if h > 23 {
			return 0, false
		}
	default:
		if h < 1 || h > 12 {
			return 0, false
		}
		h %= 12
		if meridiem == "PM" {
			h += 12
		}
	}
	return h*60 + m, true
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ParseDate reads the calendar date of a booking in loc. An ISO timestamp is
// converted to loc first (so 18:30Z is the next day in IST); a bare
// YYYY-MM-DD is taken as is. It returns midnight of that date in loc.
func ParseDate(s string, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.ParseInLocation(DateLayout, s, loc); err == nil {
		return t, true
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return midnight(t.In(loc)), true
		}
	}
	// A timestamp without an offset is wall-clock time in the business zone.
	for _, layout := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return midnight(t), true
		}
	}
	return time.Time{}, false
}

func midnight(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// At is the instant of minutes after midnight on day (midnight in its zone).
func At(day time.Time, minutes int) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d, minutes/60, minutes%60, 0, 0, day.Location())
}

// SlotsOf returns the slots a service offers, in time order: its own, or the
// default list when it has none. Unreadable entries are skipped.
func SlotsOf(listed []string) []Slot {
	src := listed
	if len(src) == 0 {
		src = DefaultSlots
	}
	var out []Slot
	seen := map[int]bool{}
	for _, s := range src {
		if m, ok := ParseClock(s); ok && !seen[m] {
			seen[m] = true
			out = append(out, Slot{Label: strings.TrimSpace(s), Minutes: m})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Minutes < out[j].Minutes })
	return out
}

// Slot is one wall-clock slot of a service.
type Slot struct {
	Label   string // as the service lists it
	Minutes int    // after midnight
}

// SlotAt returns the slot a service offers at minutes: the first listed
// label for that time, as SlotsOf would keep it. It parses labels only until
// it finds one, with no sorting: every booking and reschedule asks this.
func SlotAt(listed []string, minutes int) (Slot, bool) {
	if len(listed) == 0 {
		listed = DefaultSlots
	}
	for _, s := range listed {
		if m, ok := ParseClock(s); ok && m == minutes {
			return Slot{Label: strings.TrimSpace(s), Minutes: m}, true
		}
	}
	return Slot{}, false
}

// DaysBetween counts calendar days from a to b (midnights in one zone).
func DaysBetween(a, b time.Time) int {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	ua := time.Date(ay, am, ad, 0, 0, 0, 0, time.UTC)
	ub := time.Date(by, bm, bd, 0, 0, 0, 0, time.UTC)
	return int(ub.Sub(ua).Hours() / 24)
}

// FormatMinutes writes minutes after midnight as HH:MM.
func FormatMinutes(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }
