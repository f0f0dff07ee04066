package rest

import "testing"

func TestIsJSON(t *testing.T) {
	cases := map[string]bool{
		"application/json":                      true,
		"application/json; charset=utf-8":       true,
		"Application/JSON; Charset=UTF-8":       true,
		"application/json;charset=\"utf-8\"":    true,
		"":                                      false,
		"text/plain":                            false,
		"text/plain; charset=utf-8":             false,
		"application/x-www-form-urlencoded":     false,
		"multipart/form-data; boundary=x":       false,
		"application/json; charset=latin1":      false,
		"application/json; boundary=x":          false,
		"application/jsonp":                     false,
		"application/merge-patch+json":          false,
		"application/json; charset=utf-8; x=\"": false,
	}
	for ct, want := range cases {
		if got := IsJSON(ct); got != want {
			t.Errorf("IsJSON(%q) = %v, want %v", ct, got, want)
		}
	}
}
