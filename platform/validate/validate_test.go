package validate

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/slotwise/slotwise/platform/apperr"
)

func TestFieldCheck(t *testing.T) {
	name := Field{Name: "Full name", Max: 5}
	notes := Field{Name: "Notes", Max: 5, Multiline: true}
	cases := []struct {
		f    Field
		in   string
		want string // "" = accepted
	}{
		{name, "", ""},
		{name, "Asha!", ""},
		{name, "éééé é", TooLong("Full name", 5)},
		{name, "ééééé", ""}, // characters, not bytes
		{name, "Ash\x00", NotAllowed("Full name")},
		{name, "A\tB", NotAllowed("Full name")},
		{name, "A\nB", NotAllowed("Full name")},
		{name, "A\u0085B", NotAllowed("Full name")}, // C1 control
		{name, "A\x7fB", NotAllowed("Full name")},
		{name, "ca\xc3", NotAllowed("Full name")},
		{name, "\xff\xfe", NotAllowed("Full name")},
		{name, "A\uFFFDB", ""},                            // the replacement character itself is text
		{name, "a\u202eb", NotAllowed("Full name")},       // right-to-left override
		{name, "a\u2066b\u2069", NotAllowed("Full name")}, // isolates
		{name, "a\u2028b", NotAllowed("Full name")},
		{name, "क्\u200dष", ""}, // a joiner is part of the script
		{name, "\u200fאב", ""},  // a direction mark too
		{notes, "a\u2028b", ""},
		{notes, "a\u202eb", NotAllowed("Notes")},
		{notes, "a\nb\tc", ""},
		{notes, "a\r\nb", ""},
		{notes, "a\x1bb", NotAllowed("Notes")},
		{notes, "abcdef", TooLong("Notes", 5)},
	}
	for _, c := range cases {
		err := c.f.Check(c.in)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s %q: %v, want accepted", c.f.Name, c.in, err)
			}
			continue
		}
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Kind != apperr.KindInvalid || ae.Message != c.want {
			t.Errorf("%s %q: %v, want Invalid %q", c.f.Name, c.in, err, c.want)
		}
	}
}

func TestEmail(t *testing.T) {
	long := strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com" // 254
	cases := []struct {
		in   string
		want bool
	}{
		{"asha@example.com", true},
		{"a.b+tag@sub.example.co.in", true},
		{"ASHA@EXAMPLE.COM", true},
		{long, true},
		{long + "m", false},
		{strings.Repeat("a", 65) + "@b.co", false},
		{"", false},
		{"notanemail", false},
		{"a@b", false},
		{"@b.co", false},
		{"a@.co", false},
		{"a@b.", false},
		{"a@b..co", false},
		{"a@b@c.co", false},
		{"a b@c.co", false},
		{"a@b.co\n", false},
		{"a\x00@b.co", false},
		{"a\xff@b.co", false},
	}
	for _, c := range cases {
		if got := Email(c.in); got != c.want {
			t.Errorf("Email(%.40q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestPhone(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{"9876543210", true},
		{"+91 98765-43210", true},
		{"+91 (987) 654-3210", true},
		{"123456789012345", true},
		{"98765-4321", false},              // 9 digits
		{"1234567890123456", false},        // 16 digits
		{"98765 43210 extension 1", false}, // 11 digits in 23 characters
		{"9876543210" + strings.Repeat("x", 11), false},
		{"98765\x0043210", false},
		{"", false},
	}
	for _, c := range cases {
		if got := Phone(c.in); got != c.want {
			t.Errorf("Phone(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestQuoteIsShort(t *testing.T) {
	q := Quote(strings.Repeat("é", 100000) + "\x00")
	if utf8.RuneCountInString(q) > 45 || !strings.HasSuffix(q, `…"`) {
		t.Fatalf("Quote of a long value: %q", q)
	}
	if got := Quote("09:7\n"); got != `"09:7\n"` {
		t.Fatalf("Quote(short) = %s", got)
	}
}
