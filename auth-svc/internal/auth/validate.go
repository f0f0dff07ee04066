package auth

import (
	"math"
	"slices"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/validate"
)

// Validation messages: the wording of docs/product.md#validation is the contract.
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

	// Bounds docs/product.md leaves open, worded like its messages.
	MsgInvalidPhone           = "Please enter a valid phone number (at least 10 digits)"
	MsgPasswordTooLong        = "Password must be at most 128 characters long."
	MsgExperienceTooHigh      = "Experience must be at most 100 years."
	MsgTooManySpecializations = "At most 20 specializations are allowed."

	// Changing the email asks for the current password: a token alone must
	// not be enough to move the account (and its password resets) elsewhere.
	MsgCurrentPasswordRequired = "Please enter your current password to change your email."
	MsgWrongCurrentPassword    = "The current password is incorrect."
)

// Limits from docs/product.md#constants, and the bounds it leaves open.
const (
	MinPasswordLength  = 6
	MaxPasswordLength  = 128 // argon2 input; a password manager's longest is 100
	MinAge             = 10
	MaxAge             = 120
	MaxExperience      = 100 // years
	MaxSpecializations = 20
)

// Text fields and their limits in characters. Email and phone have rules of
// their own (validate.Email, validate.Phone).
var (
	FullName            = validate.Field{Name: "Full name", Max: 100}
	Address             = validate.Field{Name: "Address", Max: 300}
	BusinessName        = validate.Field{Name: "Business name", Max: 200}
	BusinessDescription = validate.Field{Name: "Business description", Max: 2000, Multiline: true}
	BusinessCategory    = validate.Field{Name: "Business category", Max: 100}
	BusinessHours       = validate.Field{Name: "Business hours", Max: 200}
	BusinessLocation    = validate.Field{Name: "Business location", Max: 300}
	Specialization      = validate.Field{Name: "Each specialization", Max: 50}
)

// NormalizeEmail is how emails are compared and stored: trimmed, lower case.
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// ValidEmail is the documented rule (it must contain '@') made strict enough
// to store: a well-formed address of at most 254 characters.
func ValidEmail(e string) bool { return validate.Email(e) }

// ValidateRegistration checks r in the documented order and returns the first
// broken rule. r's text fields are trimmed in place.
func ValidateRegistration(r *Registration, today time.Time) (*time.Time, error) {
	trimRegistration(r)
	if r.Email == "" || r.Password == "" || (r.ConfirmPassword != nil && *r.ConfirmPassword == "") {
		return nil, apperr.Invalid(MsgAllFieldsRequired)
	}
	if !ValidEmail(r.Email) {
		return nil, apperr.Invalid(MsgInvalidEmail)
	}
	// Each field's bound is checked right after its "required" rule, so
	// the documented order between fields holds.
	if err := firstError(
		required(r.FullName, MsgFullNameRequired), FullName.Check(r.FullName),
		required(r.PhoneNumber, MsgPhoneRequired), checkPhone(r.PhoneNumber),
		required(r.Address, MsgAddressRequired), Address.Check(r.Address),
		required(r.Gender, MsgGenderRequired), checkGender(r.Gender),
	); err != nil {
		return nil, err
	}
	switch {
	case r.ConfirmPassword != nil && *r.ConfirmPassword != r.Password:
		return nil, apperr.Invalid(MsgPasswordsMismatch)
	case len([]rune(r.Password)) < MinPasswordLength:
		return nil, apperr.Invalid(MsgPasswordTooShort)
	case len([]rune(r.Password)) > MaxPasswordLength:
		return nil, apperr.Invalid(MsgPasswordTooLong)
	case r.Role != identity.RoleCustomer && r.Role != identity.RoleProvider:
		return nil, apperr.Invalid(MsgInvalidRole)
	}
	if r.Role == identity.RoleProvider {
		if r.Business == nil {
			return nil, apperr.Invalid(MsgBusinessName)
		}
		if err := checkBusiness(r.Business); err != nil {
			return nil, err
		}
	}
	if r.DateOfBirth == "" {
		return nil, nil
	}
	return checkDateOfBirth(r.DateOfBirth, today, MsgTooYoungToRegister)
}

// ValidateProfileUpdate checks the fields present in u, docs/product.md#validation "Profile save".
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
	present := func(p *string, check func(string) error) error {
		if p == nil {
			return nil
		}
		return check(*p)
	}
	if err := firstError(
		present(u.FullName, func(s string) error { return firstError(required(s, MsgFullNameRequired), FullName.Check(s)) }),
		present(u.PhoneNumber, func(s string) error { return firstError(required(s, MsgPhoneRequired), checkPhone(s)) }),
		present(u.Address, func(s string) error { return firstError(required(s, MsgAddressRequired), Address.Check(s)) }),
		present(u.Gender, checkGender),
	); err != nil {
		return nil, false, err
	}
	if b := u.Business; b != nil && role == identity.RoleProvider {
		if err := checkExperience(b.Experience); err != nil {
			return nil, false, err
		}
		if err := checkBusiness(b); err != nil {
			return nil, false, err
		}
	}
	return dob, clearDOB, nil
}

// checkBusiness applies the provider's rules in the form's order: name and
// location required, every field within its bound, experience a number of
// years.
func checkBusiness(b *BusinessInput) error {
	if err := firstError(
		required(b.BusinessName, MsgBusinessName), BusinessName.Check(b.BusinessName),
		required(b.Location, MsgBusinessLocation), BusinessLocation.Check(b.Location),
		BusinessDescription.Check(b.BusinessDescription), BusinessCategory.Check(b.BusinessCategory),
		BusinessHours.Check(b.BusinessHours), checkExperience(b.Experience),
	); err != nil {
		return err
	}
	if len(b.Specializations) > MaxSpecializations {
		return apperr.Invalid(MsgTooManySpecializations)
	}
	for _, s := range b.Specializations {
		if err := Specialization.Check(s); err != nil {
			return err
		}
	}
	return nil
}

func checkExperience(e *float64) error {
	switch {
	case e == nil:
		return nil
	case math.IsNaN(*e) || *e < 0:
		return apperr.Invalid(MsgInvalidExperience)
	case *e > MaxExperience:
		return apperr.Invalid(MsgExperienceTooHigh)
	}
	return nil
}

func checkPhone(p string) error {
	if !validate.Phone(p) {
		return apperr.Invalid(MsgInvalidPhone)
	}
	return nil
}

func checkGender(g string) error {
	switch {
	case g == "":
		return apperr.Invalid(MsgGenderRequired)
	case !slices.Contains(Genders, g):
		return apperr.Invalid(MsgInvalidGender)
	}
	return nil
}

func required(s, msg string) error {
	if s == "" {
		return apperr.Invalid(msg)
	}
	return nil
}

// firstError returns the first failure of checks already run in order.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
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
		r.Role = identity.RoleCustomer
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
