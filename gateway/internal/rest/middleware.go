package rest

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
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

// ipLimiter is a token bucket per client IP for the credential-probing
// routes (login and role lookup).
type ipLimiter struct {
	perMinute int
	trustXFF  bool
	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newIPLimiter(perMinute int, trustXFF bool) *ipLimiter {
	return &ipLimiter{perMinute: perMinute, trustXFF: trustXFF, buckets: map[string]*bucket{}}
}

func (l *ipLimiter) allow(ip string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if now.Sub(l.lastSweep) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > 10*time.Minute {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b, ok := l.buckets[ip]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Limit(float64(l.perMinute)/60), l.perMinute)}
		l.buckets[ip] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

func isRateLimited(r *http.Request) bool {
	return (r.Method == http.MethodPost && r.URL.Path == "/auth/login-with-role") ||
		(r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/auth/user-role/"))
}

func (l *ipLimiter) middleware(next http.Handler) http.Handler {
	if l.perMinute <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isRateLimited(r) {
			if ok, wait := l.allow(ClientIP(r, l.trustXFF)); !ok {
				secs := int(wait.Seconds() + 0.999)
				w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
				WriteError(w, http.StatusTooManyRequests, "Too many attempts, please try again in "+strconv.Itoa(max(secs, 1))+" seconds")
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
