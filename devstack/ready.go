package devstack

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// WaitReady polls the gateway's /readyz until every backend serves.
func (s *Stack) WaitReady(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.APIURL+"/readyz", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-s.Done():
			return fmt.Errorf("the stack stopped before it was ready: %w", s.Wait())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the API at %s was not ready within %s", s.APIURL, timeout)
		}
	}
}
