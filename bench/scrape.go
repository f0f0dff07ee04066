package bench

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Metrics is one scrape of a process's /metrics.
type Metrics map[string]*dto.MetricFamily

// Scrape reads a process's Prometheus endpoint.
func Scrape(ctx context.Context, url string) (Metrics, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	return Metrics(fams), err
}

// Sum adds up the counters of family whose labels include want.
func (m Metrics) Sum(family string, want map[string]string) float64 {
	total := 0.0
	for _, s := range m.samples(family, want) {
		total += s.GetCounter().GetValue()
	}
	return total
}

// ByLabel sums the counters of family whose labels include want, by the
// value of label.
func (m Metrics) ByLabel(family, label string, want map[string]string) map[string]float64 {
	out := map[string]float64{}
	for _, s := range m.samples(family, want) {
		for _, l := range s.GetLabel() {
			if l.GetName() == label {
				out[l.GetValue()] += s.GetCounter().GetValue()
			}
		}
	}
	return out
}

func (m Metrics) samples(family string, want map[string]string) []*dto.Metric {
	f := m[family]
	if f == nil {
		return nil
	}
	var out []*dto.Metric
	for _, s := range f.GetMetric() {
		matched := 0
		for _, l := range s.GetLabel() {
			if v, ok := want[l.GetName()]; ok && v == l.GetValue() {
				matched++
			}
		}
		if matched == len(want) {
			out = append(out, s)
		}
	}
	return out
}

// partitions turns ByLabel's partition keys into numbers.
func partitions(byPartition map[string]float64) map[int]float64 {
	out := map[int]float64{}
	for k, v := range byPartition {
		if p, err := strconv.Atoi(k); err == nil {
			out[p] = v
		}
	}
	return out
}
