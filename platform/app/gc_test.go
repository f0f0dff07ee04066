package app

import "testing"

func TestParseMemoryLimit(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"268435456\n", 268435456, true},    // a 256Mi container (v2 and v1)
		{"max\n", 0, false},                 // v2: no limit
		{"9223372036854771712\n", 0, false}, // v1: no limit
		{"", 0, false},
		{"-1", 0, false},
	}
	for _, c := range cases {
		if got, ok := parseMemoryLimit(c.in); got != c.want || ok != c.ok {
			t.Errorf("parseMemoryLimit(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
