package devstack

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// DevTool is a development tool the devstack runs beside the programs
// (Jaeger). Some take minutes to build the first time; the API and the web
// app must not wait for them, so a missing binary is built in the
// background and the tool joins once it runs.
type DevTool struct {
	Name string // as printed: "Jaeger"
	Bin  string // its binary
	// Build is a shell command that builds Bin ("make bin/jaeger"); empty:
	// a missing binary is not built and the tool stays off.
	Build  string
	LogDir string // where the build log goes
	// Start runs the binary until ctx ends, returns once it answers, and
	// says where a person opens it.
	Start func(ctx context.Context, bin string) (url string, err error)
}

// Status is what Run did.
type Status int

const (
	// Off: no binary and nothing to build it with.
	Off Status = iota
	// Running: the tool answers at the returned URL.
	Running
	// Building: the binary is being built; joined is called once the tool runs.
	Building
)

// Run starts the tool when its binary exists and returns its URL.
// Otherwise, when it can be built, it starts the build in the background
// and returns at once with the build's log; once the build is done the tool
// is started and joined receives its URL (or the error that kept it from
// joining). Nothing outlives ctx: the build's whole process group is killed
// when ctx ends.
func (t DevTool) Run(ctx context.Context, joined func(url string, err error)) (status Status, url, buildLog string, err error) {
	if _, err := os.Stat(t.Bin); err == nil {
		url, err := t.Start(ctx, t.Bin)
		if err != nil {
			return Off, "", "", err
		}
		return Running, url, "", nil
	}
	if t.Build == "" {
		return Off, "", "", nil
	}
	logPath := filepath.Join(t.LogDir, strings.ToLower(t.Name)+"-build.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return Off, "", "", err
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", t.Build)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// go build starts compilers of its own: kill the whole group on Ctrl-C.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return Off, "", "", fmt.Errorf("build %s (%s): %w", t.Name, t.Build, err)
	}
	go func() {
		err := cmd.Wait()
		logFile.Close()
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			if _, statErr := os.Stat(t.Bin); statErr != nil {
				err = errors.New("the build finished without producing " + t.Bin)
			}
		}
		if err != nil {
			joined("", fmt.Errorf("building %s failed (%v): see %s", t.Name, err, logPath))
			return
		}
		url, err := t.Start(ctx, t.Bin)
		if ctx.Err() == nil {
			joined(url, err)
		}
	}()
	return Building, "", logPath, nil
}

// startTool starts a dev tool's command, its output into logFile, and waits
// up to 10 s until ready (an HTTP URL) answers.
func startTool(name string, cmd *exec.Cmd, ready, logFile string) error {
	if f, err := os.Create(logFile); err == nil {
		cmd.Stdout, cmd.Stderr = f, f
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s (%s): %w", name, cmd.Path, err)
	}
	go cmd.Wait()
	for range 100 {
		if resp, err := http.Get(ready); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer at %s within 10s (log: %s)", name, ready, logFile)
}
