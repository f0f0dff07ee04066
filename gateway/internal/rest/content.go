package rest

import (
	"mime"
	"net/http"
	"strings"
)

// msgNotJSON answers a body that is not declared as JSON.
const msgNotJSON = "Content-Type must be application/json"

// requireJSON refuses a request body that is not declared application/json
// (a charset parameter is fine, if it is UTF-8) with 415. Browsers send
// text/plain, form and multipart bodies cross-origin without a preflight;
// parsed as JSON, any web page could post logins and registrations here.
//
// The one exception is a mail program's one-click unsubscribe (RFC 8058):
// a form body "List-Unsubscribe=One-Click" posted to the link of a mail's
// List-Unsubscribe header. The link's signed token is what it acts on, so
// a page posting there gains nothing it did not already hold.
func requireJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hasBody(r) && !IsJSON(r.Header.Get("Content-Type")) && !oneClickUnsubscribe(r) {
			WriteError(w, http.StatusUnsupportedMediaType, msgNotJSON)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// unsubscribePath is auth-svc's Unsubscribe (api/proto/slotwise/auth/v1/auth.proto).
const unsubscribePath = "/auth/unsubscribe"

func oneClickUnsubscribe(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return r.Method == http.MethodPost && r.URL.Path == unsubscribePath && mt == "application/x-www-form-urlencoded"
}

// hasBody reports whether r carries a body (declared or chunked).
func hasBody(r *http.Request) bool { return r.ContentLength > 0 || r.ContentLength < 0 }

// IsJSON reports whether a Content-Type header value is application/json,
// with at most a UTF-8 charset parameter besides.
func IsJSON(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

// noStore keeps answers to authenticated requests, and to the requests
// that hand out tokens, and a calendar feed (its address is its token),
// out of every cache (a shared computer's browser cache, a proxy): they
// hold one user's data.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" || r.Method != http.MethodGet || strings.HasPrefix(r.URL.Path, "/calendar/") {
			w.Header().Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}
