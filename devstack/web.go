package devstack

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzhttp"

	"github.com/slotwise/slotwise/platform/httpsec"
)

// APIPrefix is the path under which the web app calls the API on its own
// origin (gateway.APIPrefix): the gateway serves every route under it too.
const APIPrefix = "/api"

// WebHandler serves the built web app from dir and passes /api/… on to the
// gateway at apiURL unchanged, as the chart's ingress does: the app calls
// the API on its own origin, whatever address it is served on. Paths that
// are not files get index.html so client-side routes survive a reload.
// Every answer of the app carries the security headers, its
// Content-Security-Policy allowing API calls to its own origin only, and is
// gzipped for a client that takes it, as the chart's nginx does
// (frontend/nginx/default.conf): on a phone's network the app's first
// scripts are most of its first paint (docs/operations.md). The API's
// answers go out as the gateway wrote them.
func WebHandler(dir, apiURL string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	app := gzhttp.GzipHandler(httpsec.Headers(httpsec.WebPolicy(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
	api := apiProxy(apiURL)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == APIPrefix || strings.HasPrefix(r.URL.Path, APIPrefix+"/") {
			api.ServeHTTP(w, r)
			return
		}
		app.ServeHTTP(w, r)
	})
}

// apiProxy passes requests to the gateway at apiURL; a malformed URL
// answers 502 to every call.
func apiProxy(apiURL string) http.Handler {
	target, err := url.Parse(apiURL)
	if err != nil || target.Host == "" {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "no API address", http.StatusBadGateway)
		})
	}
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.SetXForwarded()
		},
		// Streams and long answers pass as they come.
		FlushInterval: -1,
	}
}
