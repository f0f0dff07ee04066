package gateway

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// The web app calls the API on its own origin under /api (the devstack's
// web server and the chart's ingress pass /api/… through unchanged): every
// route answers there as at the root, query and escapes kept.
func TestUnderAPIServesEveryRouteUnderAPI(t *testing.T) {
	var got []string
	h := UnderAPI(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.URL.Path+"?"+r.URL.RawQuery+" "+r.URL.EscapedPath())
	}))
	for path, want := range map[string]string{
		"/api/services?category=Others":    "/services?category=Others /services",
		"/services?category=Others":        "/services?category=Others /services",
		"/api/auth/user-role/a%2Fb%40x.in": "/auth/user-role/a/b@x.in? /auth/user-role/a%2Fb%40x.in",
		"/api":                             "/? /",
		"/apiary":                          "/apiary? /apiary",
	} {
		got = nil
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s reached the API as %v, want %q", path, got, want)
		}
	}
}
