package devstack

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzhttp"

	"github.com/slotwise/slotwise/platform/httpsec"
)

// WebHandler serves the built web app from dir; paths that are not files
// get index.html so client-side routes survive a reload. Every answer
// carries the security headers, its Content-Security-Policy allowing API
// calls to apiOrigins, and is gzipped for a client that takes it, as the
// chart's nginx does (frontend/nginx/default.conf): on a phone's network the
// app's first scripts are most of its first paint (docs/operations.md).
func WebHandler(dir string, apiOrigins ...string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return gzhttp.GzipHandler(httpsec.Headers(httpsec.WebPolicy(apiOrigins...), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := filepath.Join(dir, filepath.Clean("/"+r.URL.Path))
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			if !strings.HasPrefix(r.URL.Path, "/assets/") {
				w.Header().Set("Cache-Control", "no-cache")
				http.ServeFile(w, r, filepath.Join(dir, "index.html"))
				return
			}
		}
		files.ServeHTTP(w, r)
	})))
}

// APIOrigins are the origins under which the web app may reach the API at
// apiURL: the app's API address is fixed when it is built
// (http://localhost:5001 by default), and localhost and 127.0.0.1 name the
// same loopback server.
func APIOrigins(apiURL string) []string {
	out := []string{apiURL}
	for from, to := range map[string]string{"//localhost:": "//127.0.0.1:", "//127.0.0.1:": "//localhost:"} {
		if strings.Contains(apiURL, from) {
			out = append(out, strings.Replace(apiURL, from, to, 1))
		}
	}
	return out
}
