package auth

import (
	"github.com/slotwise/slotwise/platform/identity"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz targets of registration and profile validation (`make fuzz`): what is
// accepted fits every bound and validates again unchanged.

func FuzzValidateRegistration(f *testing.F) {
	f.Add("a@b.co", "secret1", "Asha", "9876543210", "MG Road", "female", "provider", "2000-01-02", "Acme", "Pune", "hair, nails", 3.0)
	f.Add("", "", "", "", "", "", "", "", "", "", "", -1.0)
	f.Add("x@y", "\x00", "\xff", "+91 (987) 654-3210", "a\nb", "Male", "PROVIDER", "2026-02-30T00:00:00Z", "b", "c", ",,,", 1e308)
	f.Fuzz(func(t *testing.T, email, password, name, phone, address, gender, role, dob, business, location, specs string, experience float64) {
		r := Registration{Email: email, Password: password, FullName: name, PhoneNumber: phone, Address: address,
			Gender: gender, Role: role, DateOfBirth: dob,
			Business: &BusinessInput{BusinessName: business, Location: location, Specializations: []string{specs}, Experience: &experience}}
		if _, err := ValidateRegistration(&r, today); err != nil {
			return
		}
		if !ValidEmail(r.Email) || len(r.Email) > 254 {
			t.Fatalf("accepted email %q", r.Email)
		}
		for _, f := range []struct {
			max   int
			value string
		}{{FullName.Max, r.FullName}, {Address.Max, r.Address}, {20, r.PhoneNumber}} {
			if utf8.RuneCountInString(f.value) > f.max || !utf8.ValidString(f.value) {
				t.Fatalf("accepted %q (limit %d)", f.value, f.max)
			}
		}
		if n := utf8.RuneCountInString(r.Password); n < MinPasswordLength || n > MaxPasswordLength {
			t.Fatalf("accepted a password of %d characters", n)
		}
		if r.Role == identity.RoleProvider {
			b := r.Business
			if len(b.Specializations) > MaxSpecializations || utf8.RuneCountInString(b.BusinessName) > BusinessName.Max ||
				utf8.RuneCountInString(b.Location) > BusinessLocation.Max || *b.Experience < 0 || *b.Experience > MaxExperience {
				t.Fatalf("accepted business %+v", b)
			}
		}
		again := r
		if _, err := ValidateRegistration(&again, today); err != nil {
			t.Fatalf("a validated registration must validate again: %v", err)
		}
	})
}

func FuzzValidateProfileUpdate(f *testing.F) {
	f.Add("Asha", "a@b.co", "9876543210", "MG Road", "1990-04-02", "female", "Acme", "Pune", "x")
	f.Add("", "", "", "", "", "", "", "", "")
	f.Add(" ", "A@B.CO ", "\x00", strings.Repeat("é", 301), "1800-01-01", "robot", "", "", "\xff")
	f.Fuzz(func(t *testing.T, name, email, phone, address, dob, gender, business, location, hours string) {
		u := ProfileUpdate{FullName: &name, Email: &email, PhoneNumber: &phone, Address: &address, DateOfBirth: &dob, Gender: &gender,
			Business: &BusinessInput{BusinessName: business, Location: location, BusinessHours: hours}}
		if _, _, err := ValidateProfileUpdate(&u, identity.RoleProvider, today); err != nil {
			return
		}
		if !ValidEmail(*u.Email) || utf8.RuneCountInString(*u.FullName) > FullName.Max || utf8.RuneCountInString(*u.Address) > Address.Max ||
			utf8.RuneCountInString(u.Business.BusinessHours) > BusinessHours.Max || !utf8.ValidString(u.Business.BusinessHours) {
			t.Fatalf("accepted %+v", u)
		}
	})
}
