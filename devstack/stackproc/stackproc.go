// Package stackproc runs the devstack binary (`make up`) as an OS process,
// for tests and drills that must kill and restart it whole, broker included,
// or measure it from outside: the restart integration test and the bench's
// soak drill.
package stackproc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/slotwise/slotwise/devstack"
)

// Build compiles the devstack into dir and returns the binary's path.
func Build(ctx context.Context, dir string) (string, error) {
	root, err := RepoRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "devstack")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./devstack/cmd/devstack")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build devstack: %v\n%s", err, out)
	}
	return bin, nil
}

// RepoRoot finds the directory holding go.work, from the working directory up.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.work not found above the working directory")
		}
		dir = parent
	}
}

// Options describe one devstack process.
type Options struct {
	Bin string
	// Dir is its DEVSTACK_DIR: the broker's log, the signing key, endpoints.json.
	Dir string
	// Env is added to the process's environment (KEY=VALUE). The devstack
	// runs without Jaeger and without the web app; API_ADDR and
	// EMBEDDED_KAFKA_PORT default to free ports, so several can run at once.
	Env []string
	// Log receives the process's output (nil: discarded).
	Log io.Writer
}

// Process is a running devstack.
type Process struct {
	devstack.Endpoints
	opts   Options
	cmd    *exec.Cmd
	exited chan struct{}
}

// Start launches the devstack and waits until it is ready (its endpoints
// file appears), at most timeout.
func Start(ctx context.Context, o Options, timeout time.Duration) (*Process, error) {
	p := &Process{opts: o}
	return p, p.start(ctx, timeout)
}

func (p *Process) start(ctx context.Context, timeout time.Duration) error {
	if err := os.MkdirAll(p.opts.Dir, 0o700); err != nil {
		return err
	}
	os.Remove(devstack.EndpointsFile(p.opts.Dir)) // the last run's
	p.cmd = exec.Command(p.opts.Bin)
	p.cmd.Env = append(os.Environ(), "DEVSTACK_DIR="+p.opts.Dir, "API_ADDR=127.0.0.1:0", "EMBEDDED_KAFKA_PORT=0",
		"NO_JAEGER=1", "OTEL_EXPORTER_OTLP_ENDPOINT=", "WEB_DIR="+filepath.Join(p.opts.Dir, "no-web-app"), "KAFKA_BROKERS=")
	p.cmd.Env = append(p.cmd.Env, p.opts.Env...)
	p.cmd.Stdout, p.cmd.Stderr = p.opts.Log, p.opts.Log
	// Its own process group, so Kill reaches programs it started (split mode).
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		return err
	}
	p.exited = make(chan struct{})
	go func() { p.cmd.Wait(); close(p.exited) }()
	deadline := time.After(timeout)
	for {
		if e, err := devstack.ReadEndpoints(p.opts.Dir); err == nil {
			p.Endpoints = e
			return nil
		}
		select {
		case <-p.exited:
			return fmt.Errorf("the devstack exited before it was ready: %v", p.cmd.ProcessState)
		case <-ctx.Done():
			p.Kill()
			return ctx.Err()
		case <-deadline:
			p.Kill()
			return fmt.Errorf("the devstack was not ready within %s", timeout)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Restart starts the same devstack again (same directory, same env) and
// waits until it is ready; call it after Kill or Stop.
func (p *Process) Restart(ctx context.Context, timeout time.Duration) error {
	return p.start(ctx, timeout)
}

// Pid is the devstack's process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Kill sends SIGKILL to the devstack and everything it started, and waits
// until it is gone: nothing gets to save or flush anything.
func (p *Process) Kill() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-p.exited
}

// Stop asks the devstack to stop (SIGINT, as Ctrl-C does) and kills it
// if it has not stopped after 30 s.
func (p *Process) Stop() {
	if p.cmd == nil || p.cmd.Process == nil {
		return
	}
	select {
	case <-p.exited:
		return
	default:
	}
	p.cmd.Process.Signal(os.Interrupt)
	select {
	case <-p.exited:
	case <-time.After(30 * time.Second):
		p.Kill()
	}
}
