package bench

import "testing"

// 50 ms, an edit shown late or never, and requests not sent.
func TestHourJudge(t *testing.T) {
	good := func() MarketplaceHour {
		return MarketplaceHour{Scheduled: 10, Sent: 10,
			Routes:    []HourRoute{{Route: rCategory, Ops: 10, P99ms: 12}},
			Staleness: []HourStaleness{{Edit: rEdit, Edits: 2, Probed: 2, MaxMs: 1200}}}
	}
	h := good()
	if h.judge(); !h.Pass {
		t.Fatalf("a good run fails: %v", h.Failures)
	}
	for name, spoil := range map[string]func(*MarketplaceHour){
		"error":       func(h *MarketplaceHour) { h.Routes[0].Errors = 1 },
		"slow":        func(h *MarketplaceHour) { h.Routes[0].P99ms = HourP99TargetMs },
		"stale":       func(h *MarketplaceHour) { h.Staleness[0].MaxMs = 5001 },
		"never shown": func(h *MarketplaceHour) { h.Staleness[0].Unseen = 1 },
		"not sent":    func(h *MarketplaceHour) { h.Sent = 9 },
		"nothing":     func(h *MarketplaceHour) { h.Scheduled, h.Sent = 0, 0 },
	} {
		h := good()
		spoil(&h)
		if h.judge(); h.Pass || len(h.Failures) == 0 {
			t.Errorf("%s: passes", name)
		}
	}
}
