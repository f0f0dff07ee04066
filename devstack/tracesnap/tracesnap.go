// Package tracesnap renders a trace from Jaeger's HTTP API as a static HTML
// waterfall (service, span, duration, offset), for a screenshot where the
// Jaeger UI assets are not available (a Jaeger built from source serves the
// API but not the UI bundle).
package tracesnap

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"sort"
)

type span struct {
	TraceID       string `json:"traceID"`
	SpanID        string `json:"spanID"`
	OperationName string `json:"operationName"`
	ProcessID     string `json:"processID"`
	StartTime     int64  `json:"startTime"`
	Duration      int64  `json:"duration"`
	References    []struct {
		SpanID string `json:"spanID"`
	} `json:"references"`
}

type trace struct {
	TraceID   string `json:"traceID"`
	Spans     []span `json:"spans"`
	Processes map[string]struct {
		ServiceName string `json:"serviceName"`
	} `json:"processes"`
}

type row struct {
	Service, Name        string
	Depth                int
	Left, Width          float64
	OffsetMs, DurationMs float64
	Color                string
}

// Write renders the largest recent trace whose root is service/operation.
func Write(w io.Writer, jaeger, service, operation string) error {
	u := fmt.Sprintf("%s/api/traces?service=%s&operation=%s&limit=20&lookback=1h", jaeger, url.QueryEscape(service), url.QueryEscape(operation))
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var body struct{ Data []trace }
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || len(body.Data) == 0 {
		return fmt.Errorf("no trace of %s %q at %s (%v)", service, operation, jaeger, err)
	}
	// The trace with the most spans is the one that reached every consumer.
	sort.Slice(body.Data, func(i, j int) bool { return len(body.Data[i].Spans) > len(body.Data[j].Spans) })
	t := body.Data[0]
	return page.Execute(w, map[string]any{"Trace": t.TraceID, "Op": operation, "Rows": layout(t), "Spans": len(t.Spans), "Services": services(t)})
}

func layout(t trace) []row {
	byID := map[string]span{}
	children := map[string][]span{}
	var roots []span
	start, end := int64(1<<62), int64(0)
	for _, s := range t.Spans {
		byID[s.SpanID] = s
		start, end = min(start, s.StartTime), max(end, s.StartTime+s.Duration)
	}
	for _, s := range t.Spans {
		if len(s.References) > 0 {
			if _, ok := byID[s.References[0].SpanID]; ok {
				children[s.References[0].SpanID] = append(children[s.References[0].SpanID], s)
				continue
			}
		}
		roots = append(roots, s)
	}
	total := float64(max(end-start, 1))
	palette := map[string]string{"gateway": "#6366f1", "auth-svc": "#0ea5e9", "catalog-svc": "#10b981", "booking-svc": "#f59e0b", "review-svc": "#ec4899"}
	var rows []row
	var walk func(s span, depth int)
	walk = func(s span, depth int) {
		svc := t.Processes[s.ProcessID].ServiceName
		color, ok := palette[svc]
		if !ok {
			color = "#64748b"
		}
		rows = append(rows, row{Service: svc, Name: s.OperationName, Depth: depth * 14,
			Left: float64(s.StartTime-start) / total * 100, Width: max(float64(s.Duration)/total*100, 0.3),
			OffsetMs: float64(s.StartTime-start) / 1000, DurationMs: float64(s.Duration) / 1000, Color: color})
		kids := children[s.SpanID]
		sort.Slice(kids, func(i, j int) bool { return kids[i].StartTime < kids[j].StartTime })
		for _, k := range kids {
			walk(k, depth+1)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].StartTime < roots[j].StartTime })
	for _, r := range roots {
		walk(r, 0)
	}
	return rows
}

func services(t trace) []string {
	seen := map[string]bool{}
	for _, p := range t.Processes {
		seen[p.ServiceName] = true
	}
	var out []string
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

var page = template.Must(template.New("p").Parse(`<!doctype html><meta charset="utf-8">
<style>body{font:13px system-ui,sans-serif;margin:16px;color:#0f172a}h1{font-size:16px;margin:0 0 4px}
.meta{color:#475569;margin-bottom:12px}table{border-collapse:collapse;width:100%}td{padding:2px 6px;border-bottom:1px solid #e2e8f0;white-space:nowrap}
.bar{position:relative;height:14px;background:#f1f5f9;width:420px}.bar span{position:absolute;top:1px;height:12px;border-radius:2px}
.svc{font-weight:600}</style>
<h1>Trace {{.Trace}} — {{.Op}}</h1>
<div class="meta">{{.Spans}} spans across {{range .Services}}{{.}} {{end}}(from Jaeger's query API)</div>
<table>{{range .Rows}}<tr><td class="svc" style="color:{{.Color}}">{{.Service}}</td>
<td style="padding-left:{{.Depth}}px">{{.Name}}</td><td>{{printf "%.2f" .DurationMs}} ms</td>
<td><div class="bar"><span style="left:{{.Left}}%;width:{{.Width}}%;background:{{.Color}}"></span></div></td></tr>{{end}}</table>`))
