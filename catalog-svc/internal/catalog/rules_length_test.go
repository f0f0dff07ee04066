package catalog

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

func validForm() Input {
	price, duration := 499.0, 30
	return Input{Name: "Dental check-up", Category: "Healthcare & Wellness", Description: "Thorough", Price: &price,
		Duration: &duration, Provider: "Smile Clinic", Location: "12 MG Road, Bengaluru", Contact: "9876543210", TimeSlots: []string{"09:00"}}
}

// Every text field of the form: at its limit accepted, one character more
// refused with the field's message; control characters refused.
func TestValidateBoundsEveryField(t *testing.T) {
	at := func(n int) string { return strings.Repeat("é", n) } // characters, not bytes
	cases := []struct {
		field string
		limit int
		set   func(in *Input, s string)
	}{
		{"Name", 200, func(in *Input, s string) { in.Name = s }},
		{"Category", 100, func(in *Input, s string) { in.Category = s }},
		{"Description", 2000, func(in *Input, s string) { in.Description = s }},
		{"Company name", 200, func(in *Input, s string) { in.Provider = s }},
		{"Location", 500, func(in *Input, s string) { in.Location = "x, " + string([]rune(s)[3:]) }},
		{"Contact", 254, func(in *Input, s string) {
			in.Contact = strings.Repeat("a", 64) + "@" + strings.Repeat("b", len([]rune(s))-64-5) + ".com"
		}},
		{"Image URL", 1000, func(in *Input, s string) {
			in.ImageURL = "https://x.io/" + strings.Repeat("i", len([]rune(s))-len("https://x.io/"))
		}},
		{"Icon", 100, func(in *Input, s string) { in.Icon = s }},
	}
	for _, c := range cases {
		t.Run(c.field, func(t *testing.T) {
			in := validForm()
			c.set(&in, at(c.limit))
			if err := Validate(&in); err != nil {
				t.Fatalf("%d characters: %v", c.limit, err)
			}
			in = validForm()
			c.set(&in, at(c.limit+1))
			expectInvalid(t, Validate(&in), MsgTooLong(c.field, c.limit))
		})
	}
	in := validForm()
	in.Name = "Check-up\x1b[5m"
	expectInvalid(t, Validate(&in), "Name contains characters that are not allowed")
	in = validForm()
	in.Description = "Line one\nLine two\twith a tab"
	if err := Validate(&in); err != nil {
		t.Fatalf("a multi-line description: %v", err)
	}
}

func TestValidateRefusesAMegabyteDescription(t *testing.T) {
	in := validForm()
	in.Description = strings.Repeat("x", 900_000)
	expectInvalid(t, Validate(&in), MsgTooLong("Description", 2000))
}

// A slot that is not a time is named in the message, cut short.
func TestInvalidSlotMessageIsShort(t *testing.T) {
	in := validForm()
	in.TimeSlots = []string{strings.Repeat("9", 900_000)}
	err := Validate(&in)
	if apperr.KindOf(err) != apperr.KindInvalid || len(err.Error()) > 200 {
		t.Fatalf("err of %d bytes: %.80v", len(err.Error()), err)
	}
}

func TestListBoundsItsFilters(t *testing.T) {
	s := NewService(newMemRepo(), time.UTC, time.Now, func() string { return "id" })
	ctx := context.Background()
	if _, err := s.List(ctx, Query{Name: strings.Repeat("n", 100), Category: strings.Repeat("c", 100)}); err != nil {
		t.Fatalf("100-character filters: %v", err)
	}
	_, err := s.List(ctx, Query{Name: strings.Repeat("n", 101)})
	expectInvalid(t, err, "Search text must be at most 100 characters")
	_, err = s.List(ctx, Query{Category: strings.Repeat("c", 101)})
	expectInvalid(t, err, "Category must be at most 100 characters")
}

func expectInvalid(t *testing.T, err error, msg string) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.KindInvalid || ae.Message != msg {
		t.Fatalf("err = %v, want invalid %q", err, msg)
	}
}
