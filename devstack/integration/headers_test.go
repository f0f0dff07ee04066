package integration

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/httpsec"
)

// expectSecurityHeaders checks what every response of the API and the web
// app must carry (issue 21: a CSP with script-src 'self' and no inline code
// or eval, no framing, no sniffing, a referrer policy, a permissions policy).
func expectSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") ||
		strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
		t.Errorf("%s: Content-Security-Policy %q", what, csp)
	}
	want := map[string]string{
		"X-Frame-Options":        "DENY",
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", what, k, got, v)
		}
	}
	if pp := h.Get("Permissions-Policy"); !strings.Contains(pp, "camera=()") || !strings.Contains(pp, "geolocation=()") {
		t.Errorf("%s: Permissions-Policy %q", what, pp)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	c := st.NewUser(t, "customer")

	t.Run("API: every answer, errors and preflights included", func(t *testing.T) {
		for _, r := range []struct {
			what string
			resp *stacktest.Response
		}{
			{"GET /services", st.Get(t, "/services", "")},
			{"GET /auth/profile", st.Get(t, "/auth/profile", c.Token)},
			{"401", st.Get(t, "/auth/profile", "")},
			{"404", st.Get(t, "/no/such/route", "")},
			{"400", st.Post(t, "/auth/login-with-role", "", `{`)},
			{"preflight", st.Do(t, stacktest.Req{Method: http.MethodOptions, Path: "/appointments", Headers: map[string]string{
				"Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST"}})},
			{"healthz", st.Get(t, "/healthz", "")},
		} {
			expectSecurityHeaders(t, r.what, r.resp.Header)
		}
	})

	t.Run("API: authenticated answers are not stored by caches", func(t *testing.T) {
		for _, r := range []*stacktest.Response{
			st.Get(t, "/auth/profile", c.Token), st.Get(t, "/appointments", c.Token),
			st.Post(t, "/auth/login-with-role", "", map[string]any{"email": c.Email, "password": c.Password, "role": "customer"}),
		} {
			if got := r.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control %q, want no-store (%s)", got, r.Raw[:min(len(r.Raw), 80)])
			}
		}
		if got := st.Get(t, "/services", "").Header.Get("Cache-Control"); got == "no-store" {
			t.Errorf("the public listing need not be no-store")
		}
	})

	t.Run("web app: shell, assets, client routes and misses", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html><script type="module" src="/assets/app.js"></script>`), 0o644)
		os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
		os.WriteFile(filepath.Join(dir, "assets", "app.js"), []byte(`console.log(1)`), 0o644)
		web := httptest.NewServer(devstack.WebHandler(dir, st.APIURL))
		defer web.Close()
		for _, path := range []string{"/", "/assets/app.js", "/my-appointments", "/assets/missing.js"} {
			resp, err := http.Get(web.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			expectSecurityHeaders(t, "web "+path, resp.Header)
			if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self';") {
				t.Errorf("web %s: the app calls the API on its own origin only: %q", path, csp)
			}
		}
		// The app's API calls go to /api/… of its own origin, passed on to the gateway.
		resp, err := http.Get(web.URL + "/api/services?limit=1")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"services"`) || resp.Header.Get("Content-Security-Policy") != httpsec.APIPolicy {
			t.Errorf("web /api/services: %d %q (CSP %q), want the gateway's answer", resp.StatusCode, body, resp.Header.Get("Content-Security-Policy"))
		}
	})
}

// TestBodiesMustBeJSON: a body declared as anything but application/json
// is 415 in the error shape (browsers post text/plain, forms and multipart
// cross-origin without a preflight).
func TestBodiesMustBeJSON(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	login := `{"email":"someone@example.com","password":"secret123","role":"customer"}`
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/json; charset=latin1", ""} {
		t.Run("refused "+ct, func(t *testing.T) {
			r := st.Do(t, stacktest.Req{Method: http.MethodPost, Path: "/auth/login-with-role", Body: login,
				Headers: map[string]string{"Content-Type": ct}})
			r.ExpectError(t, http.StatusUnsupportedMediaType, "Content-Type must be application/json")
		})
	}
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"} {
		t.Run("accepted "+ct, func(t *testing.T) {
			r := st.Do(t, stacktest.Req{Method: http.MethodPost, Path: "/auth/login-with-role", Body: login,
				Headers: map[string]string{"Content-Type": ct}})
			r.ExpectError(t, http.StatusUnauthorized, "Invalid email or password") // parsed: no such account
		})
	}
	t.Run("no body needs no Content-Type", func(t *testing.T) {
		p := st.NewUser(t, "provider")
		id := st.Post(t, "/services", p.Token, serviceForm("Body-less delete", "Others")).ExpectStatus(t, http.StatusCreated).String("data._id")
		st.Delete(t, "/services/"+id, p.Token).ExpectStatus(t, http.StatusOK)
	})
}
