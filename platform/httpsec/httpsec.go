// Package httpsec sets the security headers of every HTTP response Slotwise
// serves: the REST API (gateway) and the web app (the devstack's web
// server; the chart's nginx image writes the same values, see
// frontend/nginx/security-headers.conf and devstack's test that compares).
package httpsec

import (
	"net/http"
	"strings"
)

// Common are the headers both the API and the web app send. The web app
// keeps its token in localStorage (docs/product.md#data), so anything that could run
// script on its origin or frame it is what these close.
var Common = map[string]string{
	"X-Content-Type-Options": "nosniff",
	"X-Frame-Options":        "DENY",
	"Referrer-Policy":        "strict-origin-when-cross-origin",
	// Nothing in the app uses these browser features.
	"Permissions-Policy": "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
}

// APIPolicy is the Content-Security-Policy of API responses: JSON is never
// a document, so it may load nothing and be framed by no one.
const APIPolicy = "default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// WebPolicy is the Content-Security-Policy of the web app: scripts and
// styles only from its own origin (no inline code, no eval), API calls to
// its own origin (the app calls /api/… there; apiOrigins only for a server
// that must allow another), images from anywhere over http(s) (a
// service's imageUrl is any URL its provider gave), never framed.
func WebPolicy(apiOrigins ...string) string {
	connect := strings.Join(append([]string{"'self'"}, apiOrigins...), " ")
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self'",
		"img-src 'self' data: https: http:",
		"font-src 'self' data:",
		"connect-src " + connect,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// Headers sets Common and the given Content-Security-Policy on every
// response of next, before next writes anything (so errors carry them too).
func Headers(csp string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range Common {
			h.Set(k, v)
		}
		h.Set("Content-Security-Policy", csp)
		next.ServeHTTP(w, r)
	})
}
