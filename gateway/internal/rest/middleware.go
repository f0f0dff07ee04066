package rest

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/slotwise/slotwise/platform/ratelimit"
)

// MaxBody is the largest request body accepted.
const MaxBody = 1 << 20

// limitBody refuses bodies over MaxBody with 413: at once when the length is
// declared, and while reading otherwise.
func limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > MaxBody {
			WriteError(w, http.StatusRequestEntityTooLarge, bodyTooLargeMsg)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		next.ServeHTTP(w, r)
	})
}

// trimTrailingSlash makes /services/ mean /services (otherwise it would match
// /services/{id} with an empty id).
func trimTrailingSlash(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; len(p) > 1 && strings.HasSuffix(p, "/") {
			r.URL.Path = strings.TrimRight(p, "/")
			if r.URL.Path == "" {
				r.URL.Path = "/"
			}
			r.URL.RawPath = ""
		}
		next.ServeHTTP(w, r)
	})
}

// cors answers preflights and marks responses for the allowed web origins.
func cors(origins []string, next http.Handler) http.Handler {
	allowed := map[string]bool{}
	any := false
	for _, o := range origins {
		if o == "*" {
			any = true
		}
		allowed[strings.TrimRight(o, "/")] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin != "" && (any || allowed[origin]) {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", "Retry-After, Traceparent")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
				h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, traceparent, tracestate")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// ipLimiter limits the credential-probing routes (login and role lookup),
// registration (each costs an Argon2 hash) and the mailed links' routes
// (a reset mail per ask, token guessing) per client IP.
type ipLimiter struct {
	perMinute      int
	trustedProxies int
	keyed          *ratelimit.Keyed
}

func newIPLimiter(perMinute int, trustedProxies int) *ipLimiter {
	return &ipLimiter{perMinute: perMinute, trustedProxies: trustedProxies, keyed: ratelimit.New(perMinute)}
}

// limitedPosts are the public POST routes ipLimiter counts.
var limitedPosts = map[string]bool{"/auth/login-with-role": true, "/auth/register": true,
	"/auth/password/forgot": true, "/auth/password/reset": true, "/auth/verify-email": true}

func isRateLimited(r *http.Request) bool {
	return (r.Method == http.MethodPost && limitedPosts[r.URL.Path]) ||
		(r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/auth/user-role/"))
}

func (l *ipLimiter) middleware(next http.Handler) http.Handler {
	if l.perMinute <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isRateLimited(r) {
			if ok, wait := l.keyed.Allow(ClientIP(r, l.trustedProxies)); !ok {
				secs := strconv.Itoa(ratelimit.RetryAfterSeconds(wait))
				w.Header().Set("Retry-After", secs)
				WriteError(w, http.StatusTooManyRequests, "Too many attempts, please try again in "+secs+" seconds")
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
