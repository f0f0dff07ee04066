package auth

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

var today = time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

func validCustomer() Registration {
	return Registration{Email: "a@b.co", Password: "secret1", FullName: "A", PhoneNumber: "9876543210", Address: "X", Gender: "male", Role: "customer"}
}

func validProvider() Registration {
	r := validCustomer()
	r.Role = "provider"
	r.Business = &BusinessInput{BusinessName: "Acme", Location: "MG Road"}
	return r
}

// Each case breaks one rule; where several are broken the documented order
// decides which message wins.
func TestValidateRegistrationOrderAndMessages(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*Registration)
		want string
	}{
		{"missing email", func(r *Registration) { r.Email = "  " }, MsgAllFieldsRequired},
		{"missing password", func(r *Registration) { r.Password = "" }, MsgAllFieldsRequired},
		{"empty confirm", func(r *Registration) { r.ConfirmPassword = ptr("") }, MsgAllFieldsRequired},
		{"all missing beats bad email", func(r *Registration) { r.Email = "x"; r.Password = "" }, MsgAllFieldsRequired},
		{"no @", func(r *Registration) { r.Email = "ab.co" }, MsgInvalidEmail},
		{"bad email beats name", func(r *Registration) { r.Email = "ab.co"; r.FullName = "" }, MsgInvalidEmail},
		{"full name", func(r *Registration) { r.FullName = " "; r.PhoneNumber = "" }, MsgFullNameRequired},
		{"phone", func(r *Registration) { r.PhoneNumber = ""; r.Address = "" }, MsgPhoneRequired},
		{"address", func(r *Registration) { r.Address = ""; r.Gender = "" }, MsgAddressRequired},
		{"gender", func(r *Registration) { r.Gender = ""; r.Password = "12" }, MsgGenderRequired},
		{"gender value", func(r *Registration) { r.Gender = "robot" }, MsgInvalidGender},
		{"mismatch beats short", func(r *Registration) { r.Password = "12"; r.ConfirmPassword = ptr("13") }, MsgPasswordsMismatch},
		{"short", func(r *Registration) { r.Password = "12345"; r.ConfirmPassword = ptr("12345") }, MsgPasswordTooShort},
		{"role", func(r *Registration) { r.Role = "admin" }, MsgInvalidRole},
		{"too young", func(r *Registration) { r.DateOfBirth = "2017-01-01" }, MsgTooYoungToRegister},
		{"too old", func(r *Registration) { r.DateOfBirth = "1900-01-01" }, MsgInvalidDOB},
		{"future", func(r *Registration) { r.DateOfBirth = "2030-01-01" }, MsgInvalidDOB},
		{"not a date", func(r *Registration) { r.DateOfBirth = "yesterday" }, MsgInvalidDOB},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validCustomer()
			c.mod(&r)
			_, err := ValidateRegistration(&r, today)
			expectInvalid(t, err, c.want)
		})
	}
	providerCases := []struct {
		name string
		mod  func(*Registration)
		want string
	}{
		{"no business", func(r *Registration) { r.Business = nil }, MsgBusinessName},
		{"business name", func(r *Registration) { r.Business.BusinessName = " "; r.Business.Location = "" }, MsgBusinessName},
		{"location", func(r *Registration) { r.Business.Location = "" }, MsgBusinessLocation},
		{"password before business", func(r *Registration) { r.Password = "1"; r.Business = nil }, MsgPasswordTooShort},
		{"business before birth date", func(r *Registration) { r.Business.Location = ""; r.DateOfBirth = "2020-01-01" }, MsgBusinessLocation},
	}
	for _, c := range providerCases {
		t.Run("provider "+c.name, func(t *testing.T) {
			r := validProvider()
			c.mod(&r)
			_, err := ValidateRegistration(&r, today)
			expectInvalid(t, err, c.want)
		})
	}
}

func TestValidateRegistrationAcceptsAndNormalises(t *testing.T) {
	r := validProvider()
	r.Email = "  Mixed.Case@Example.COM "
	r.FullName = "  Asha  "
	r.Role = ""
	r.Business = nil
	r.DateOfBirth = "2016-11-21" // exactly 10 today
	dob, err := ValidateRegistration(&r, today)
	if err != nil {
		t.Fatal(err)
	}
	if r.Email != "mixed.case@example.com" || r.FullName != "Asha" || r.Role != identity.RoleCustomer || dob == nil {
		t.Fatalf("not normalised: %+v", r)
	}
	r = validCustomer()
	r.DateOfBirth = "1906-11-21T00:00:00.000Z" // exactly 120, ISO form
	if _, err := ValidateRegistration(&r, today); err != nil {
		t.Fatalf("120 years old must pass: %v", err)
	}
}

func TestValidateProfileUpdate(t *testing.T) {
	cases := []struct {
		name string
		upd  ProfileUpdate
		role string
		want string
	}{
		{"bad email", ProfileUpdate{Email: ptr("nope")}, identity.RoleCustomer, MsgInvalidEmail},
		{"young", ProfileUpdate{DateOfBirth: ptr("2020-05-05")}, identity.RoleCustomer, MsgTooYoung},
		{"old", ProfileUpdate{DateOfBirth: ptr("1890-05-05")}, identity.RoleCustomer, MsgInvalidDOB},
		{"negative experience", ProfileUpdate{Business: &BusinessInput{BusinessName: "A", Location: "B", Experience: ptr(-1.0)}}, identity.RoleProvider, MsgInvalidExperience},
		{"empty name", ProfileUpdate{FullName: ptr(" ")}, identity.RoleCustomer, MsgFullNameRequired},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ValidateProfileUpdate(&c.upd, c.role, today)
			expectInvalid(t, err, c.want)
		})
	}
	ok := ProfileUpdate{DateOfBirth: ptr(""), Business: &BusinessInput{BusinessName: "A", Location: "B", Specializations: []string{" hair, nails ", "spa"}}}
	_, clear, err := ValidateProfileUpdate(&ok, identity.RoleProvider, today)
	if err != nil || !clear {
		t.Fatalf("clearing the birth date: %v %v", clear, err)
	}
	if got := ok.Business.Specializations; len(got) != 3 || got[0] != "hair" || got[1] != "nails" || got[2] != "spa" {
		t.Fatalf("specializations = %q", got)
	}
}

func TestAge(t *testing.T) {
	b := time.Date(2000, 11, 22, 0, 0, 0, 0, time.UTC)
	if Age(b, today) != 25 || Age(b, today.AddDate(0, 0, 1)) != 26 {
		t.Fatal("age must count whole years up to the birthday")
	}
}

func expectInvalid(t *testing.T, err error, want string) {
	t.Helper()
	var de *apperr.Error
	if !errors.As(err, &de) || de.Kind != apperr.KindInvalid || de.Message != want {
		t.Fatalf("err = %v, want invalid %q", err, want)
	}
}

// Every bounded field: at its limit it is accepted, one character more is
// refused with the field's message.
func TestBoundsAtTheLimit(t *testing.T) {
	at := func(n int) string { return strings.Repeat("é", n) } // characters, not bytes
	email := func(n int) string { return strings.Repeat("a", 64) + "@" + strings.Repeat("b", n-64-5) + ".com" }
	specs := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("skill %d", i)
		}
		return out
	}
	cases := []struct {
		name  string
		limit int
		set   func(r *Registration, n int)
		want  string
	}{
		{"email", 254, func(r *Registration, n int) { r.Email = email(n) }, MsgInvalidEmail},
		{"full name", 100, func(r *Registration, n int) { r.FullName = at(n) }, "Full name must be at most 100 characters"},
		{"address", 300, func(r *Registration, n int) { r.Address = at(n) }, "Address must be at most 300 characters"},
		{"phone", 20, func(r *Registration, n int) { r.PhoneNumber = "9876543210" + strings.Repeat("-", n-10) }, MsgInvalidPhone},
		{"password", 128, func(r *Registration, n int) { r.Password = at(n) }, MsgPasswordTooLong},
		{"business name", 200, func(r *Registration, n int) { r.Business.BusinessName = at(n) }, "Business name must be at most 200 characters"},
		{"business location", 300, func(r *Registration, n int) { r.Business.Location = at(n) }, "Business location must be at most 300 characters"},
		{"business description", 2000, func(r *Registration, n int) { r.Business.BusinessDescription = at(n) }, "Business description must be at most 2000 characters"},
		{"business category", 100, func(r *Registration, n int) { r.Business.BusinessCategory = at(n) }, "Business category must be at most 100 characters"},
		{"business hours", 200, func(r *Registration, n int) { r.Business.BusinessHours = at(n) }, "Business hours must be at most 200 characters"},
		{"specialization", 50, func(r *Registration, n int) { r.Business.Specializations = []string{at(n)} }, "Each specialization must be at most 50 characters"},
		{"specializations", 20, func(r *Registration, n int) { r.Business.Specializations = specs(n) }, MsgTooManySpecializations},
		{"experience", 100, func(r *Registration, n int) { r.Business.Experience = ptr(float64(n)) }, MsgExperienceTooHigh},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validProvider()
			c.set(&r, c.limit)
			if _, err := ValidateRegistration(&r, today); err != nil {
				t.Fatalf("at the limit (%d): %v", c.limit, err)
			}
			r = validProvider()
			c.set(&r, c.limit+1)
			_, err := ValidateRegistration(&r, today)
			expectInvalid(t, err, c.want)
		})
	}
}

func TestRefusesControlCharactersAndBrokenText(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*Registration)
		want string
	}{
		{"name with escape", func(r *Registration) { r.FullName = "Asha\x1b[31m" }, "Full name contains characters that are not allowed"},
		{"address with invalid UTF-8", func(r *Registration) { r.Address = "MG Road \xff" }, "Address contains characters that are not allowed"},
		{"email with newline", func(r *Registration) { r.Email = "a@b.co\nBcc: x@y.z" }, MsgInvalidEmail},
		{"phone with NUL", func(r *Registration) { r.PhoneNumber = "98765\x0043210" }, MsgInvalidPhone},
		{"not an email", func(r *Registration) { r.Email = "notanemail" }, MsgInvalidEmail},
		{"NaN experience", func(r *Registration) { r.Business.Experience = ptr(math.NaN()) }, MsgInvalidExperience},
		{"multi-line description is fine, escapes are not", func(r *Registration) { r.Business.BusinessDescription = "a\nb\x07" }, "Business description contains characters that are not allowed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validProvider()
			c.mod(&r)
			_, err := ValidateRegistration(&r, today)
			expectInvalid(t, err, c.want)
		})
	}
}

func TestProfileUpdateBounds(t *testing.T) {
	long := strings.Repeat("x", 301)
	cases := []struct {
		name string
		upd  ProfileUpdate
		want string
	}{
		{"address", ProfileUpdate{Address: ptr(long)}, "Address must be at most 300 characters"},
		{"full name", ProfileUpdate{FullName: ptr(long[:101])}, "Full name must be at most 100 characters"},
		{"phone", ProfileUpdate{PhoneNumber: ptr(long)}, MsgInvalidPhone},
		{"email", ProfileUpdate{Email: ptr(long + "@example.com")}, MsgInvalidEmail},
		{"business", ProfileUpdate{Business: &BusinessInput{BusinessName: "A", Location: long}}, "Business location must be at most 300 characters"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ValidateProfileUpdate(&c.upd, identity.RoleProvider, today)
			expectInvalid(t, err, c.want)
		})
	}
}
