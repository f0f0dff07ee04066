package bench

import (
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Load is the outcome of a closed-loop run: every client sends its next
// request as soon as the previous one answered.
type Load struct {
	Clients int     `json:"clients"`
	Ops     int     `json:"ops"`
	Errors  int     `json:"errors"`
	Seconds float64 `json:"seconds"`
	PerSec  float64 `json:"perSec"`
	P50ms   float64 `json:"p50ms"`
	P95ms   float64 `json:"p95ms"`
	P99ms   float64 `json:"p99ms"`
	// CPUmsPerOp is the whole machine's busy CPU time (every core, every
	// process: load generator, services, PostgreSQL, kernel) per
	// operation, in milliseconds. On a CPU-bound machine the ratio of two
	// throughputs is the inverse ratio of these. 0 when /proc/stat is
	// unreadable.
	CPUmsPerOp float64 `json:"cpuMsPerOp"`
	// DrainSeconds is the part of Seconds spent after the last answer,
	// waiting until every operation's asynchronous consequences were done
	// (Drained): PerSec and CPUmsPerOp then hold what the whole pipeline
	// sustains, and AnsweredPerSec the rate the requests were answered at.
	DrainSeconds   float64 `json:"drainSeconds,omitempty"`
	AnsweredPerSec float64 `json:"answeredPerSec,omitempty"`

	lat     []time.Duration
	seconds float64 // Seconds before rounding
	drain   float64
	busySec float64
}

// Merge adds another run of the same kind (interleaved rounds).
func (l Load) Merge(o Load) Load {
	out := Load{Clients: max(l.Clients, o.Clients), Ops: l.Ops + o.Ops, Errors: l.Errors + o.Errors, Seconds: l.seconds + o.seconds,
		busySec: l.busySec + o.busySec, drain: l.drain + o.drain}
	out.lat = append(slices.Clone(l.lat), o.lat...)
	return out.finish()
}

// Drained adds to l the time and CPU spent after its last answer until its
// operations' consequences were done.
func (l Load) Drained(seconds, busySec float64) Load {
	l.Seconds, l.busySec, l.drain = l.seconds+seconds, l.busySec+busySec, l.drain+seconds
	return l.finish()
}

func (l Load) finish() Load {
	l.seconds = l.Seconds
	if l.Seconds > 0 {
		l.PerSec = round(float64(l.Ops) / l.Seconds)
	}
	if l.drain > 0 {
		l.DrainSeconds = round(l.drain)
		l.AnsweredPerSec = round(float64(l.Ops) / (l.Seconds - l.drain))
	}
	slices.Sort(l.lat)
	l.P50ms, l.P95ms, l.P99ms = ms(quantile(l.lat, 0.50)), ms(quantile(l.lat, 0.95)), ms(quantile(l.lat, 0.99))
	if l.Ops > 0 {
		l.CPUmsPerOp = math.Round(l.busySec*1000/float64(l.Ops)*1000) / 1000
	}
	l.Seconds = round(l.Seconds)
	return l
}

// Run drives op from clients goroutines for d (or until op reports stop).
// op returns ok=false for a failed request and stop=true when it has no
// more work.
func Run(ctx context.Context, clients int, d time.Duration, op func(ctx context.Context, client int) (ok, stop bool)) Load {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return measure(clients, func(wg *sync.WaitGroup, add func([]time.Duration, int)) {
		for c := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var lat []time.Duration
				errs := 0
				for ctx.Err() == nil {
					t0 := time.Now()
					ok, stop := op(ctx, c)
					if stop {
						break
					}
					if ctx.Err() != nil && !ok {
						break // cut off by the deadline: not a failure
					}
					lat = append(lat, time.Since(t0))
					if !ok {
						errs++
					}
				}
				add(lat, errs)
			}()
		}
	})
}

// measure runs body, which starts goroutines on wg that each report their
// requests' latencies and failures through add, waits for them, and
// returns what they measured with the machine's CPU time meanwhile.
func measure(clients int, body func(wg *sync.WaitGroup, add func(lat []time.Duration, errs int))) Load {
	var mu sync.Mutex
	res := Load{Clients: clients}
	var wg sync.WaitGroup
	busy0, _ := machineBusy()
	start := time.Now()
	body(&wg, func(lat []time.Duration, errs int) {
		mu.Lock()
		res.Ops += len(lat)
		res.Errors += errs
		res.lat = append(res.lat, lat...)
		mu.Unlock()
	})
	wg.Wait()
	res.Seconds = time.Since(start).Seconds()
	if busy1, ok := machineBusy(); ok {
		res.busySec = busy1 - busy0
	}
	return res.finish()
}

// Latencies summarises a set of durations.
type Latencies struct {
	N     int     `json:"n"`
	P50ms float64 `json:"p50ms"`
	P99ms float64 `json:"p99ms"`
	MaxMs float64 `json:"maxMs"`
}

// Summarise computes quantiles of ds.
func Summarise(ds []time.Duration) Latencies {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	l := Latencies{N: len(ds), P50ms: ms(quantile(ds, 0.5)), P99ms: ms(quantile(ds, 0.99))}
	if len(ds) > 0 {
		l.MaxMs = ms(ds[len(ds)-1])
	}
	return l
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func ms(d time.Duration) float64 { return round(float64(d) / float64(time.Millisecond)) }

func round(f float64) float64 { return math.Round(f*100) / 100 }

// Ratio is a/b rounded (0 when b is 0).
func Ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(a/b*1000) / 1000
}

// machineBusy is the CPU time all cores have spent not idle since boot, in
// seconds (Linux /proc/stat; USER_HZ is 100 on every Linux we run on).
func machineBusy() (float64, bool) {
	raw, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	line, _, _ := strings.Cut(string(raw), "\n")
	fields := strings.Fields(line)
	if len(fields) < 5 || fields[0] != "cpu" {
		return 0, false
	}
	busy := 0.0
	for i, f := range fields[1:] {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return 0, false
		}
		if i != 3 && i != 4 { // idle, iowait
			busy += v
		}
	}
	return busy / 100, true
}
