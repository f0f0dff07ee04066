package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"
)

// promAPI reads a Prometheus's HTTP API.
type promAPI struct {
	base string
	http *http.Client
	logf func(format string, args ...any)
}

type promAlert struct {
	Labels map[string]string `json:"labels"`
	State  string            `json:"state"`
}

func (a promAlert) Name() string { return a.Labels["alertname"] }

func (a promAlert) key() string { return fmt.Sprint(a.Labels) }

func (a promAlert) String() string {
	l := maps.Clone(a.Labels)
	delete(l, "alertname")
	delete(l, "severity")
	delete(l, "slo")
	return fmt.Sprintf("%s{%s} (%s)", a.Name(), labels(l), a.State)
}

func (a promAlert) matches(x expectedAlert) bool {
	if a.Name() != x.Name {
		return false
	}
	for k, v := range x.Labels {
		if a.Labels[k] != v {
			return false
		}
	}
	return true
}

func (p promAPI) get(ctx context.Context, path string, q url.Values, out any) error {
	req, err := http.NewRequestWithContext(ctx, "GET", p.base+path+"?"+q.Encode(), nil)
	if err != nil {
		return err
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env struct {
		Status string          `json:"status"`
		Data   json.RawMessage `json:"data"`
		Error  string          `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return fmt.Errorf("prometheus %s: %d: %w", path, resp.StatusCode, err)
	}
	if env.Status != "success" {
		return fmt.Errorf("prometheus %s: %s", path, env.Error)
	}
	return json.Unmarshal(env.Data, out)
}

func (p promAPI) alerts(ctx context.Context) ([]promAlert, error) {
	var data struct {
		Alerts []promAlert `json:"alerts"`
	}
	err := p.get(ctx, "/api/v1/alerts", nil, &data)
	return data.Alerts, err
}

func (p promAPI) ruleCount(ctx context.Context) (int, error) {
	var data struct {
		Groups []struct {
			Rules []json.RawMessage `json:"rules"`
		} `json:"groups"`
	}
	if err := p.get(ctx, "/api/v1/rules", nil, &data); err != nil {
		return 0, err
	}
	n := 0
	for _, g := range data.Groups {
		n += len(g.Rules)
	}
	return n, nil
}

// waitTargetsUp waits until Prometheus has scraped n targets, all up.
func (p promAPI) waitTargetsUp(ctx context.Context, n int, timeout time.Duration) (int, error) {
	var last string
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		var data struct {
			ActiveTargets []struct {
				Labels    map[string]string `json:"labels"`
				Health    string            `json:"health"`
				LastError string            `json:"lastError"`
			} `json:"activeTargets"`
		}
		if err := p.get(ctx, "/api/v1/targets", nil, &data); err != nil {
			last = err.Error()
		} else {
			up := 0
			var down []string
			for _, t := range data.ActiveTargets {
				if t.Health == "up" {
					up++
				} else {
					down = append(down, t.Labels["pod"]+": "+t.Health+" "+t.LastError)
				}
			}
			if up == n && len(data.ActiveTargets) == n {
				return n, nil
			}
			last = fmt.Sprintf("%d of %d targets up (want %d); not up: %v", up, len(data.ActiveTargets), n, down)
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return 0, fmt.Errorf("prometheus targets: %s", last)
}

type seenAlert struct {
	alert           promAlert
	pending, firing float64
}

// watch polls the alerts every 250 ms from a fault at at, recording when
// each alert was first pending and first firing, until every expected one
// fired and observe more passed, or the latest deadline.
func (p promAPI) watch(ctx context.Context, at time.Time, exp []expectedAlert, observe time.Duration) ([]seenAlert, error) {
	deadline := observe
	for _, x := range exp {
		deadline = max(deadline, x.Deadline)
	}
	seen := map[string]*seenAlert{}
	var order []string
	var allFired time.Time
	for {
		alerts, err := p.alerts(ctx)
		if err != nil {
			return nil, err
		}
		now := time.Since(at).Seconds()
		for _, a := range alerts {
			key := a.key()
			s, ok := seen[key]
			if !ok {
				s = &seenAlert{alert: a, pending: -1, firing: -1}
				seen[key] = s
				order = append(order, key)
			}
			if s.pending < 0 {
				s.pending = now // firing implies it was pending (maybe between polls)
			}
			if a.State == "firing" && s.firing < 0 {
				s.firing = now
			}
		}
		fired := 0
		for _, x := range exp {
			for _, s := range seen {
				if s.firing >= 0 && s.alert.matches(x) {
					fired++
					break
				}
			}
		}
		if fired == len(exp) && allFired.IsZero() {
			allFired = time.Now()
		}
		if (!allFired.IsZero() && time.Since(allFired) >= observe) || time.Since(at) > deadline {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
	out := make([]seenAlert, 0, len(order))
	for _, k := range order {
		out = append(out, *seen[k])
		p.logf("alerts:   %s: pending after %.1fs, firing after %.1fs", seen[k].alert, seen[k].pending, seen[k].firing)
	}
	return out, nil
}

// waitResolved waits until none of exp is pending or firing.
func (p promAPI) waitResolved(ctx context.Context, exp []expectedAlert, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		alerts, err := p.alerts(ctx)
		if err == nil && !slices.ContainsFunc(alerts, func(a promAlert) bool {
			return slices.ContainsFunc(exp, a.matches)
		}) {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(500 * time.Millisecond):
		}
	}
	return false
}

// value is the first sample of an instant query (an error when it is empty).
func (p promAPI) value(ctx context.Context, q string) (float64, error) {
	var data struct {
		Result []struct {
			Value [2]any `json:"value"`
		} `json:"result"`
	}
	if err := p.get(ctx, "/api/v1/query", url.Values{"query": {q}}, &data); err != nil {
		return 0, err
	}
	if len(data.Result) == 0 {
		return 0, fmt.Errorf("%s: no sample", q)
	}
	s, _ := data.Result[0].Value[1].(string)
	return strconv.ParseFloat(s, 64)
}
