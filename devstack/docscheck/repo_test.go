package docscheck

import (
	"os"
	"path/filepath"
	"testing"
)

// repoRoot is the directory holding go.work, found upwards from the test's
// working directory (the package directory under `go test`).
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.work above the test's directory")
		}
		dir = parent
	}
}

// skipDirs are never searched for documents or sources: dependencies and
// build output (the folders the .gitignore files name).
var skipDirs = map[string]bool{"node_modules": true, ".git": true, "dist": true, "bin": true,
	".devstack": true, "test-results": true, ".nx": true, "out": true, "out-tsc": true,
	"test-output": true, "playwright-report": true}

// walkFiles calls fn with the path (relative to root, slash-separated) of
// every file under root/dir that keep accepts.
func walkFiles(t *testing.T, root, dir string, keep func(rel string) bool, fn func(rel string)) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if keep(rel) {
			fn(rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
