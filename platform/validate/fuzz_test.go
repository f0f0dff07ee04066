package validate

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzEmail: an accepted address is short, printable, without spaces, with
// one '@' and a dot inside its domain.
func FuzzEmail(f *testing.F) {
	for _, s := range []string{"asha@example.com", "a@b", "a@b..co", "a b@c.co", "\xff@b.co", "a@b.c\n", strings.Repeat("a", 300) + "@b.co"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !Email(s) {
			return
		}
		local, domain, _ := strings.Cut(s, "@")
		if len(s) > MaxEmail || !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsSpace) || strings.ContainsFunc(s, unicode.IsControl) ||
			local == "" || strings.Contains(domain, "@") || !strings.Contains(strings.Trim(domain, "."), ".") {
			t.Fatalf("Email(%q) accepted", s)
		}
	})
}

// FuzzFieldCheck: accepted text is valid UTF-8 of at most Max characters
// with no control characters beyond a multi-line field's newlines and tabs.
func FuzzFieldCheck(f *testing.F) {
	for _, s := range []string{"Asha", "a\nb", "\x00", "\xc3", "é", "\u2028", "a\u0085"} {
		f.Add(s, 5, false)
		f.Add(s, 5, true)
	}
	f.Fuzz(func(t *testing.T, s string, max int, multiline bool) {
		fl := Field{Name: "Field", Max: max, Multiline: multiline}
		if fl.Check(s) != nil {
			return
		}
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
			t.Fatalf("Check(%q) accepted (max %d)", s, max)
		}
		for _, r := range s {
			if unicode.IsControl(r) && !(multiline && strings.ContainsRune("\n\r\t", r)) || unicode.Is(unicode.Bidi_Control, r) && r != '\u200e' && r != '\u200f' && r != '\u061c' {
				t.Fatalf("Check(%q) accepted control character %U", s, r)
			}
		}
	})
}

func FuzzQuote(f *testing.F) {
	f.Add("09:7")
	f.Add(strings.Repeat("\xff", 100))
	f.Fuzz(func(t *testing.T, s string) {
		if q := Quote(s); len(q) > 10*40+10 { // at worst 40 runes as \U0010ffff
			t.Fatalf("Quote of %d bytes is %d bytes", len(s), len(q))
		}
	})
}
