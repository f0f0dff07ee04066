package auth

import (
	"slices"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Validation messages: the spec's wording (§5) is the contract.
const (
	MsgAllFieldsRequired  = "All fields are required."
	MsgInvalidEmail       = "Please enter a valid email address"
	MsgFullNameRequired   = "Full name is required."
	MsgPhoneRequired      = "Phone number is required."
	MsgAddressRequired    = "Address is required."
	MsgGenderRequired     = "Please select your gender."
	MsgPasswordsMismatch  = "Passwords do not match."
	MsgPasswordTooShort   = "Password must be at least 6 characters long."
	MsgBusinessName       = "Business name is required for service providers."
	MsgBusinessLocation   = "Business location is required for service providers."
	MsgTooYoungToRegister = "You must be at least 10 years old to register."
	MsgInvalidDOB         = "Please enter a valid date of birth."
	MsgTooYoung           = "You must be at least 10 years old."
	MsgInvalidRole        = "Role must be customer or provider."
	MsgInvalidGender      = "Gender must be one of male, female, other, prefer-not-to-say."
	MsgInvalidExperience  = "Experience must be a number of at least 0."
	MsgInvalidCredentials = "Invalid email or password"
)

// Limits from spec §9.
const (
	MinPasswordLength = 6
	MinAge            = 10
	MaxAge            = 120
)

// NormalizeEmail is how emails are compared and stored: trimmed, lower case.
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// ValidEmail is the spec's rule: it must contain '@' (we also require text
// on both sides of it and no spaces).
func ValidEmail(e string) bool {
	local, domain, ok := strings.Cut(e, "@")
	return ok && local != "" && domain != "" && !strings.ContainsAny(e, " \t\n")
}

// ValidateRegistration checks r in the spec's order and returns the first
// broken rule. r's text fields are trimmed in place.
func ValidateRegistration(r *Registration, today time.Time) (*time.Time, error) {
	trimRegistration(r)
	if r.Email == "" || r.Password == "" || (r.ConfirmPassword != nil && *r.ConfirmPassword == "") {
		return nil, apperr.Invalid(MsgAllFieldsRequired)
	}
	if !ValidEmail(r.Email) {
		return nil, apperr.Invalid(MsgInvalidEmail)
	}
	switch {
	case r.FullName == "":
		return nil, apperr.Invalid(MsgFullNameRequired)
	case r.PhoneNumber == "":
		return nil, apperr.Invalid(MsgPhoneRequired)
	case r.Address == "":
		return nil, apperr.Invalid(MsgAddressRequired)
	case r.Gender == "":
		return nil, apperr.Invalid(MsgGenderRequired)
	case !slices.Contains(Genders, r.Gender):
		return nil, apperr.Invalid(MsgInvalidGender)
	case r.ConfirmPassword != nil && *r.ConfirmPassword != r.Password:
		return nil, apperr.Invalid(MsgPasswordsMismatch)
	case len([]rune(r.Password)) < MinPasswordLength:
		return nil, apperr.Invalid(MsgPasswordTooShort)
	case r.Role != RoleCustomer && r.Role != RoleProvider:
		return nil, apperr.Invalid(MsgInvalidRole)
	}
	if r.Role == RoleProvider {
		if r.Business == nil || r.Business.BusinessName == "" {
			return nil, apperr.Invalid(MsgBusinessName)
		}
		if r.Business.Location == "" {
			return nil, apperr.Invalid(MsgBusinessLocation)
		}
		if r.Business.Experience != nil && *r.Business.Experience < 0 {
			return nil, apperr.Invalid(MsgInvalidExperience)
		}
	}
	if r.DateOfBirth == "" {
		return nil, nil
	}
	return checkDateOfBirth(r.DateOfBirth, today, MsgTooYoungToRegister)
}

// ValidateProfileUpdate checks the fields present in u, spec §5 "Profile save".
func ValidateProfileUpdate(u *ProfileUpdate, role string, today time.Time) (dob *time.Time, clearDOB bool, err error) {
	trimUpdate(u)
	if u.Email != nil && !ValidEmail(*u.Email) {
		return nil, false, apperr.Invalid(MsgInvalidEmail)
	}
	if u.DateOfBirth != nil {
		if *u.DateOfBirth == "" {
			clearDOB = true
		} else if dob, err = checkDateOfBirth(*u.DateOfBirth, today, MsgTooYoung); err != nil {
			return nil, false, err
		}
	}
	switch {
	case u.FullName != nil && *u.FullName == "":
		return nil, false, apperr.Invalid(MsgFullNameRequired)
	case u.PhoneNumber != nil && *u.PhoneNumber == "":
		return nil, false, apperr.Invalid(MsgPhoneRequired)
	case u.Address != nil && *u.Address == "":
		return nil, false, apperr.Invalid(MsgAddressRequired)
	case u.Gender != nil && !slices.Contains(Genders, *u.Gender):
		return nil, false, apperr.Invalid(MsgInvalidGender)
	}
	if b := u.Business; b != nil && role == RoleProvider {
		if b.Experience != nil && *b.Experience < 0 {
			return nil, false, apperr.Invalid(MsgInvalidExperience)
		}
		if b.BusinessName == "" {
			return nil, false, apperr.Invalid(MsgBusinessName)
		}
		if b.Location == "" {
			return nil, false, apperr.Invalid(MsgBusinessLocation)
		}
	}
	return dob, clearDOB, nil
}

// checkDateOfBirth parses YYYY-MM-DD (or an ISO timestamp's date part) and
// checks the age limits, measured in whole years on today's date.
func checkDateOfBirth(s string, today time.Time, tooYoung string) (*time.Time, error) {
	if len(s) > 10 && s[10] == 'T' {
		s = s[:10]
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return nil, apperr.Invalid(MsgInvalidDOB)
	}
	age := Age(d, today)
	if d.After(today) || age > MaxAge {
		return nil, apperr.Invalid(MsgInvalidDOB)
	}
	if age < MinAge {
		return nil, apperr.Invalid(tooYoung)
	}
	return &d, nil
}

// Age is the number of whole years from birth to today.
func Age(birth, today time.Time) int {
	age := today.Year() - birth.Year()
	if today.Month() < birth.Month() || (today.Month() == birth.Month() && today.Day() < birth.Day()) {
		age--
	}
	return age
}

func trimRegistration(r *Registration) {
	r.Email = NormalizeEmail(r.Email)
	r.FullName = strings.TrimSpace(r.FullName)
	r.PhoneNumber = strings.TrimSpace(r.PhoneNumber)
	r.Address = strings.TrimSpace(r.Address)
	r.Gender = strings.ToLower(strings.TrimSpace(r.Gender))
	r.Role = strings.ToLower(strings.TrimSpace(r.Role))
	if r.Role == "" {
		r.Role = RoleCustomer
	}
	r.DateOfBirth = strings.TrimSpace(r.DateOfBirth)
	trimBusiness(r.Business)
}

func trimUpdate(u *ProfileUpdate) {
	for _, p := range []*string{u.FullName, u.PhoneNumber, u.Address, u.DateOfBirth} {
		if p != nil {
			*p = strings.TrimSpace(*p)
		}
	}
	if u.Email != nil {
		*u.Email = NormalizeEmail(*u.Email)
	}
	if u.Gender != nil {
		*u.Gender = strings.ToLower(strings.TrimSpace(*u.Gender))
	}
	trimBusiness(u.Business)
}

func trimBusiness(b *BusinessInput) {
	if b == nil {
		return
	}
	b.BusinessName = strings.TrimSpace(b.BusinessName)
	b.BusinessDescription = strings.TrimSpace(b.BusinessDescription)
	b.BusinessCategory = strings.TrimSpace(b.BusinessCategory)
	b.BusinessHours = strings.TrimSpace(b.BusinessHours)
	b.Location = strings.TrimSpace(b.Location)
	var specs []string
	for _, s := range b.Specializations {
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				specs = append(specs, part)
			}
		}
	}
	b.Specializations = specs
}
