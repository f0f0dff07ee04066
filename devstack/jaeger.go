package devstack

import (
	"context"
	"os/exec"
)

// Where the devstack's Jaeger answers: its query API, and OTLP/HTTP for the programs.
const (
	JaegerURL  = "http://localhost:16686"
	JaegerOTLP = "http://127.0.0.1:4318"
)

// StartJaeger runs a Jaeger v2 binary (in-memory storage; OTLP on 4317/4318,
// query API and UI on 16686) until ctx ends, and waits until it answers.
func StartJaeger(ctx context.Context, bin, logFile string) error {
	return startTool("jaeger", exec.CommandContext(ctx, bin), "http://127.0.0.1:16686/api/services", logFile)
}
