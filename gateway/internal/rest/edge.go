package rest

import (
	"net/http"
	"net/netip"
	"strings"
)

// grpcTimeoutHeader is the header grpc-gateway turns into the backend
// call's deadline (runtime.AnnotateContext). Deadlines are the server's to
// set: a client sending "Grpc-Timeout: 1n" could make any request a 504
// and an error in the logs.
const grpcTimeoutHeader = "Grpc-Timeout"

// msgIdempotencyKeyASCII answers a key gRPC metadata cannot carry: grpc-go
// drops a header value outside printable ASCII, so the key would silently
// not reach booking-svc and a retry would book again (409, not the first
// answer).
const msgIdempotencyKeyASCII = "Idempotency-Key must be printable ASCII characters (letters, digits, punctuation and spaces)"

// clientHeaders strips the headers a client may not set and refuses an
// Idempotency-Key that could not reach the service.
func clientHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del(grpcTimeoutHeader)
		for _, v := range r.Header.Values("Idempotency-Key") {
			if !printableASCII(v) {
				WriteError(w, http.StatusBadRequest, msgIdempotencyKeyASCII)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// ClientIP is the caller's address. With trustedProxies = 0 it is the
// socket peer. Behind n trusted proxies (each appends the address it got
// the request from to X-Forwarded-For) it is the entry n hops from the
// right end: entries further left were written by the client and prove
// nothing. With fewer entries than that, the leftmost is the best known;
// an entry that is not an IP address falls back to the peer.
func ClientIP(r *http.Request, trustedProxies int) string {
	peer := r.RemoteAddr
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		peer = ap.Addr().String()
	}
	if trustedProxies <= 0 {
		return peer
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		for _, e := range strings.Split(h, ",") {
			if e = strings.TrimSpace(e); e != "" {
				hops = append(hops, e)
			}
		}
	}
	if len(hops) == 0 {
		return peer
	}
	hop := hops[max(len(hops)-trustedProxies, 0)]
	if a, err := netip.ParseAddr(hop); err == nil {
		return a.Unmap().String()
	}
	return peer
}
