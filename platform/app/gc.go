package app

import (
	"os"
	"runtime/debug"
)

// DefaultGCPercent is the collector's target when GOGC is not set. These
// programs keep a small live heap (tens of MB) and allocate per request, so
// at Go's default of 100 they collect many times a second, and every cycle
// also shrinks goroutine stacks that the next request grows again. At 400
// the bench's booking path used ≈ 8 % less CPU per booking (docs/bench) for
// a few tens of MB more heap.
const DefaultGCPercent = 400

// TuneGC applies DefaultGCPercent unless the operator set GOGC.
func TuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(DefaultGCPercent)
	}
}
