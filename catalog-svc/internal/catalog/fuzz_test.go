package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz targets of the service form's parsers and rules (`make fuzz`).

// FuzzNormalizeSlots: what it accepts comes out as sorted, distinct
// 24-hour HH:MM, and normalizing again changes nothing.
func FuzzNormalizeSlots(f *testing.F) {
	for _, s := range []string{"09:00,9:30", "24:00", "9:60", "", ",", "+9:00", " 07:05 ,07:05", "１２:００"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		out, err := NormalizeSlots(strings.Split(list, ","))
		if err != nil {
			if len(err.Error()) > 300 { // 40 characters echoed, each at most \xNN
				t.Fatalf("a %d-byte message", len(err.Error()))
			}
			return
		}
		if len(out) == 0 || len(out) > MaxSlots || !slices.IsSorted(out) || len(slices.Compact(slices.Clone(out))) != len(out) {
			t.Fatalf("NormalizeSlots(%q) = %q", list, out)
		}
		for _, s := range out {
			var h, m int
			if n, _ := fmt.Sscanf(s, "%02d:%02d", &h, &m); n != 2 || len(s) != 5 || h > 23 || m > 59 {
				t.Fatalf("NormalizeSlots(%q) gave %q", list, s)
			}
		}
		if again, err := NormalizeSlots(out); err != nil || !slices.Equal(again, out) {
			t.Fatalf("normalizing %q again: %q, %v", out, again, err)
		}
	})
}

// FuzzValidate: an accepted form is within every bound, in its stored form
// (location "address, city", price in paise), and validates again unchanged.
func FuzzValidate(f *testing.F) {
	f.Add("Dental check-up", "Healthcare & Wellness", "Thorough", 499.0, 30, "Smile Clinic", "12 MG Road, Bengaluru", "9876543210", "", "09:00,10:00")
	f.Add("", "", "", -1.0, 0, "", "", "", "", "")
	f.Add("a\x00", "x", "d\n", 1e300, 5, "p", ",", "a@b.c", "javascript:alert(1)", "9:00")
	f.Fuzz(func(t *testing.T, name, category, description string, price float64, duration int, provider, location, contact, image, slots string) {
		in := Input{Name: name, Category: category, Description: description, Price: &price, Duration: &duration,
			Provider: provider, Location: location, Contact: contact, ImageURL: image, TimeSlots: strings.Split(slots, ",")}
		if err := Validate(&in); err != nil {
			if len(err.Error()) > 300 { // 40 characters echoed, each at most \xNN
				t.Fatalf("a %d-byte message", len(err.Error()))
			}
			return
		}
		for _, fl := range Fields {
			v := fl.get(&in)
			if !utf8.ValidString(v) || utf8.RuneCountInString(v) > fl.Max || strings.ContainsRune(v, 0) {
				t.Fatalf("accepted %s %q", fl.Name, v)
			}
		}
		if *in.Price < 0 || *in.Price > MaxPrice || *in.Duration < MinDuration || *in.Duration > MaxDuration {
			t.Fatalf("accepted price %v duration %v", *in.Price, *in.Duration)
		}
		again := in
		again.TimeSlots = slices.Clone(in.TimeSlots)
		if err := Validate(&again); err != nil || again.Location != in.Location || *again.Price != *in.Price || !slices.Equal(again.TimeSlots, in.TimeSlots) {
			t.Fatalf("a validated form must validate again unchanged: %v", err)
		}
	})
}

// FuzzCategory: any text names one of the ten categories (Others for what
// is not a standard one).
func FuzzCategory(f *testing.F) {
	for _, s := range []string{"Healthcare & Wellness", "home-repair", "Hotels and Restaurants", "pet grooming", "", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CategoryOf(s)
		if c.Key == "" {
			t.Fatalf("CategoryOf(%q) has no key", s)
		}
		if known, ok := LookupCategory(s); ok && known.Key != c.Key {
			t.Fatalf("LookupCategory(%q) = %s, CategoryOf = %s", s, known.Key, c.Key)
		}
	})
}
