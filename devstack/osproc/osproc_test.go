package osproc

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestStopEndsAProcessThatHonoursTheSignal(t *testing.T) {
	var got error
	r, err := Start(exec.Command("sleep", "30"), func(err error) { got = err })
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r.Stop(syscall.SIGTERM, time.Minute)
	if time.Since(start) > 30*time.Second {
		t.Fatal("Stop waited for the grace period although the process ended on SIGTERM")
	}
	var exit *exec.ExitError
	if !errors.As(got, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM {
		t.Fatalf("ended got %v, want the process killed by SIGTERM", got)
	}
}

func TestStopKillsAProcessThatIgnoresTheSignalAfterGrace(t *testing.T) {
	cmd := exec.Command("sh", "-c", `trap "" TERM; echo ready; sleep 30`)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Start(cmd, nil)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 6)
	if _, err := out.Read(buf); err != nil { // the trap is set
		t.Fatal(err)
	}
	r.Stop(syscall.SIGTERM, 200*time.Millisecond)
	if ws := r.State().Sys().(syscall.WaitStatus); ws.Signal() != syscall.SIGKILL {
		t.Fatalf("process ended with %v, want SIGKILL after the grace period", r.State())
	}
}

func TestKillTakesTheWholeGroup(t *testing.T) {
	cmd := exec.Command("sh", "-c", `sleep 30 & echo $!; wait`)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Start(cmd, nil)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	child, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	r.Kill()
	select {
	case <-r.Exited():
	default:
		t.Fatal("Kill returned before the process had ended")
	}
	deadline := time.Now().Add(5 * time.Second)
	for alive(child) {
		if time.Now().After(deadline) {
			t.Fatalf("the group's other process %d survived Kill", child)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive reports whether pid runs: it exists and is not a zombie (dead,
// waiting for init to reap it).
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
