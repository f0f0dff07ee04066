package compat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stackproc"
)

// migrationsPath names every service's migrations for git.
const migrationsPath = ":(glob)*/internal/store/migrations/**"

// build holds the two devstacks the tests run, built once by TestMain.
var build struct {
	skip    string // why the tests skip (errNoHistory), or empty
	root    string // this repository
	prevRev string // the commit whose programs are the "old" release
	dir     string // both builds: the previous tree in prev/, this tree's devstack beside it
	prevBin string
	prevDir string
	newBin  string
}

// previousRev is the last commit whose migrations differ from this tree's:
// HEAD when the working tree changes a migration (a developer's uncommitted
// one), else the parent of the commit that last changed any. Both walk
// main's own line (--first-parent): a branch merged in is one release, so
// the old release is main before the merge, never a commit of the branch
// that lacks what main had meanwhile (a branch that merged main in has
// commits whose schema main never ran). It needs the history: a missing
// git is an error; a shallow clone is errNoHistory (scripts/test.sh
// fetches the history first when it can).
func previousRev(root string) (string, error) {
	run := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, stderr.String())
		}
		return strings.TrimSpace(string(out)), nil
	}
	if _, err := exec.LookPath("git"); err != nil {
		return "", fmt.Errorf("the migration compatibility test needs git and the repository's history: %v", err)
	}
	if shallow, err := run("rev-parse", "--is-shallow-repository"); err != nil {
		return "", fmt.Errorf("the migration compatibility test needs a git checkout: %v", err)
	} else if shallow != "false" {
		return "", errNoHistory
	}
	// A migration added, changed or removed in the working tree (untracked
	// files included): HEAD is the old release.
	if changed, err := run("status", "--porcelain", "--", migrationsPath); err != nil {
		return "", err
	} else if changed != "" {
		return run("rev-parse", "HEAD")
	}
	last, err := run("log", "-1", "--first-parent", "--format=%H", "HEAD", "--", migrationsPath)
	if err != nil {
		return "", err
	}
	if last == "" {
		return "", fmt.Errorf("no commit changed %s", migrationsPath)
	}
	return run("rev-parse", last+"^1")
}

// buildPrevious writes rev's tree into dir and builds its devstack there,
// with its own go.work (the module cache is shared, so most of it is cached).
func buildPrevious(ctx context.Context, root, rev, dir string) (string, error) {
	archive := exec.CommandContext(ctx, "sh", "-c", `git archive "$1" | tar -x -C "$2"`, "sh", rev, dir)
	archive.Dir = root
	if out, err := archive.CombinedOutput(); err != nil {
		return "", fmt.Errorf("git archive %s: %v\n%s", rev, err, out)
	}
	bin := filepath.Join(dir, "devstack-prev")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./devstack/cmd/devstack")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"), "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build the devstack of %s: %v\n%s", rev, err, out)
	}
	return bin, nil
}

// errNoHistory: the clone is shallow and its history could not be fetched
// (scripts/test.sh tries `git fetch --unshallow`), so there is no previous
// release to build. The tests then skip, saying so on every run: the one
// case where they do, because the previous release's code is truly absent.
var errNoHistory = errors.New("this clone is shallow, so the previous release's code is absent: run 'git fetch --unshallow' (make test tries)")

func TestMain(m *testing.M) {
	os.Exit(func() int {
		if err := buildBoth(); errors.Is(err, errNoHistory) {
			fmt.Fprintln(os.Stderr, "compat: SKIPPING the migration compatibility tests:", err)
			build.skip = err.Error()
			return m.Run()
		} else if err != nil {
			fmt.Fprintln(os.Stderr, "compat:", err)
			return 1
		}
		defer os.RemoveAll(build.dir)
		return m.Run()
	}())
}

func buildBoth() error {
	var err error
	if build.root, err = devstack.RepoRoot(); err != nil {
		return err
	}
	if build.prevRev, err = previousRev(build.root); err != nil {
		return err
	}
	if build.dir, err = os.MkdirTemp("", "slotwise-compat-"); err != nil {
		return err
	}
	prev := filepath.Join(build.dir, "prev")
	if err := os.Mkdir(prev, 0o755); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	start := time.Now()
	if build.prevBin, err = buildPrevious(ctx, build.root, build.prevRev, prev); err != nil {
		return err
	}
	build.prevDir = prev
	fmt.Fprintf(os.Stderr, "compat: built the devstack of %.12s (the previous schema) in %s\n", build.prevRev, time.Since(start).Round(time.Millisecond))
	start = time.Now()
	if build.newBin, err = stackproc.Build(ctx, build.dir, false); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "compat: built this tree's devstack in %s\n", time.Since(start).Round(time.Millisecond))
	return nil
}
