package devstack

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"time"
)

// Where the devstack's Mailpit answers: its web inbox, and SMTP for notification-svc.
const (
	MailpitURL  = "http://localhost:8025"
	MailpitSMTP = "127.0.0.1:1025"
)

// StartMailpit runs a Mailpit binary (in-memory inbox; SMTP on 1025 without
// authentication or TLS, web inbox on 8025) until ctx ends, and waits until
// it answers.
func StartMailpit(ctx context.Context, bin, logFile string) error {
	cmd := exec.CommandContext(ctx, bin, "--smtp", MailpitSMTP, "--listen", "127.0.0.1:8025")
	if f, err := os.Create(logFile); err == nil {
		cmd.Stdout, cmd.Stderr = f, f
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start mailpit (%s): %w", bin, err)
	}
	go cmd.Wait()
	for range 100 {
		if resp, err := http.Get("http://127.0.0.1:8025/api/v1/info"); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("mailpit did not answer on :8025 within 10s (log: %s)", logFile)
}
