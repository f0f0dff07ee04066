package bench

import (
	"strings"
	"testing"
	"time"
)

// The soak fails on CPU per request that grows past the plan's bound from
// the first window after the warm-up to the last, and only then.
func TestJudgeSoakCPUPerOp(t *testing.T) {
	plan := GuardSoak()
	judge := func(first, last float64) Drill {
		rss := map[string]int64{"devstack[1]": 100 << 20}
		s := &Soak{Windows: []SoakWindow{
			{From: 0, To: 20, CPUmsPerOp: 1, RSS: rss},
			{From: 20, To: 40, CPUmsPerOp: first, RSS: rss},
			{From: 40, To: 60, CPUmsPerOp: 99, RSS: rss}, // a noisy middle is not judged
			{From: 60, To: 80, CPUmsPerOp: last, RSS: rss},
		}}
		d := Drill{Name: "soak", Pass: true}
		judgeSoak(&d, s, plan, []soakOp{{at: time.Second, ok: true}})
		return d
	}
	if d := judge(4, 4*(1+plan.MaxCPUPerOpGrowth)-0.01); !d.Pass {
		t.Errorf("within the bound: failed: %v", d.Failures)
	}
	if d := judge(4, 2); !d.Pass {
		t.Errorf("cheaper at the end: failed: %v", d.Failures)
	}
	d := judge(4, 4*(1+plan.MaxCPUPerOpGrowth)+0.01)
	if d.Pass || !strings.Contains(strings.Join(d.Failures, " "), "CPU per request") {
		t.Errorf("past the bound: pass=%v %v", d.Pass, d.Failures)
	}
}
