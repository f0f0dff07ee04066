package testkit

import (
	"encoding/json"
	"strings"
	"testing"
)

// LogLines decodes what a JSON logger (platform/logging) wrote, one map a
// line, failing the test on a line that is not JSON.
func LogLines(t testing.TB, logs string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(logs), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}
