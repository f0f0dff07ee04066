package devstack

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/slotwise/slotwise/devstack/osproc"
)

// Process is one program of a split stack, running as its own OS process.
type Process struct {
	Program string // "booking-svc"
	Name    string // "booking-svc-2"
	IP      netip.Addr
	// GRPCAddr is where it serves gRPC (empty for the gateway).
	GRPCAddr string
	// AdminURL serves /healthz, /readyz and /metrics.
	AdminURL string
	// LogPath holds everything the process wrote (across restarts).
	LogPath string

	bin   string
	env   []string
	split *Split

	mu       sync.Mutex
	run      *osproc.Run
	expected bool // the exit was asked for (Kill, Stop)
}

// MetricsURL is the process's Prometheus endpoint.
func (p *Process) MetricsURL() string { return p.AdminURL + "/metrics" }

// Pid is the process id of the current run (0 before the first start).
func (p *Process) Pid() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.run == nil {
		return 0
	}
	return p.run.Pid()
}

// Exited is closed when the current run has ended.
func (p *Process) Exited() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.run == nil {
		return nil
	}
	return p.run.Exited()
}

// Alive reports whether the current run is still going.
func (p *Process) Alive() bool {
	select {
	case <-p.Exited():
		return false
	default:
		return true
	}
}

// Kill ends the process with SIGKILL, as a crash would, and returns once it
// is gone (and out of the name server).
func (p *Process) Kill() {
	if run := p.ending(); run != nil {
		run.Kill()
	}
}

// Stop ends the process with SIGTERM, as Kubernetes does, and kills it if
// it has not finished within 15 s.
func (p *Process) Stop() {
	if run := p.ending(); run != nil {
		run.Stop(syscall.SIGTERM, 15*time.Second)
	}
}

// ending marks the current run's end as asked for, so it is not reported
// as a death, and returns the run (nil before the first start).
func (p *Process) ending() *osproc.Run {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.expected = true
	return p.run
}

// Restart starts the process again at the same address once its current
// run has ended, and returns when it is ready (and resolvable again).
func (p *Process) Restart(ctx context.Context) error {
	select {
	case <-p.Exited():
	default:
		return fmt.Errorf("%s is still running: Kill or Stop it first", p.Name)
	}
	return p.split.run(ctx, p)
}

// start launches one run of the binary. Its output goes to LogPath, and to
// the stack's echo writer prefixed with the name.
func (p *Process) start(echo io.Writer) error {
	logFile, err := os.OpenFile(p.LogPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	r, w, err := os.Pipe()
	if err != nil {
		logFile.Close()
		return err
	}
	cmd := exec.Command(p.bin)
	cmd.Env = p.env
	cmd.Stdout, cmd.Stderr = w, w
	// A devstack that dies without stopping its children takes them along.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	copied := make(chan struct{})
	// Held until the run is recorded, so ended never sees the previous run.
	p.mu.Lock()
	defer p.mu.Unlock()
	run, err := osproc.Start(cmd, func(err error) {
		<-copied
		p.mu.Lock()
		expected := p.expected
		p.mu.Unlock()
		p.split.ended(p, expected, err)
	})
	w.Close()
	if err != nil {
		r.Close()
		logFile.Close()
		return fmt.Errorf("start %s (%s): %w", p.Name, p.bin, err)
	}
	p.run, p.expected = run, false
	go func() {
		defer close(copied)
		defer logFile.Close()
		prefix := fmt.Sprintf("%-14s| ", p.Name)
		lines := bufio.NewScanner(r)
		lines.Buffer(make([]byte, 64<<10), 1<<20)
		for lines.Scan() {
			logFile.Write(append(lines.Bytes(), '\n'))
			if echo != nil {
				fmt.Fprintf(echo, "%s%s\n", prefix, lines.Bytes())
			}
		}
		r.Close()
	}()
	return nil
}

// waitReady polls the process's /readyz until it answers 200.
func (p *Process) waitReady(ctx context.Context, timeout time.Duration) error {
	switch err := waitReadyz(ctx, p.AdminURL+"/readyz", timeout, p.Exited()); {
	case errors.Is(err, errStopped):
		return fmt.Errorf("%s exited before it was ready; its log ends:\n%s", p.Name, p.LogTail(15))
	case errors.Is(err, errNotReady):
		return fmt.Errorf("%s was not ready within %s; its log ends:\n%s", p.Name, timeout, p.LogTail(15))
	default:
		return err
	}
}

// LogTail returns the last n lines the process wrote.
func (p *Process) LogTail(n int) string {
	raw, err := os.ReadFile(p.LogPath)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(raw), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
