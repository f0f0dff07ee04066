package catalog

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/validate"
)

// Validation messages: the wording of docs/product.md#validation ("Service form") is the contract.
const (
	MsgNameRequired        = "Service name is required"
	MsgDescriptionRequired = "Description is required"
	MsgCompanyRequired     = "Company name is required"
	MsgAddressRequired     = "Address is required"
	MsgCityRequired        = "City is required"
	MsgContactRequired     = "Contact is required"
	MsgContactInvalid      = "Enter a valid email or 10-digit phone number"
	MsgPriceInvalid        = "Price must be a positive number"
	MsgDurationTooShort    = "Duration must be at least 5 minutes"
	MsgCategoryRequired    = "Category is required"
	MsgImageURLInvalid     = "Enter a valid image URL"
	MsgSlotRequired        = "At least one time slot is required"

	// Rules docs/product.md leaves open; worded like its messages.
	MsgPriceTooHigh     = "Price must be at most 99999999"
	MsgDurationTooLong  = "Duration must be at most 1440 minutes"
	MsgMinNoticeInvalid = "Minimum notice must be between 0 and 10080 minutes (a week)"
	MsgBufferInvalid    = "Time between appointments must be between 0 and 120 minutes"
	MsgTooManySlots     = "At most 288 time slots are allowed"
)

// Limits: docs/product.md#constants and the bounds of the database columns.
const (
	MinDuration = 5
	MaxDuration = 24 * 60
	// MaxMinNotice is the longest minimum notice: a week, within the
	// ten-day booking window.
	MaxMinNotice = 7 * 24 * 60
	// MaxBuffer is the longest gap kept between two appointments of a
	// service: two hours.
	MaxBuffer = 120
	MaxPrice  = 99_999_999 // numeric(10,2)
	MaxSlots  = 24 * 60 / MinDuration
)

// MsgSlotInvalid names the slot that is not a 24-hour HH:MM time (cut
// short: the slot may be anything a client sent).
func MsgSlotInvalid(slot string) string {
	return fmt.Sprintf("Invalid time slot %s: use 24-hour HH:MM, e.g. 09:30", validate.Quote(slot))
}

var (
	phonePattern = regexp.MustCompile(`^[0-9]{10}$`)
	slotPattern  = regexp.MustCompile(`^([0-9]{1,2}):([0-9]{2})$`)
)

// Validate checks in the order of docs/product.md#validation and returns the first broken rule
// as an apperr.Invalid. It trims in's text in place and brings it to its
// stored form: location "address, city", slots zero-padded, sorted and
// without duplicates, price in whole paise.
func Validate(in *Input) error {
	trimInput(in)
	if err := checkLengths(in); err != nil {
		return err
	}
	switch {
	case in.Name == "":
		return apperr.Invalid(MsgNameRequired)
	case in.Description == "":
		return apperr.Invalid(MsgDescriptionRequired)
	case in.Provider == "":
		return apperr.Invalid(MsgCompanyRequired)
	}
	address, city, err := SplitLocation(in.Location)
	if err != nil {
		return err
	}
	in.Location = address + ", " + city
	switch {
	case in.Contact == "":
		return apperr.Invalid(MsgContactRequired)
	case !ValidContact(in.Contact):
		return apperr.Invalid(MsgContactInvalid)
	case in.Price == nil || *in.Price < 0 || math.IsNaN(*in.Price):
		return apperr.Invalid(MsgPriceInvalid)
	case *in.Price > MaxPrice:
		return apperr.Invalid(MsgPriceTooHigh)
	case in.Duration == nil || *in.Duration < MinDuration:
		return apperr.Invalid(MsgDurationTooShort)
	case *in.Duration > MaxDuration:
		return apperr.Invalid(MsgDurationTooLong)
	case in.MinNotice != nil && (*in.MinNotice < 0 || *in.MinNotice > MaxMinNotice):
		return apperr.Invalid(MsgMinNoticeInvalid)
	case in.Buffer != nil && (*in.Buffer < 0 || *in.Buffer > MaxBuffer):
		return apperr.Invalid(MsgBufferInvalid)
	case in.Category == "":
		return apperr.Invalid(MsgCategoryRequired)
	case in.ImageURL != "" && !ValidImageURL(in.ImageURL):
		return apperr.Invalid(MsgImageURLInvalid)
	}
	price := math.Round(*in.Price*100) / 100
	in.Price = &price
	slots, err := NormalizeSlots(in.TimeSlots)
	if err != nil {
		return err
	}
	in.TimeSlots = slots
	return nil
}

// Fields bound each text field of the form (in characters, no control
// characters), so a page of the listing stays far below the gRPC message
// limit: without them five services with ~1 MB descriptions made GET
// /services fail for everyone.
var Fields = []struct {
	validate.Field
	get func(*Input) string
}{
	{validate.Field{Name: "Name", Max: 200}, func(in *Input) string { return in.Name }},
	{validate.Field{Name: "Category", Max: 100}, func(in *Input) string { return in.Category }},
	{validate.Field{Name: "Description", Max: 2000, Multiline: true}, func(in *Input) string { return in.Description }},
	{validate.Field{Name: "Company name", Max: 200}, func(in *Input) string { return in.Provider }},
	{validate.Field{Name: "Location", Max: 500}, func(in *Input) string { return in.Location }},
	{validate.Field{Name: "Contact", Max: 254}, func(in *Input) string { return in.Contact }},
	{validate.Field{Name: "Image URL", Max: 1000}, func(in *Input) string { return in.ImageURL }},
	{validate.Field{Name: "Icon", Max: 100}, func(in *Input) string { return in.Icon }},
}

// MsgTooLong names the field and its limit.
func MsgTooLong(field string, max int) string { return validate.TooLong(field, max) }

func checkLengths(in *Input) error {
	for _, f := range Fields {
		if err := f.Check(f.get(in)); err != nil {
			return err
		}
	}
	return nil
}

// Bounds of GET /services's filters (the search box and the category).
var (
	SearchText    = validate.Field{Name: "Search text", Max: 100}
	CategoryQuery = validate.Field{Name: "Category", Max: 100}
	SearchQuery   = validate.Field{Name: "Search (q)", Max: 100}
	LocationQuery = validate.Field{Name: "Location", Max: 100}
)

// SplitLocation splits "address, city" at its last comma (an address may
// hold commas of its own). An empty address part is 'Address is required';
// no comma or nothing after it is 'City is required'.
func SplitLocation(loc string) (address, city string, err error) {
	i := strings.LastIndex(loc, ",")
	if i < 0 {
		address = strings.TrimSpace(loc)
	} else {
		address, city = strings.TrimSpace(loc[:i]), strings.TrimSpace(loc[i+1:])
	}
	address = strings.TrimSpace(strings.TrimRight(address, ", "))
	if address == "" {
		return "", "", apperr.Invalid(MsgAddressRequired)
	}
	if city == "" {
		return "", "", apperr.Invalid(MsgCityRequired)
	}
	return address, city, nil
}

// ValidContact is the documented rule (docs/product.md#validation): an email address or exactly 10 digits.
func ValidContact(c string) bool { return validate.Email(c) || phonePattern.MatchString(c) }

// ValidImageURL accepts absolute http(s) URLs with a host.
func ValidImageURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsAny(s, " \t\n")
}

// NormalizeSlots checks every slot is a 24-hour time ("9:30" or "09:30") and
// returns them as HH:MM, sorted, without duplicates.
func NormalizeSlots(slots []string) ([]string, error) {
	out := make([]string, 0, len(slots))
	for _, s := range slots {
		s = strings.TrimSpace(s)
		m := slotPattern.FindStringSubmatch(s)
		if m == nil {
			return nil, apperr.Invalid(MsgSlotInvalid(s))
		}
		h, _ := strconv.Atoi(m[1])
		min, _ := strconv.Atoi(m[2])
		if h > 23 || min > 59 {
			return nil, apperr.Invalid(MsgSlotInvalid(s))
		}
		out = append(out, fmt.Sprintf("%02d:%02d", h, min))
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) == 0 {
		return nil, apperr.Invalid(MsgSlotRequired)
	}
	if len(out) > MaxSlots {
		return nil, apperr.Invalid(MsgTooManySlots)
	}
	return out, nil
}

func trimInput(in *Input) {
	for _, p := range []*string{&in.Name, &in.Category, &in.Description, &in.Provider, &in.Location, &in.Contact, &in.ImageURL, &in.Icon} {
		*p = strings.TrimSpace(*p)
	}
}
