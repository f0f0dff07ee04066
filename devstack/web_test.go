package devstack

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slotwise/slotwise/platform/httpsec"
)

// The chart's web image (nginx, frontend/nginx/) must send the headers this
// package's web server sends: one policy, two servers.
func TestNginxSendsTheSameSecurityHeaders(t *testing.T) {
	raw, err := os.ReadFile("../frontend/nginx/security-headers.conf")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^add_header (\S+) "([^"]*)" always;$`).FindAllStringSubmatch(string(raw), -1) {
		got[m[1]] = m[2]
	}
	want := map[string]string{"Content-Security-Policy": httpsec.WebPolicy()}
	for k, v := range httpsec.Common {
		want[k] = v
	}
	if len(got) != len(want) {
		t.Errorf("nginx sends %d headers, want %d: %v", len(got), len(want), got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("nginx %s = %q, want %q", k, got[k], v)
		}
	}
}

// The app's scripts go out gzipped to a browser that accepts it, whole to one that does not.
func TestWebHandlerGzips(t *testing.T) {
	dir := t.TempDir()
	script := strings.Repeat("console.log('slotwise');\n", 400)
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "assets", "index.js"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	h := WebHandler(dir, "http://localhost:5001")
	for _, accept := range []string{"gzip", ""} {
		req := httptest.NewRequest(http.MethodGet, "/assets/index.js", nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if accept == "gzip" {
			if rec.Header().Get("Content-Encoding") != "gzip" || len(body) >= len(script)/4 {
				t.Fatalf("gzip asked: encoding %q, %d bytes of %d", rec.Header().Get("Content-Encoding"), len(body), len(script))
			}
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := io.ReadAll(zr)
			body = plain
		}
		if string(body) != script {
			t.Fatalf("accept %q: the script came back changed (%d bytes)", accept, len(body))
		}
		if rec.Header().Get("Content-Security-Policy") == "" {
			t.Fatal("no Content-Security-Policy on a gzipped answer")
		}
	}
}

// The app calls the API on its own origin: /api/… goes to the gateway as it
// came (the gateway serves every route under /api), the gateway's answer
// comes back as it wrote it, and the app's own answers allow API calls to
// their origin only. A web app served on any address then works.
func TestWebHandlerPassesAPIToTheGateway(t *testing.T) {
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Security-Policy", httpsec.APIPolicy)
		io.WriteString(w, `{"path":"`+r.URL.RequestURI()+`","auth":"`+r.Header.Get("Authorization")+`"}`)
	}))
	defer gw.Close()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html>`), 0o644)
	web := httptest.NewServer(WebHandler(dir, gw.URL))
	defer web.Close()

	req, _ := http.NewRequest(http.MethodPost, web.URL+"/api/auth/login-with-role?x=1", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer t")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `{"path":"/api/auth/login-with-role?x=1","auth":"Bearer t"}`; string(body) != want {
		t.Errorf("the gateway got %s, want %s", body, want)
	}
	if got := resp.Header.Get("Content-Security-Policy"); got != httpsec.APIPolicy {
		t.Errorf("an API answer's policy %q, want the gateway's own", got)
	}

	resp, err = http.Get(web.URL + "/book")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self';") {
		t.Errorf("the app may call only its own origin, got %q", csp)
	}
}
