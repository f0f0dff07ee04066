// Package metrics exposes RED metrics (rate, errors, duration) per RPC and
// per HTTP route, plus gauges a service registers (outbox backlog, consumer
// lag), in the Prometheus text format on the admin port. Each program has
// its own registry so several services can share one process (devstack).
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is one program's registry.
type Metrics struct {
	reg         *prometheus.Registry
	rpcTotal    *prometheus.CounterVec
	rpcDuration *prometheus.HistogramVec
	reqTotal    *prometheus.CounterVec
	reqDuration *prometheus.HistogramVec
	handled     *prometheus.CounterVec
}

// New returns a registry whose series carry service=name.
func New(name string) *Metrics {
	reg := prometheus.NewRegistry()
	labels := prometheus.Labels{"service": name}
	f := func(c prometheus.Collector) { reg.MustRegister(c) }
	m := &Metrics{
		reg: reg,
		rpcTotal: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rpc_server_requests_total",
			Help: "gRPC calls handled, by method and status code.", ConstLabels: labels}, []string{"method", "code"}),
		rpcDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "rpc_server_duration_seconds",
			Help: "gRPC call latency.", ConstLabels: labels, Buckets: prometheus.DefBuckets}, []string{"method"}),
		reqTotal: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "http_requests_total",
			Help: "HTTP requests, by route template, method and status.", ConstLabels: labels}, []string{"route", "method", "status"}),
		reqDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "http_request_duration_seconds",
			Help: "HTTP request latency by route template.", ConstLabels: labels, Buckets: prometheus.DefBuckets}, []string{"route", "method"}),
		handled: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kafka_consumer_handled_total",
			Help: "Kafka messages handled and committed by this replica, by topic, consumer group and partition (empty until the group's first message).", ConstLabels: labels},
			[]string{"topic", "group", "partition"}),
	}
	f(m.rpcTotal)
	f(m.rpcDuration)
	f(m.reqTotal)
	f(m.reqDuration)
	f(m.handled)
	f(collectors.NewGoCollector())
	return m
}

// Handler serves the registry.
func (m *Metrics) Handler() http.Handler { return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}) }

// Gauge registers a gauge read from fn at scrape time. labels tell apart
// several gauges of one name (nil for none); they share help.
func (m *Metrics) Gauge(name, help string, labels map[string]string, fn func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help, ConstLabels: labels}, fn))
}

// Handled registers the count of messages of topic that consumer group
// handled and committed, and returns the function that adds n of a
// partition. Until the first of them it exports one series at 0 with an empty
// partition, so Prometheus knows the group before it consumes anything (what
// SlotwiseConsumerStalled in helm/slotwise/files/prometheus/rules.yml needs);
// the first count replaces it with the partition's own, so the label always
// tells which partitions this replica consumed.
func (m *Metrics) Handled(topic, group string) func(partition, n int) {
	m.handled.WithLabelValues(topic, group, "")
	var started sync.Once
	return func(partition, n int) {
		started.Do(func() { m.handled.DeleteLabelValues(topic, group, "") })
		m.handled.WithLabelValues(topic, group, strconv.Itoa(partition)).Add(float64(n))
	}
}

// Counter registers a counter read from fn (which only ever grows) at
// scrape time. labels tell apart several counters of one name (nil for
// none); they share help.
func (m *Metrics) Counter(name, help string, labels map[string]string, fn func() float64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: labels}, fn))
}

// ObserveRPC records one call of method (its full gRPC name) that took d
// and ended with code (a gRPC code's name); kit.Instrumenting calls it.
func (m *Metrics) ObserveRPC(method, code string, d time.Duration) {
	m.rpcDuration.WithLabelValues(method).Observe(d.Seconds())
	m.rpcTotal.WithLabelValues(method, code).Inc()
}

type routeKey struct{}

// SetRoute names the route of the request in flight (called by the router
// once it matched, so metrics are labelled by template, not raw path).
func SetRoute(ctx context.Context, route string) {
	if p, ok := ctx.Value(routeKey{}).(*string); ok {
		*p = route
	}
}

// Route is the route SetRoute named for the request in flight ("" outside
// HTTPMiddleware): the gateway keeps it with a page it serves from memory.
func Route(ctx context.Context) string {
	if p, ok := ctx.Value(routeKey{}).(*string); ok {
		return *p
	}
	return ""
}

// HTTPMiddleware records every request by route template.
func (m *Metrics) HTTPMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		route := "unmatched"
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), routeKey{}, &route)))
		m.reqDuration.WithLabelValues(route, r.Method).Observe(time.Since(start).Seconds())
		m.reqTotal.WithLabelValues(route, r.Method, strconv.Itoa(rec.status)).Inc()
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// NamePart turns a topic or table name into a part of a metric name.
func NamePart(name string) string { return strings.NewReplacer(".", "_", "-", "_").Replace(name) }
