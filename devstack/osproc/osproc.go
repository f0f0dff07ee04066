// Package osproc watches one run of an OS process and ends it: the one way
// the devstack's split mode, the whole-devstack process of the restart test
// and soak drill (devstack/stackproc) and the bench's crash drill kill,
// stop and wait for the programs they start.
package osproc

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// Run is one run of a started process.
type Run struct {
	cmd    *exec.Cmd
	exited chan struct{}
}

// Start starts cmd and watches it until it ends. ended, when not nil, gets
// cmd.Wait's result once the process is gone and before Exited is closed,
// so whatever it records is visible to everyone who waited on Exited.
func Start(cmd *exec.Cmd, ended func(error)) (*Run, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r := &Run{cmd: cmd, exited: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		if ended != nil {
			ended(err)
		}
		close(r.exited)
	}()
	return r, nil
}

// Pid is the process's id.
func (r *Run) Pid() int { return r.cmd.Process.Pid }

// State is how the process ended (nil while it runs).
func (r *Run) State() *os.ProcessState { return r.cmd.ProcessState }

// Exited is closed once the process has ended.
func (r *Run) Exited() <-chan struct{} { return r.exited }

// Kill ends the process with SIGKILL, as a crash would — its whole process
// group when it was started as a group's leader (Setpgid), so the programs
// it started go too — and returns once it is gone.
func (r *Run) Kill() {
	if a := r.cmd.SysProcAttr; a != nil && a.Setpgid {
		syscall.Kill(-r.cmd.Process.Pid, syscall.SIGKILL)
	} else {
		r.cmd.Process.Kill()
	}
	<-r.exited
}

// Stop sends sig (SIGTERM as Kubernetes does, SIGINT as Ctrl-C does), kills
// the process if it has not ended within grace, and returns once it is gone.
func (r *Run) Stop(sig os.Signal, grace time.Duration) {
	select {
	case <-r.exited:
		return
	default:
	}
	r.cmd.Process.Signal(sig)
	select {
	case <-r.exited:
	case <-time.After(grace):
		r.Kill()
	}
}
