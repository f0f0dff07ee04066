package paging

import (
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

func TestLimit(t *testing.T) {
	for _, c := range []struct{ in, want int }{{0, 20}, {1, 1}, {100, 100}, {10000, 100}} {
		if got, err := Limit(c.in, 20, 100); err != nil || got != c.want {
			t.Errorf("Limit(%d) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	if _, err := Limit(-1, 20, 100); apperr.KindOf(err) != apperr.KindInvalid {
		t.Errorf("a negative limit: %v, want invalid", err)
	}
}

func TestCursorRoundTrip(t *testing.T) {
	at := time.Date(2026, 12, 6, 9, 30, 0, 123, time.UTC)
	parts, err := Decode(Encode("a", Nanos(at), "id.with.dots"), 3)
	if err != nil || parts[0] != "a" || parts[2] != "id.with.dots" {
		t.Fatalf("Decode = %q, %v", parts, err)
	}
	if got, err := ParseNanos(parts[1]); err != nil || !got.Equal(at) {
		t.Fatalf("ParseNanos = %v, %v; want %v", got, err, at)
	}
	for _, bad := range []string{"%%%", Encode("only-one"), ""} {
		if _, err := Decode(bad, 2); apperr.KindOf(err) != apperr.KindInvalid {
			t.Errorf("Decode(%q): %v, want invalid", bad, err)
		}
	}
	if _, err := ParseNanos("x"); apperr.KindOf(err) != apperr.KindInvalid {
		t.Errorf("ParseNanos(x): %v, want invalid", err)
	}
}
