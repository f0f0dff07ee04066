package rest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The client is the X-Forwarded-For entry as many hops from the right end
// as there are trusted proxies: entries to its left are the client's own
// (issue 40: the first entry let a client pick its rate-limit key).
func TestClientIPCountsTrustedProxiesFromTheRight(t *testing.T) {
	cases := []struct {
		name    string
		xff     []string
		proxies int
		want    string
	}{
		{"no proxy: the peer, whatever the header says", []string{"6.6.6.6"}, 0, "10.0.0.9"},
		{"one proxy: the entry it appended", []string{"6.6.6.6, 203.0.113.7"}, 1, "203.0.113.7"},
		{"one proxy, forged entries to the left", []string{"1.1.1.1, 2.2.2.2,203.0.113.7"}, 1, "203.0.113.7"},
		{"two proxies", []string{"6.6.6.6, 203.0.113.7, 10.1.1.1"}, 2, "203.0.113.7"},
		{"entries over several header lines", []string{"6.6.6.6", "203.0.113.7"}, 1, "203.0.113.7"},
		{"fewer entries than proxies: the leftmost", []string{"203.0.113.7"}, 2, "203.0.113.7"},
		{"no header: the peer", nil, 1, "10.0.0.9"},
		{"not an address: the peer", []string{"6.6.6.6, nonsense"}, 1, "10.0.0.9"},
		{"IPv6", []string{"2001:db8::1"}, 1, "2001:db8::1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = "10.0.0.9:40000"
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := ClientIP(r, c.proxies); got != c.want {
				t.Fatalf("ClientIP = %q, want %q", got, c.want)
			}
		})
	}
}

// A client cannot set the backend's deadline (grpc-gateway reads
// Grpc-Timeout), and an Idempotency-Key gRPC metadata cannot carry is a
// 400, not silently dropped.
func TestClientHeaders(t *testing.T) {
	var seen http.Header
	h := clientHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = r.Header.Clone() }))

	r := httptest.NewRequest(http.MethodPost, "/appointments", nil)
	r.Header.Set("Grpc-Timeout", "1n")
	r.Header.Set("Idempotency-Key", "retry-1 (ok)")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if seen == nil || seen.Get("Grpc-Timeout") != "" || seen.Get("Idempotency-Key") != "retry-1 (ok)" {
		t.Fatalf("passed on %v", seen)
	}

	for _, key := range []string{"clé-1", "key\x01", "key\x7f", "日本"} {
		seen = nil
		r := httptest.NewRequest(http.MethodPost, "/appointments", nil)
		r.Header.Set("Idempotency-Key", key)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusBadRequest || seen != nil || !strings.Contains(w.Body.String(), msgIdempotencyKeyASCII) {
			t.Fatalf("key %q: %d %s", key, w.Code, w.Body)
		}
	}
}
