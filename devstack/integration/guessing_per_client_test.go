package integration

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"sort"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// loginFrom posts a login to the gateway from the local address ip (any
// of 127.0.0.0/8 on Linux): the gateway sees another client.
func loginFrom(t *testing.T, st *stacktest.Stack, ip, email, password string) (int, string) {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	body, _ := json.Marshal(map[string]any{"email": email, "password": password, "role": "customer"})
	resp, err := c.Post(st.BaseURL+"/auth/login-with-role", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Message string }
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out.Message
}

// TestGuessingLocksOnlyTheGuessingClient (issue 50, findings 11 and 12):
// five wrong passwords from one client locked the account for everyone
// (doubling to an hour), and logins to unknown addresses cost a hash
// counted nowhere. Now the guessing client is locked out, the owner signs
// in from their own address, and an address no account has is counted and
// locked the same way, so the lock tells nothing about who has an account.
func TestGuessingLocksOnlyTheGuessingClient(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t, stacktest.Options{Now: time.Now()})
	owner := st.NewUser(t, "customer")
	nobody := stacktest.UniqueEmail("nobody")
	const guesser = "127.0.0.2"
	const locked = "Too many wrong passwords for this account. Please try again in 30 seconds."

	var took = map[string][]time.Duration{}
	for _, email := range []string{owner.Email, nobody} {
		for i := range 5 {
			start := time.Now()
			if code, msg := loginFrom(t, st, guesser, email, "guess-1"); code != http.StatusUnauthorized {
				t.Fatalf("guess %d at %s: %d %q, want 401", i+1, email, code, msg)
			}
			took[email] = append(took[email], time.Since(start))
		}
		if code, msg := loginFrom(t, st, guesser, email, owner.Password); code != http.StatusTooManyRequests || msg != locked {
			t.Fatalf("the guesser's sixth try at %s: %d %q, want 429 %q", email, code, msg, locked)
		}
	}
	// The owner, from their own address, is not locked out.
	st.Login(t, owner.Email, owner.Password, "customer")
	if code, _ := loginFrom(t, st, guesser, owner.Email, owner.Password); code != http.StatusTooManyRequests {
		t.Fatalf("the owner's login lifted the guesser's lock: %d", code)
	}
	t.Logf("wrong-password logins took (median) %v for an account, %v for an unknown address",
		median(took[owner.Email]), median(took[nobody]))
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
