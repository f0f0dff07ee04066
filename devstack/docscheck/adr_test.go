package docscheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every decision record in docs/adr is numbered in sequence, has a status
// and the three sections, stays about a page long, and is listed in
// docs/adr/README.md; a superseded one names its successor (whose link the
// path test checks).
func TestDecisionRecords(t *testing.T) {
	root := repoRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "docs", "adr", "[0-9][0-9][0-9][0-9]-*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no decision records in docs/adr (%v)", err)
	}
	index, err := os.ReadFile(filepath.Join(root, "docs", "adr", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	status := regexp.MustCompile(`(?m)^\*\*Status:\*\* (Accepted|Superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))`)
	for i, f := range files {
		name := filepath.Base(f)
		if want := fmt.Sprintf("%04d-", i+1); !strings.HasPrefix(name, want) {
			t.Errorf("%s: expected number %s (records are numbered in sequence, none skipped)", name, want[:4])
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if !strings.HasPrefix(text, "# "+name[:4]+". ") {
			t.Errorf("%s: the title must start with %q", name, "# "+name[:4]+". ")
		}
		if !status.MatchString(text) {
			t.Errorf("%s: no **Status:** line (Accepted…, or Superseded by [NNNN](NNNN-title.md))", name)
		}
		last := -1
		for _, h := range []string{"## Context", "## Decision", "## Consequences"} {
			at := strings.Index(text, "\n"+h+"\n")
			if at < last {
				t.Errorf("%s: missing %q, or out of order", name, h)
			}
			last = at
		}
		if lines := strings.Count(text, "\n"); lines > 60 {
			t.Errorf("%s: %d lines; a record is at most about a page (60 lines): split it", name, lines)
		}
		if !strings.Contains(string(index), "("+name+")") {
			t.Errorf("%s is not listed in docs/adr/README.md", name)
		}
	}
}
