package bench

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack"
)

// The alert drill's copy of the rules changes durations only: every range
// and `for:` scaled, every group's interval the drill's; every expression,
// threshold and name is the chart's.
func TestDrillRulesScaleOnlyDurations(t *testing.T) {
	root, err := devstack.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, devstack.RulesFile))
	if err != nil {
		t.Fatal(err)
	}
	out, err := DrillRules(src, 1.0/30, 5*time.Second, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		"[120s]",       // [1h]
		"[10s]",        // [5m]
		"[5s]",         // [2m] is 4s, under the 5s floor
		"[8640s]",      // [3d]
		"for: 4s",      // for: 2m
		"for: 360s",    // for: 3h
		"for: 0s",      // for: 0m
		"interval: 1s", // every group
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the drill's rules have no %q", want)
		}
	}
	for _, gone := range []string{"[1h]", "[5m]", "[3d]", "for: 2m", "interval: 30s"} {
		if strings.Contains(got, gone) {
			t.Errorf("the drill's rules still have %q", gone)
		}
	}
	// With every duration blanked, the two files are the same.
	dur := regexp.MustCompile(`\[\d+[smhdw]\]|(?m)^(\s+(?:for|interval):\s*)\d+[smhdw]\s*$`)
	blank := func(s string) string { return dur.ReplaceAllString(s, "${1}D") }
	body := got[strings.Index(got, "\n# Slotwise")+1:]
	if blank(body) != blank(string(src)) {
		t.Error("the drill's rules differ from the chart's in more than durations")
	}
	if strings.Count(got, "interval: 1s") != strings.Count(string(src), "interval:") {
		t.Error("not every group's interval was set")
	}
	if _, err := DrillRules([]byte("groups: []\n"), 1.0/30, 5*time.Second, time.Second); err == nil {
		t.Error("a file with no group interval and no `for:` was taken for the rules")
	}
}
