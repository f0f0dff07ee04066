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
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/osproc"
)

// Build compiles the devstack into dir and returns the binary's path; with
// split it also builds every program there (split mode runs them from
// PROGRAMS_DIR).
func Build(ctx context.Context, dir string, split bool) (string, error) {
	root, err := devstack.RepoRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "devstack")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./devstack/cmd/devstack")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build devstack: %v\n%s", err, out)
	}
	if split {
		if err := devstack.BuildPrograms(ctx, root, dir); err != nil {
			return "", err
		}
	}
	return bin, nil
}

// Options describe one devstack process.
type Options struct {
	Bin string
	// Dir is its DEVSTACK_DIR: the broker's log, the signing key, endpoints.json.
	Dir string
	// Env is added to the process's environment (KEY=VALUE). The devstack
	// runs from the repository's root, without Jaeger, Mailpit, Prometheus
	// (NO_PROMETHEUS=0 with PROMETHEUS_BIN brings it) and the web app;
	// API_ADDR and EMBEDDED_KAFKA_PORT default to free ports, so several
	// can run at once. SPLIT=1 with PROGRAMS_DIR (where Build put
	// the programs) runs each program as a process of its own.
	Env []string
	// Log receives the process's output (nil: discarded).
	Log io.Writer
	// Root is the source tree it runs from (empty: this repository); the
	// migration compatibility test (devstack/compat) runs an older
	// commit's devstack from that commit's tree.
	Root string
}

// Process is a running devstack.
type Process struct {
	devstack.Endpoints
	opts Options
	run  *osproc.Run
}

// errPortTaken: the API's port, free when chosen, was taken before the
// devstack listened on it.
var errPortTaken = errors.New("the API's port was taken")

// Start launches the devstack and waits until it is ready (its endpoints
// file appears), at most timeout.
func Start(ctx context.Context, o Options, timeout time.Duration) (*Process, error) {
	// A free port chosen here rather than :0, which split mode's gateway
	// (a process of its own) would not report back; restarts keep it. Other
	// tests bind ports meanwhile, so one may take it before the devstack
	// listens: then it starts again on another (three tries).
	for try := 1; ; try++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		api := l.Addr().String()
		l.Close()
		opts := o
		opts.Env = append([]string{"API_ADDR=" + api}, o.Env...)
		p := &Process{opts: opts}
		if err := p.start(ctx, timeout); err == nil || !errors.Is(err, errPortTaken) || try == 3 {
			return p, err
		}
	}
}

func (p *Process) start(ctx context.Context, timeout time.Duration) error {
	if err := os.MkdirAll(p.opts.Dir, 0o700); err != nil {
		return err
	}
	os.Remove(devstack.EndpointsFile(p.opts.Dir)) // the last run's
	root := p.opts.Root
	if root == "" {
		var err error
		if root, err = devstack.RepoRoot(); err != nil {
			return err
		}
	}
	cmd := exec.Command(p.opts.Bin)
	cmd.Dir = root // as `make up`: split mode reads the chart's values from there
	cmd.Env = append(os.Environ(), "DEVSTACK_DIR="+p.opts.Dir, "EMBEDDED_KAFKA_PORT=0",
		"NO_JAEGER=1", "OTEL_EXPORTER_OTLP_ENDPOINT=", "NO_MAILPIT=1", "SMTP_ADDR=", "NO_PROMETHEUS=1", "WEB_DIR="+filepath.Join(p.opts.Dir, "no-web-app"), "KAFKA_BROKERS=")
	cmd.Env = append(cmd.Env, p.opts.Env...)
	// Its last output is kept to say why it stopped, if it stops before it is ready.
	last := &tail{}
	out := io.Writer(last)
	if p.opts.Log != nil {
		out = io.MultiWriter(p.opts.Log, last)
	}
	cmd.Stdout, cmd.Stderr = out, out
	// Its own process group, so Kill reaches programs it started (split mode).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var err error
	if p.run, err = osproc.Start(cmd, nil); err != nil {
		return err
	}
	deadline := time.After(timeout)
	for {
		if e, err := devstack.ReadEndpoints(p.opts.Dir); err == nil {
			p.Endpoints = e
			return nil
		}
		select {
		case <-p.run.Exited():
			err := fmt.Errorf("the devstack exited before it was ready: %v; its last output:\n%s", p.run.State(), last)
			if strings.Contains(last.String(), "address already in use") {
				err = fmt.Errorf("%w: %w", errPortTaken, err)
			}
			return err
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
func (p *Process) Pid() int { return p.run.Pid() }

// Kill sends SIGKILL to the devstack and everything it started, and waits
// until it is gone: nothing gets to save or flush anything.
func (p *Process) Kill() {
	if p.run != nil {
		p.run.Kill()
	}
}

// Stop asks the devstack to stop (SIGINT, as Ctrl-C does) and kills it
// if it has not stopped after 30 s.
func (p *Process) Stop() {
	if p.run != nil {
		p.run.Stop(os.Interrupt, 30*time.Second)
	}
}

// tail keeps the last 4 KiB written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - 4096; over > 0 {
		t.buf = t.buf[over:]
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
