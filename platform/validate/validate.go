// Package validate holds the text rules every domain applies to what users
// type: a length bound per field, no control characters, well-formed emails
// and phone numbers. Each domain keeps its own table of fields and limits
// next to its rules; this package only says what the limits mean, so that
// "at most 100 characters" is counted and worded the same everywhere.
//
// Bounds exist so that no input reaches PostgreSQL in a shape it refuses
// with an error (an index row over its size limit turned a 2,800-character
// email into a 500), and so one user's text cannot bloat everyone's lists.
package validate

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Field is one text field of a request: its name as the user knows it, its
// limit in characters (runes), and whether it may hold several lines.
type Field struct {
	Name      string
	Max       int
	Multiline bool
}

// Check returns an apperr.Invalid naming the field when s is longer than
// Max characters or holds characters a person cannot type into it: invalid
// UTF-8, NUL and other control characters (a multi-line field may hold
// newlines and tabs).
func (f Field) Check(s string) error {
	if n := utf8.RuneCountInString(s); n > f.Max {
		return apperr.Invalid(TooLong(f.Name, f.Max))
	}
	if !f.Printable(s) {
		return apperr.Invalid(NotAllowed(f.Name))
	}
	return nil
}

// Printable reports whether s is valid UTF-8 without control characters
// (except newlines and tabs in a multi-line field), without the controls
// that make text display in another order than it is stored (bidi
// embeddings, overrides and isolates: "Trojan Source" spoofing), and, in a
// single-line field, without line or paragraph separators. Joiners and
// direction marks, which scripts need, are text.
func (f Field) Printable(s string) bool {
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size <= 1 {
				return false
			}
		case unicode.IsControl(r):
			if !f.Multiline || (r != '\n' && r != '\r' && r != '\t') {
				return false
			}
		case (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069'):
			return false
		case (r == '\u2028' || r == '\u2029') && !f.Multiline:
			return false
		}
	}
	return true
}

// TooLong is the message for a field over its limit.
func TooLong(field string, max int) string {
	return fmt.Sprintf("%s must be at most %d characters", field, max)
}

// NotAllowed is the message for a field holding control characters or
// bytes that are not text.
func NotAllowed(field string) string {
	return field + " contains characters that are not allowed"
}

// MaxEmail is the longest email address (RFC 5321: a 254-character path).
const MaxEmail = 254

// maxLocalPart is RFC 5321's limit on the part before '@'.
const maxLocalPart = 64

// Email reports whether s is a well-formed address: at most 254 characters,
// one '@' with at most 64 characters before it, a domain with a dot that
// neither starts nor ends it, and no spaces or control characters.
func Email(s string) bool {
	if len(s) > MaxEmail || !(Field{Max: MaxEmail}).Printable(s) || strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || utf8.RuneCountInString(local) > maxLocalPart || strings.Contains(domain, "@") {
		return false
	}
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && dot < len(domain)-1 && !strings.HasPrefix(domain, ".") && !strings.Contains(domain, "..")
}

// MaxPhone bounds a phone number as typed ("+91 (987) 654-3210" is 18).
const MaxPhone = 20

// Phone is the booking form's phone rule (docs/product.md#validation): 10 to 15
// digits once everything else is removed, in at most MaxPhone characters
// without control characters.
func Phone(s string) bool {
	if utf8.RuneCountInString(s) > MaxPhone || !(Field{Max: MaxPhone}).Printable(s) {
		return false
	}
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n >= 10 && n <= 15
}

// Quote is s as a message may echo it back: quoted, and cut to a few dozen
// characters, so an error about a megabyte of input is not itself a
// megabyte (a gRPC status that large fails the call with a 500).
func Quote(s string) string {
	const keep = 40
	if utf8.RuneCountInString(s) > keep {
		s = string([]rune(s)[:keep]) + "…"
	}
	return fmt.Sprintf("%q", s)
}
