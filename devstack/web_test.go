package devstack

import (
	"os"
	"regexp"
	"testing"

	"github.com/slotwise/slotwise/platform/httpsec"
)

// The chart's web image (nginx, frontend/nginx/) must send the headers this
// package's web server sends: one policy, two servers.
func TestNginxSendsTheSameSecurityHeaders(t *testing.T) {
	raw, err := os.ReadFile("../frontend/nginx/security-headers.conf")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^add_header (\S+) "([^"]*)" always;$`).FindAllStringSubmatch(string(raw), -1) {
		got[m[1]] = m[2]
	}
	want := map[string]string{"Content-Security-Policy": httpsec.WebPolicy("@API_ORIGIN@")}
	for k, v := range httpsec.Common {
		want[k] = v
	}
	if len(got) != len(want) {
		t.Errorf("nginx sends %d headers, want %d: %v", len(got), len(want), got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("nginx %s = %q, want %q", k, got[k], v)
		}
	}
}
