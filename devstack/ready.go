package devstack

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// WaitReady polls the gateway's /readyz until every backend serves.
func (s *Stack) WaitReady(ctx context.Context, timeout time.Duration) error {
	err := waitReadyz(ctx, s.APIURL+"/readyz", timeout, s.Done())
	if errors.Is(err, errStopped) {
		return fmt.Errorf("the stack stopped before it was ready: %w", s.Wait())
	}
	if errors.Is(err, errNotReady) {
		return fmt.Errorf("the API at %s was not ready within %s", s.APIURL, timeout)
	}
	return err
}

var (
	errStopped  = errors.New("stopped before it was ready")
	errNotReady = errors.New("not ready in time")
)

// waitReadyz polls url until it answers 200. It fails with errStopped once
// stopped is closed, errNotReady after timeout, or ctx's error.
func waitReadyz(ctx context.Context, url string, timeout time.Duration, stopped <-chan struct{}) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-stopped:
			return errStopped
		case <-ctx.Done():
			return ctx.Err()
		case <-deadline.C:
			return errNotReady
		case <-time.After(50 * time.Millisecond):
		}
	}
}
