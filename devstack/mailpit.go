package devstack

import (
	"context"
	"os/exec"
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
	return startTool("mailpit", cmd, "http://127.0.0.1:8025/api/v1/info", logFile)
}
