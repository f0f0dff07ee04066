package docscheck

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The rule. A document names a repository path in two ways, and each must
// exist in the working tree:
//
//   - a Markdown link or image whose target is not a URL or a bare #anchor:
//     resolved from the document's folder;
//   - a path in the text (prose, `code spans`, fenced blocks, proto
//     comments): a run of name characters with at least one "/" whose first
//     segment is an entry at the repository's root (api/, docs/, Makefile…),
//     not preceded by a name character or "/" (so "/api/auth/login", a
//     route, and "github.com/…", an import path, are not paths). Trailing
//     "." and "/" are dropped.
//
// A "#anchor" after a Markdown file must be one of its headings (GitHub's
// slug: lower case, punctuation dropped, spaces to "-"). A glob
// ("docs/screenshots/trace-*.png") must match a file. A Go qualified name
// ("platform/kit.NewHandler") names a package folder, which must exist, and
// a name some Go file in it declares. A name with a placeholder
// ("<program>/cmd/<program>") is cut at the placeholder, so what comes
// before it must exist. Build output (bin/, .devstack/, frontend/dist/, test
// results) is not in a fresh clone and is not checked. A bare file name
// ("rules.go") is not checked: it names a file of the package the sentence
// is about. Names that only look like paths are listed in notPaths.
//
// The documents are every Markdown file of the repository (docs/, the root
// README.md and CONTRIBUTING.md, each module's README) and the protos'
// comments in api/proto. In code (Go, TypeScript, SQL, YAML, shell,
// Makefiles) only names under docs/ are checked: comments cite the docs for
// why, and those citations must survive the docs being reorganised.

var (
	linkRE = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)
	pathRE = regexp.MustCompile(`(^|[^A-Za-z0-9_./@-])((?:\./)?[A-Za-z0-9_.@*-]+(?:/[A-Za-z0-9_.@*-]+)+(?:#[a-z0-9-]+)?)`)
	// goNameRE is a last segment "pkg.Name": a Go package and one of its names.
	goNameRE = regexp.MustCompile(`^([a-z0-9_-]+)\.([A-Z][A-Za-z0-9_]*)$`)
)

// notPaths are names in the docs that look like paths and are not: the
// inbox consumer names of platform/inbox ("<service>/<consumer>"), as the
// services record them.
var notPaths = map[string]bool{"booking-svc/has-reviewed": true, "catalog-svc/review-ratings": true,
	"notification-svc/appointments": true, "notification-svc/reviews": true}

// buildOutput lists prefixes of paths that exist only after a build or a run.
var buildOutput = []string{"bin/", ".devstack/", "frontend/dist/", "frontend/apps/web-e2e/test-results/",
	"bench/out/", "frontend/node_modules/"}

func TestDocumentedPathsExist(t *testing.T) {
	root := repoRoot(t)
	top := map[string]bool{}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		top[e.Name()] = true
	}
	codeRE := regexp.MustCompile(`(\.(go|ts|tsx|mts|mjs|js|sql|yaml|yml|sh)|Makefile)$`)
	walkFiles(t, root, ".", func(rel string) bool {
		return codeRE.MatchString(rel) && !strings.HasPrefix(rel, "devstack/docscheck/") && !strings.Contains(rel, "/gen/")
	}, func(rel string) {
		raw, err := os.ReadFile(root + "/" + rel)
		if err != nil {
			t.Fatal(err)
		}
		for _, missing := range missingPaths(root, rel, string(raw), map[string]bool{"docs": true}, false) {
			t.Errorf("%s names %s", rel, missing)
		}
	})
	docs := 0
	walkFiles(t, root, ".", func(rel string) bool {
		return strings.HasSuffix(rel, ".md") || (strings.HasPrefix(rel, "api/proto/") && strings.HasSuffix(rel, ".proto"))
	}, func(rel string) {
		docs++
		raw, err := os.ReadFile(root + "/" + rel)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if strings.HasSuffix(rel, ".proto") {
			text = protoComments(text)
		}
		for _, missing := range missingPaths(root, rel, text, top, true) {
			t.Errorf("%s names %s", rel, missing)
		}
	})
	if docs < 20 {
		t.Fatalf("found only %d documents under %s: is the walk broken?", docs, root)
	}
}

// missingPaths returns every path doc (relative to root) names that is not
// in the tree, or whose #anchor is not a heading of the Markdown file. Only
// paths whose first segment is in top count; links only when links is set
// (Markdown).
func missingPaths(root, doc, text string, top map[string]bool, links bool) []string {
	var missing []string
	seen := map[string]bool{}
	check := func(p, anchor string) {
		if seen[p+"#"+anchor] || notPaths[p] {
			return
		}
		seen[p+"#"+anchor] = true
		for _, out := range buildOutput {
			if strings.HasPrefix(p+"/", out) {
				return
			}
		}
		if problem := pathProblem(root, p, anchor); problem != "" {
			missing = append(missing, problem)
		}
	}
	for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
		target := m[1]
		if !links {
			break
		}
		if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
			continue
		}
		target, anchor, _ := strings.Cut(target, "#")
		check(path.Join(path.Dir(doc), target), anchor)
	}
	for _, m := range pathRE.FindAllStringSubmatch(text, -1) {
		p, anchor, _ := strings.Cut(strings.TrimPrefix(m[2], "./"), "#")
		p = strings.TrimRight(p, "./")
		first, _, _ := strings.Cut(p, "/")
		if !top[first] || !strings.Contains(p, "/") {
			continue
		}
		check(p, anchor)
	}
	return missing
}

// pathProblem says what is wrong with a named path p (and #anchor), or "".
func pathProblem(root, p, anchor string) string {
	full := filepath.Join(root, filepath.FromSlash(p))
	if strings.Contains(p, "*") {
		if matches, _ := filepath.Glob(full); len(matches) == 0 {
			return p + " (no file matches)"
		}
		return ""
	}
	dir, last := path.Split(p)
	if m := goNameRE.FindStringSubmatch(last); m != nil {
		if _, err := os.Stat(full); err != nil {
			if !declares(filepath.Join(root, filepath.FromSlash(dir+m[1])), m[2]) {
				return p + " (no such package, or it does not declare " + m[2] + ")"
			}
			return ""
		}
	}
	if _, err := os.Stat(full); err != nil {
		return p + " (no such file or folder)"
	}
	if anchor != "" && strings.HasSuffix(p, ".md") && !headingSlugs(full)[anchor] {
		return p + "#" + anchor + " (no such heading)"
	}
	return ""
}

// declares reports whether a Go file of package folder dir declares name
// (a func, method, type, var or const, alone or in a group).
func declares(dir, name string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	decl := regexp.MustCompile(`(?m)^(?:func(?: \([^)]*\))?|type|var|const)? ?\s*` + name + `\b[ \[(=]`)
	for _, f := range files {
		if raw, err := os.ReadFile(f); err == nil && decl.Match(raw) {
			return true
		}
	}
	return false
}

// headingSlugs returns the anchors GitHub gives the headings of a Markdown file.
func headingSlugs(file string) map[string]bool {
	raw, _ := os.ReadFile(file)
	slugs := map[string]bool{}
	drop := regexp.MustCompile(`[^\p{L}\p{N} _-]`)
	for _, line := range strings.Split(string(raw), "\n") {
		if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
			slug := drop.ReplaceAllString(strings.ToLower(strings.TrimSpace(h)), "")
			slugs[strings.ReplaceAll(slug, " ", "-")] = true
		}
	}
	return slugs
}

// protoComments keeps the text of a proto file's // comments.
func protoComments(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		if _, c, ok := strings.Cut(line, "//"); ok {
			b.WriteString(c)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
