package bench

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"time"
)

// The alert drill cannot wait hours for a 1 h window to fill or a 2 m `for`
// to pass, and the rules must stay the ones the chart ships (one source of
// truth: helm/slotwise/files/prometheus/rules.yml). So the drill evaluates a
// copy of that file with time compressed: DrillRules rewrites only
// durations — every range selector ([5m], [1h], …) and every `for:` scaled
// by one factor, every group's `interval:` set to the drill's — and leaves
// every expression, threshold, label and name as they are. Scaling every
// window by the same factor keeps each burn-rate pair's ratio (1 h : 5 m),
// so an alert fires on the same shape of failure, only sooner.

var (
	rangeRE    = regexp.MustCompile(`\[(\d+)([smhdw])\]`)
	forRE      = regexp.MustCompile(`(?m)^(\s+for:\s*)(\d+)([smhdw])\s*$`)
	intervalRE = regexp.MustCompile(`(?m)^(\s+interval:\s*)(\d+)([smhdw])\s*$`)
	unitOf     = map[string]time.Duration{"s": time.Second, "m": time.Minute, "h": time.Hour, "d": 24 * time.Hour, "w": 7 * 24 * time.Hour}
)

// DrillRules returns rules with every range selector and `for:` multiplied
// by factor (rounded to whole seconds; a range never shorter than minRange,
// so a rate() still spans a few scrapes) and every group's interval set to
// eval.
func DrillRules(rules []byte, factor float64, minRange, eval time.Duration) ([]byte, error) {
	if factor <= 0 || factor > 1 {
		return nil, fmt.Errorf("drill rules: factor %v, want (0, 1]", factor)
	}
	scale := func(n, unit string, floor time.Duration) string {
		v, _ := strconv.Atoi(n)
		d := time.Duration(math.Round(float64(time.Duration(v)*unitOf[unit])*factor/float64(time.Second))) * time.Second
		return fmt.Sprintf("%ds", int(max(d, floor)/time.Second))
	}
	out := rangeRE.ReplaceAllFunc(rules, func(m []byte) []byte {
		g := rangeRE.FindSubmatch(m)
		return []byte("[" + scale(string(g[1]), string(g[2]), minRange) + "]")
	})
	out = forRE.ReplaceAllFunc(out, func(m []byte) []byte {
		g := forRE.FindSubmatch(m)
		return []byte(string(g[1]) + scale(string(g[2]), string(g[3]), 0))
	})
	n := 0
	out = intervalRE.ReplaceAllFunc(out, func(m []byte) []byte {
		n++
		g := intervalRE.FindSubmatch(m)
		return []byte(fmt.Sprintf("%s%ds", g[1], int(eval/time.Second)))
	})
	if n == 0 || !forRE.Match(out) {
		return nil, fmt.Errorf("drill rules: no group interval or no `for:` found: not the rules file")
	}
	header := fmt.Sprintf("# GENERATED for the alert drill (bench/alertrules.go) from the chart's rules file:\n"+
		"# every range and `for:` x %.4g (ranges at least %s), every group's interval %s.\n", factor, minRange, eval)
	return append([]byte(header), out...), nil
}

// drillDuration is d of the real rules in the drill's compressed time.
func drillDuration(d time.Duration, factor float64) time.Duration {
	return time.Duration(math.Round(float64(d)*factor/float64(time.Second))) * time.Second
}
