package migrationcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slotwise/slotwise/platform/postgres/migrationlint"
)

// root is the repository, where squawk runs so that it reports the paths
// the shipped list names.
const root = "../.."

// squawkBin is the pinned squawk (lint/squawk/README.md): SQUAWK from the
// Makefile, else bin/squawk. Missing is a failure, not a skip: the Makefile
// installs it before any target that runs this package.
func squawkBin(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("SQUAWK")
	if bin == "" {
		bin, _ = filepath.Abs(filepath.Join(root, "bin", "squawk"))
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("squawk at %s: %v (make lint installs it; lint/squawk/README.md)", bin, err)
	}
	var lock struct {
		Packages map[string]struct{ Version string } `json:"packages"`
	}
	body, err := os.ReadFile(filepath.Join(root, "lint/squawk/package-lock.json"))
	if err == nil {
		err = json.Unmarshal(body, &lock)
	}
	if err != nil {
		t.Fatal(err)
	}
	want := "squawk " + lock.Packages["node_modules/@squawk-cli/linux-x64"].Version
	if got := strings.TrimSpace(string(out)); got != want {
		t.Fatalf("%s is %q, the lock pins %q: delete it and run make lint", bin, got, want)
	}
	return bin
}

// squawk lints files (paths from the repository root) as the runner
// (platform/postgres/migrate.go) applies them: each in one transaction,
// unless it starts with the no-transaction marker. It returns each file's
// findings as "rule (line n): message".
func squawk(t *testing.T, files []string) map[string][]string {
	t.Helper()
	bin := squawkBin(t)
	var inTx, noTx []string
	for _, f := range files {
		body, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(strings.TrimSpace(string(body)), migrationlint.NoTransaction) {
			noTx = append(noTx, f)
		} else {
			inTx = append(inTx, f)
		}
	}
	out := map[string][]string{}
	for _, run := range []struct {
		files []string
		flags []string
	}{{inTx, []string{"--assume-in-transaction"}}, {noTx, nil}} {
		if len(run.files) == 0 {
			continue
		}
		args := append([]string{"-c", "lint/squawk/squawk.toml", "--reporter", "json"}, run.flags...)
		cmd := exec.Command(bin, append(args, run.files...)...)
		cmd.Dir = root
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
			t.Fatalf("squawk: %v: %s", err, stderr.String())
		}
		var findings []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Rule    string `json:"rule_name"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &findings); err != nil {
			t.Fatalf("squawk's report: %v: %s%s", err, stdout.String(), stderr.String())
		}
		for _, f := range findings {
			// squawk's JSON counts lines from 0
			out[f.File] = append(out[f.File], fmt.Sprintf("%s (line %d): %s", f.Rule, f.Line+1, f.Message))
		}
	}
	return out
}

// A copy of migration 009 (platform/postgres/migrationlint/testdata): squawk
// refuses its VALIDATE in the transaction that added the check NOT VALID
// (line 37) and its exclusion constraint on the live table (line 39).
func TestSquawkRefusesMigration009(t *testing.T) {
	const copy009 = "platform/postgres/migrationlint/testdata/009_staff.sql"
	got := squawk(t, []string{copy009})[copy009]
	want := []string{"constraint-missing-not-valid (line 37)", "constraint-missing-not-valid (line 39)"}
	if len(got) != len(want) {
		t.Fatalf("squawk on 009: %q, want %q", got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("squawk on 009: %q, want %q", got[i], want[i])
		}
	}
}
