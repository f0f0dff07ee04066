package rest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

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

// The one non-JSON body let through is a mail program's one-click
// unsubscribe (RFC 8058): a form POST to /auth/unsubscribe. The same form
// anywhere else, or another type there, is still 415.
func TestRequireJSONLetsOneClickUnsubscribeThrough(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	h := requireJSON(next)
	for _, c := range []struct {
		method, path, contentType string
		want                      int
	}{
		{http.MethodPost, "/auth/unsubscribe", "application/x-www-form-urlencoded", http.StatusOK},
		{http.MethodPost, "/auth/login-with-role", "application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
		{http.MethodPost, "/auth/unsubscribe", "text/plain", http.StatusUnsupportedMediaType},
		{http.MethodPut, "/auth/unsubscribe", "application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
	} {
		r := httptest.NewRequest(c.method, c.path+"?token=t", strings.NewReader("List-Unsubscribe=One-Click"))
		r.Header.Set("Content-Type", c.contentType)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("%s %s (%s): %d, want %d", c.method, c.path, c.contentType, w.Code, c.want)
		}
	}
}
