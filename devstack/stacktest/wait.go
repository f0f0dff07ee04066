package stacktest

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// pollEvery is how often Poll asks again.
const pollEvery = 50 * time.Millisecond

// Poll asks cond every 50 ms until it holds (true), or until timeout has
// passed or ctx has ended (false). It is the one way the integration tests
// and the bench wait for the system to get somewhere: Eventually and
// WaitReady are built on it.
func Poll(ctx context.Context, timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		select {
		case <-ctx.Done():
		case <-time.After(pollEvery):
		}
	}
}

// Eventually fails the test unless cond holds within timeout; what says
// what was awaited.
func Eventually(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	if !Poll(t.Context(), timeout, cond) {
		t.Fatalf("not within %v: %s", timeout, what)
	}
}

// WaitReady waits until the API at base answers 200 on /readyz: every
// backend serves.
func WaitReady(ctx context.Context, base string, timeout time.Duration) error {
	ready := Poll(ctx, timeout, func() bool {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/readyz", nil)
		if err != nil {
			return false
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	if !ready {
		return fmt.Errorf("%s/readyz did not answer 200 within %v", base, timeout)
	}
	return nil
}
