package bench

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Markdown renders the soak drill's figures for report.md: one row per
// window, every process's peak RSS and heap, the growing tables.
func (s *Soak) Markdown() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	mode := "one devstack process (as `make up`)"
	if len(s.Plan.Env) > 0 {
		mode = "the devstack with " + strings.Join(s.Plan.Env, " ")
	}
	w("\n## Soak (sustained book + cancel)\n\n")
	w("%d clients, each booking a slot with an Idempotency-Key and cancelling it at once, for %.0f min against %s; processes: %s. "+
		"Idempotency records live %s and the broker keeps %s of log (at most 16 MiB per partition), so both reach their steady size within the %.0f s warm-up; "+
		"the first window after it is compared with the last.\n\n",
		s.Plan.Clients, s.Plan.Seconds/60, mode, strings.Join(s.Processes, ", "), s.Plan.IdempotencyTTL, s.Plan.KafkaRetention, s.Plan.WarmUpSeconds)
	w("CPU ms/op is the CPU time of every devstack process and every PostgreSQL backend of its database per request: unlike latency, it does not depend on the other work of this shared machine.\n\n")
	w("Run %s; machine load average (1, 5, 15 min) %s at the start, %s at the end (2 cores, shared).\n\n", s.Date, s.MachineLoad[0], s.MachineLoad[1])
	procs := s.Processes
	var heaps []string
	if n := len(s.Windows); n > 0 {
		heaps = slices.Sorted(maps.Keys(s.Windows[n-1].HeapInuse))
	}
	w("| window | ops/s | p50 ms | p99 ms | errors | CPU ms/op |")
	for _, p := range procs {
		w(" RSS %s median (peak) |", p)
	}
	for _, h := range heaps {
		w(" heap %s median (peak) |", h)
	}
	w(" idempotency records | idempotency_keys | appointments | broker log |\n|---|---:|---:|---:|---:|---:|")
	w("%s\n", strings.Repeat("---:|", len(procs)+len(heaps)+4))
	for _, win := range s.Windows {
		w("| %s | %.0f | %.1f | %.1f | %d | %.2f |", win.Label, win.PerSec, win.P50ms, win.P99ms, win.Errors, win.CPUmsPerOp)
		for _, p := range procs {
			w(" %s (%s) |", mib(win.RSS[p]), mib(win.PeakRSS[p]))
		}
		for _, h := range heaps {
			w(" %s (%s) |", mib(win.HeapInuse[h]), mib(win.PeakHeapInuse[h]))
		}
		w(" %d | %s | %s | %s |\n", win.PeakIdempotencyKeys, mib(win.IdempotencyBytes), mib(win.AppointmentsBytes), mib(win.BrokerLogBytes))
	}
	if len(s.BytesPer100k) > 0 {
		w("\nSize per 100,000 rows at the end (the broker log: per 100,000 events):")
		for _, k := range slices.Sorted(maps.Keys(s.BytesPer100k)) {
			w(" %s %s;", k, mib(s.BytesPer100k[k]))
		}
		w("\n")
	}
	return b.String()
}

// AddSoak puts a full run's soak drill into its report (`-only soak`
// uses SetDrill, which also notes the separate run).
func (r *Report) AddSoak(d Drill, s *Soak) {
	r.Soak = s
	r.Drills = append(r.Drills, d)
	r.settle()
}
