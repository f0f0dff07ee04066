package devstack

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"time"
)

// Where the devstack's Jaeger answers: its query API, and OTLP/HTTP for the programs.
const (
	JaegerURL  = "http://localhost:16686"
	JaegerOTLP = "http://127.0.0.1:4318"
)

// StartJaeger runs a Jaeger v2 binary (in-memory storage; OTLP on 4317/4318,
// query API and UI on 16686) until ctx ends, and waits until it answers.
func StartJaeger(ctx context.Context, bin, logFile string) error {
	cmd := exec.CommandContext(ctx, bin)
	if f, err := os.Create(logFile); err == nil {
		cmd.Stdout, cmd.Stderr = f, f
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start jaeger (%s): %w", bin, err)
	}
	go cmd.Wait()
	for range 100 {
		if resp, err := http.Get("http://127.0.0.1:16686/api/services"); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("jaeger did not answer on :16686 within 10s (log: %s)", logFile)
}
