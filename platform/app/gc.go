package app

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// DefaultGCPercent is the collector's target when GOGC is not set. These
// programs keep a small live heap (tens of MB) and allocate per request, so
// at Go's default of 100 they collect many times a second, and every cycle
// also shrinks goroutine stacks that the next request grows again. At 400
// the bench's booking path used ≈ 8 % less CPU per booking (docs/bench) for
// a few tens of MB more heap.
const DefaultGCPercent = 400

// cgroupMemoryFiles hold a container's memory limit (cgroup v2, then v1).
var cgroupMemoryFiles = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}

// TuneGC applies DefaultGCPercent unless the operator set GOGC. So that the
// larger heap target never takes a container past its memory limit, it also
// sets a soft memory limit of 90 % of the cgroup's, unless GOMEMLIMIT is
// set: near that limit the collector runs as often as it has to.
func TuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(DefaultGCPercent)
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	for _, path := range cgroupMemoryFiles {
		if raw, err := os.ReadFile(path); err == nil {
			if limit, ok := parseMemoryLimit(string(raw)); ok {
				debug.SetMemoryLimit(limit / 10 * 9)
			}
			return
		}
	}
}

// parseMemoryLimit reads a cgroup memory limit in bytes; false for none
// ("max" in v2, a number near 2^63 in v1) or anything unreadable.
func parseMemoryLimit(s string) (int64, bool) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || v <= 0 || v >= 1<<62 {
		return 0, false
	}
	return v, true
}
