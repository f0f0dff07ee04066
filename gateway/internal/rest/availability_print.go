package rest

import (
	"math/bits"
	"strconv"
	"time"
	"unicode/utf8"

	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// appendAvailability prints an availability window exactly as the
// contract's marshaler would (protojson with unpopulated fields, compact),
// without reflection: it was the largest cost of GET
// /services/{id}/availability, whose windows differ by service and day so
// the memo rarely held one (docs/bench/README.md, availability).
// TestAvailabilityPrintIsProtojson compares the two on random windows. It
// reports false for what protojson would refuse (invalid UTF-8, a
// timestamp out of range), which the caller leaves to protojson.
func appendAvailability(b []byte, m *bookingv1.GetAvailabilityResponse) ([]byte, bool) {
	ok := true
	b = append(b, `{"success":`...)
	b = strconv.AppendBool(b, m.GetSuccess())
	b = append(b, `,"serviceId":`...)
	b, ok = appendJSONString(b, m.GetServiceId(), ok)
	b = append(b, `,"timeZone":`...)
	b, ok = appendJSONString(b, m.GetTimeZone(), ok)
	b = append(b, `,"days":[`...)
	for i, d := range m.GetDays() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"date":`...)
		b, ok = appendJSONString(b, d.GetDate(), ok)
		b = append(b, `,"slots":[`...)
		for j, s := range d.GetSlots() {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"time":`...)
			b, ok = appendJSONString(b, s.GetTime(), ok)
			b = append(b, `,"available":`...)
			b = strconv.AppendBool(b, s.GetAvailable())
			b = append(b, `,"startsAt":`...)
			b, ok = appendTimestamp(b, s.GetStartsAt(), ok)
			b = append(b, '}')
		}
		b = append(b, `],"closed":`...)
		b = strconv.AppendBool(b, d.GetClosed())
		b = append(b, `,"closedNote":`...)
		b, ok = appendJSONString(b, d.GetClosedNote(), ok)
		b = append(b, '}')
	}
	return append(b, "]}"...), ok
}

// availabilitySize is about the printed size of m, a little over, so the
// printer fills one buffer instead of growing it twice: a slot prints in
// about 80 bytes, a day's frame in 60 plus its note.
func availabilitySize(m *bookingv1.GetAvailabilityResponse) int {
	n := 96 + len(m.GetServiceId()) + len(m.GetTimeZone())
	for _, d := range m.GetDays() {
		n += 64 + len(d.GetClosedNote()) + 96*len(d.GetSlots())
	}
	return n
}

// appendJSONString is protojson's string: quotes, backslash and control
// characters escaped (\b \f \n \r \t, others \u00XX), nothing else.
func appendJSONString(b []byte, s string, ok bool) ([]byte, bool) {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				ok = false
			}
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\b':
			b = append(b, `\b`...)
		case c == '\f':
			b = append(b, `\f`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c < ' ':
			b = append(b, `\u`...)
			b = append(b, "0000"[1+(bits.Len32(uint32(c))-1)/4:]...)
			b = strconv.AppendUint(b, uint64(c), 16)
		default:
			b = append(b, c)
		}
		i++
	}
	return append(b, '"'), ok
}

// Timestamps protojson prints: 0001-01-01 to 9999-12-31.
const (
	minTimestampSeconds = -62135596800
	maxTimestampSeconds = 253402300799
)

// appendTimestamp is protojson's Timestamp: RFC 3339 in UTC with 0, 3, 6
// or 9 fraction digits, or null when unset.
func appendTimestamp(b []byte, t *timestamppb.Timestamp, ok bool) ([]byte, bool) {
	if t == nil {
		return append(b, "null"...), ok
	}
	secs, nanos := t.GetSeconds(), t.GetNanos()
	if secs < minTimestampSeconds || secs > maxTimestampSeconds || nanos < 0 || nanos >= 1e9 {
		return b, false
	}
	b = append(b, '"')
	b = time.Unix(secs, int64(nanos)).UTC().AppendFormat(b, "2006-01-02T15:04:05")
	if nanos != 0 {
		frac := strconv.AppendInt(nil, int64(nanos)+1e9, 10)[1:] // nine digits
		switch {
		case nanos%1e6 == 0:
			frac = frac[:3]
		case nanos%1e3 == 0:
			frac = frac[:6]
		}
		b = append(append(b, '.'), frac...)
	}
	return append(b, `Z"`...), ok
}
