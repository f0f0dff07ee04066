// Package paging is what every paged list shares (docs/product.md "Paged
// lists"): how a requested limit becomes a page size, the opaque cursor's
// form, and the words of a bad request. Each owner keeps its own key (the
// columns of its index) and reads one page with one range scan.
package paging

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// Messages of a page request: the same words on every paged list.
const (
	MsgInvalidLimit  = "limit must not be negative"
	MsgInvalidCursor = "This list's cursor is not valid: reload the list"
)

// Limit is the page size for a requested limit: def when none (0), at most
// max; a negative limit is a 400.
func Limit(requested, def, max int) (int, error) {
	switch {
	case requested < 0:
		return 0, apperr.Invalid(MsgInvalidLimit)
	case requested == 0:
		return def, nil
	default:
		return min(requested, max), nil
	}
}

// Encode is the opaque cursor of a key's parts: joined by "." and
// base64url, so a client passes it back and never builds one.
func Encode(parts ...string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, ".")))
}

// Decode is Encode's parts back, exactly n of them (the last may hold
// dots); anything else is a 400 with MsgInvalidCursor.
func Decode(cursor string, n int) ([]string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return nil, Invalid()
	}
	parts := strings.SplitN(string(raw), ".", n)
	if len(parts) != n {
		return nil, Invalid()
	}
	return parts, nil
}

// Invalid is the refusal of a cursor that did not come from its list.
func Invalid() error { return apperr.Invalid(MsgInvalidCursor) }

// Nanos writes an instant as a cursor part: Unix nanoseconds.
func Nanos(t time.Time) string { return strconv.FormatInt(t.UnixNano(), 10) }

// ParseNanos reads Nanos back (UTC).
func ParseNanos(s string) (time.Time, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, Invalid()
	}
	return time.Unix(0, n).UTC(), nil
}
