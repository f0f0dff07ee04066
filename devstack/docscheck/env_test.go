package docscheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// What counts as reading a variable. Go programs read the environment in
// three ways, all found here by the syntax of the call (no type checking):
//
//   - os.Getenv("X") and os.LookupEnv("X");
//   - platform/config's Reader: r.Required("X"), r.String("X", def),
//     r.Int, r.Duration, r.Location, r.List — every service's Config and
//     the devstack's flags (a Reader method whose first argument is a
//     string literal in capitals; JSON readers such as r.String("user._id")
//     take lower-case paths and are not counted);
//   - the devstack's passedOn("X", "Y"), which hands its own values on to
//     split-mode programs.
//
// Every .go file of the repository counts, tests included (TEST_DATABASE_URL,
// JAEGER_BIN), except generated code and platform/config's own tests, whose
// names are made up. Outside Go, a variable counts as read when the web app's
// tools and e2e suite read process.env.X (import.meta.env.X in the app), or a Makefile or script under
// scripts/ expands it ($(X), ${X}, $X).
//
// docs/configuration.md lists a variable as a `NAME` (or `NAME=1`) in the
// first column of any of its tables. The test fails when Go reads a variable
// the document does not list, or the document lists one nothing reads.

var (
	envNameRE   = regexp.MustCompile(`^[A-Z][A-Z0-9_]*[A-Z0-9]$`)
	readerCalls = map[string]bool{"Getenv": true, "LookupEnv": true, "Required": true, "String": true, "Int": true,
		"Duration": true, "Location": true, "List": true}
	docNameRE     = regexp.MustCompile("`([A-Z][A-Z0-9_]*[A-Z0-9])(?:=[^`]*)?`")
	processEnvRE  = regexp.MustCompile(`(?:process\.env|import\.meta\.env\??)\.([A-Z][A-Z0-9_]*)`)
	shellExpandRE = regexp.MustCompile(`\$[({]?([A-Z][A-Z0-9_]*)`)
)

func TestConfigurationDocMatchesTheCode(t *testing.T) {
	root := repoRoot(t)
	goReads := goEnvReads(t, root)
	if len(goReads) < 30 {
		t.Fatalf("found only %d variables read by Go code: is the scan broken?", len(goReads))
	}
	otherReads := otherEnvReads(t, root)
	documented := documentedEnv(t, root)

	for _, name := range sortedKeys(goReads) {
		if !documented[name] {
			t.Errorf("%s is read by %s but not listed in docs/configuration.md", name, goReads[name])
		}
	}
	for _, name := range sortedKeys(documented) {
		if goReads[name] == "" && !otherReads[name] {
			t.Errorf("docs/configuration.md lists %s, which no Go code, web tool, Makefile or script reads", name)
		}
	}
}

// goEnvReads maps each variable Go code reads to one file that reads it.
func goEnvReads(t *testing.T, root string) map[string]string {
	reads := map[string]string{}
	fset := token.NewFileSet()
	walkFiles(t, root, ".", func(rel string) bool {
		return strings.HasSuffix(rel, ".go") && !strings.Contains(rel, "/gen/") &&
			!strings.HasPrefix(rel, "platform/config/") && !strings.HasPrefix(rel, "devstack/docscheck/")
	}, func(rel string) {
		f, err := parser.ParseFile(fset, root+"/"+rel, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			args := call.Args[:1]
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if !readerCalls[fn.Sel.Name] {
					return true
				}
			case *ast.Ident:
				if fn.Name != "passedOn" {
					return true
				}
				args = call.Args
			default:
				return true
			}
			for _, a := range args {
				if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if name, err := strconv.Unquote(lit.Value); err == nil && envNameRE.MatchString(name) && reads[name] == "" {
						reads[name] = rel
					}
				}
			}
			return true
		})
	})
	return reads
}

// otherEnvReads is every variable the web app's sources, the Makefiles and
// scripts/ read.
func otherEnvReads(t *testing.T, root string) map[string]bool {
	reads := map[string]bool{}
	scan := func(re *regexp.Regexp) func(string) {
		return func(rel string) {
			raw, err := os.ReadFile(root + "/" + rel)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range re.FindAllStringSubmatch(string(raw), -1) {
				reads[m[1]] = true
			}
		}
	}
	walkFiles(t, root, "frontend", func(rel string) bool {
		return regexp.MustCompile(`\.(ts|tsx|mts|mjs|js|cjs)$`).MatchString(rel)
	}, scan(processEnvRE))
	walkFiles(t, root, ".", func(rel string) bool {
		return strings.HasSuffix(rel, "Makefile") || strings.HasPrefix(rel, "scripts/")
	}, scan(shellExpandRE))
	return reads
}

// documentedEnv is every variable named in the first column of a table in
// docs/configuration.md.
func documentedEnv(t *testing.T, root string) map[string]bool {
	raw, err := os.ReadFile(root + "/docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, line := range strings.Split(string(raw), "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "|") || len(cells) < 3 {
			continue
		}
		for _, m := range docNameRE.FindAllStringSubmatch(cells[1], -1) {
			names[m[1]] = true
		}
	}
	if len(names) == 0 {
		t.Fatal("docs/configuration.md has no table of variables")
	}
	return names
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
