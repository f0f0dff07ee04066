package booking

import "testing"

// A member id has one spelling, so one member has one feed.
func TestCanonicalMember(t *testing.T) {
	const id = "0b5f3c1e-7a2d-4c3b-9e8f-1a2b3c4d5e6f"
	for in, want := range map[string]string{
		id:                                       id,
		" 0B5F3C1E-7A2D-4C3B-9E8F-1A2B3C4D5E6F ": id,
		"{0b5f3c1e-7a2d-4c3b-9e8f-1a2b3c4d5e6f}": "",
		"urn:uuid:0b5f3c1e-7a2d-4c3b-9e8f-1a2b3c4d5e6f": "",
		"0b5f3c1e7a2d4c3b9e8f1a2b3c4d5e6f":              "",
		"":                                              "",
		"not-a-member":                                  "",
	} {
		got, ok := canonicalMember(in)
		if got != want || ok != (want != "") {
			t.Errorf("canonicalMember(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
