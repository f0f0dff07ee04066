package docscheck

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

// Every make command a document shows in a code span or a fenced block
// (`make up`, `make -C frontend screenshots SPECS=a.spec.ts`) must name
// targets the Makefile it runs has. Prose ("make sense") is not a command;
// VAR=value arguments are not targets. A bare `make` target must be in the
// Makefile of the document's folder (frontend/README.md) or the root's;
// `make -C dir` targets in dir's (from the root).
func TestDocumentedMakeTargetsExist(t *testing.T) {
	root := repoRoot(t)
	cmdRE := regexp.MustCompile("(?m)(?:`|^\\s*(?:\\$ )?)make((?: +[^`#\\n;&|]+)*)")
	walkFiles(t, root, ".", func(rel string) bool { return strings.HasSuffix(rel, ".md") }, func(rel string) {
		raw, err := os.ReadFile(root + "/" + rel)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cmdRE.FindAllStringSubmatch(string(raw), -1) {
			dir, targets := "", []string{}
			args := strings.Fields(m[1])
			for i := 0; i < len(args); i++ {
				switch a := args[i]; {
				case a == "-C" && i+1 < len(args):
					dir = args[i+1]
					i++
				case strings.HasPrefix(a, "-") || strings.Contains(a, "="):
				case regexp.MustCompile(`^[a-z][a-z0-9-]*$`).MatchString(a):
					targets = append(targets, a)
				default:
					i = len(args) // the command ends at anything else (a path, a quote)
				}
			}
			makefiles := []string{dir}
			if dir == "" {
				makefiles = []string{"."}
				if path.Dir(rel) != "." {
					makefiles = append(makefiles, path.Dir(rel))
				}
			}
			for _, target := range targets {
				found := false
				for _, d := range makefiles {
					found = found || hasTarget(root+"/"+d+"/Makefile", target)
				}
				if !found {
					t.Errorf("%s runs `make%s`: no target %q in %s", rel, m[1], target, strings.Join(makefiles, "/Makefile or ")+"/Makefile")
				}
			}
		}
	})
}

// hasTarget reports whether makefile defines target (a rule "target:" or a
// line "a b target: …").
func hasTarget(makefile, target string) bool {
	raw, err := os.ReadFile(makefile)
	if err != nil {
		return false
	}
	return regexp.MustCompile(`(?m)^(?:[A-Za-z0-9_$(). -]+ )?` + regexp.QuoteMeta(target) + `(?: [^:=\n]*)?:(?:[^=]|$)`).Match(raw)
}
