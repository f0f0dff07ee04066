package devstack

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Programs are Slotwise's Go programs, callees before callers: the order
// split mode starts them in. Each is built from <program>/cmd/<program>, the
// binary its container image runs.
var Programs = []string{"auth-svc", "catalog-svc", "booking-svc", "review-svc", "notification-svc", "gateway"}

// BuildPrograms builds every program into dir with the go command, in the
// workspace at root (RepoRoot).
func BuildPrograms(ctx context.Context, root, dir string) error {
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	for _, p := range Programs {
		args = append(args, "./"+p+"/cmd/"+p)
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build of the programs: %v\n%s", err, out)
	}
	return nil
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
