package stackproc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// stoppingDevstack writes a stand-in for the devstack binary that counts its
// starts, prints say to stderr and exits 1, as the devstack does when it
// cannot start.
func stoppingDevstack(t *testing.T, say string) (bin, starts string) {
	t.Helper()
	dir := t.TempDir()
	bin, starts = filepath.Join(dir, "devstack"), filepath.Join(dir, "starts")
	script := "#!/bin/sh\necho start >> " + starts + "\necho \"" + say + "\" >&2\nexit 1\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, starts
}

func countStarts(t *testing.T, starts string) int {
	t.Helper()
	b, err := os.ReadFile(starts)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "start")
}

// The API's port is chosen free, then closed: another test may bind it
// before the devstack does. Start then tries again on another port.
func TestStartTriesAnotherPortWhenItsPortWasTaken(t *testing.T) {
	bin, starts := stoppingDevstack(t, "devstack: gateway cannot listen on $API_ADDR: listen tcp $API_ADDR: bind: address already in use")
	_, err := Start(context.Background(), Options{Bin: bin, Dir: filepath.Join(t.TempDir(), "state")}, 10*time.Second)
	if !errors.Is(err, errPortTaken) {
		t.Fatalf("err = %v, want the port taken", err)
	}
	if n := countStarts(t, starts); n != 3 {
		t.Fatalf("started %d times, want 3 (a new port each time)", n)
	}
}

// Any other early exit is reported once, with what the devstack said.
func TestStartSaysWhyTheDevstackStopped(t *testing.T) {
	bin, starts := stoppingDevstack(t, "devstack: migrate auth: connection refused")
	_, err := Start(context.Background(), Options{Bin: bin, Dir: filepath.Join(t.TempDir(), "state")}, 10*time.Second)
	if err == nil || errors.Is(err, errPortTaken) || !strings.Contains(err.Error(), "migrate auth: connection refused") {
		t.Fatalf("err = %v, want the devstack's own words", err)
	}
	if n := countStarts(t, starts); n != 1 {
		t.Fatalf("started %d times, want 1", n)
	}
}
