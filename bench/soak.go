package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

// SoakPlan sizes the soak drill: sustained book + cancel for a long time,
// watching for anything that grows without bound.
type SoakPlan struct {
	Duration time.Duration // the whole run
	WarmUp   time.Duration // nothing before it is judged
	Window   time.Duration // the first window after the warm-up is compared with the last
	Sample   time.Duration // how often processes and tables are sampled
	Clients  int
	// Slots is how many slots of the service the clients cycle through: 0
	// is every half hour of days 2–9; as many as Clients gives each client
	// one slot of its own on day 2, booked and cancelled over and over, so
	// that the cancelled rows pile up where the next booking reads.
	Slots int
	// Backlog is how many cancelled appointments a second are written
	// straight into those slots besides the clients' own (writeBacklog):
	// history at the rate a long run would leave it, so that a minute shows
	// what a read walking cancelled rows costs after hours (0: none).
	Backlog int
	// IdempotencyTTL and KafkaRetention are shortened so that keys and the
	// broker's log reach their steady size within the warm-up.
	IdempotencyTTL time.Duration
	KafkaRetention time.Duration
	// Env is added to the devstack's environment: it chooses the process
	// set (nothing: one process, as `make up`; split mode: one per program).
	Env []string
	// MaxRSSGrowth bounds how much a process's RSS (its median over a
	// window) may grow from the first window after the warm-up to the
	// last; MaxP99Change how much slower the last window's p99 may be than
	// the first's (0: reported, not judged, as in CI, where nothing is
	// judged on timing).
	MaxRSSGrowth, MaxP99Change float64
	// MaxCPUPerOpGrowth bounds how much more CPU (the whole system's, per
	// request) the last window may cost than the first after the warm-up:
	// a cost that grows with what was booked and cancelled before (0: not
	// judged). Unlike latency, CPU per request hardly depends on what else
	// the machine runs.
	MaxCPUPerOpGrowth float64
	// ProfileDir, when set, receives every program's heap profile at the end.
	ProfileDir string
}

// FullSoak is `make bench`'s soak: ten minutes, judged after two.
func FullSoak() SoakPlan {
	return SoakPlan{Duration: 10 * time.Minute, WarmUp: 2 * time.Minute, Window: time.Minute, Sample: 5 * time.Second, Clients: 16,
		IdempotencyTTL: time.Minute, KafkaRetention: time.Minute, MaxRSSGrowth: 0.10, MaxP99Change: 0.20, MaxCPUPerOpGrowth: 0.20}
}

// GuardSoak is make test's soak: eighty seconds, judged on CPU per request
// from the first window after the warm-up to the last (and on memory and
// storage, as ShortSoak), so that a read whose cost grows with what was
// cancelled before fails a commit, not a release (docs/capacity.md).
func GuardSoak() SoakPlan {
	return SoakPlan{Duration: 80 * time.Second, WarmUp: 20 * time.Second, Window: 20 * time.Second, Sample: 2 * time.Second, Clients: 16, Slots: 16,
		Backlog: 2000, IdempotencyTTL: 10 * time.Second, KafkaRetention: 10 * time.Second, MaxRSSGrowth: 0.25, MaxCPUPerOpGrowth: 0.50}
}

// ShortSoak is the CI form: a minute, judged on memory and storage only.
func ShortSoak() SoakPlan {
	return SoakPlan{Duration: time.Minute, WarmUp: 25 * time.Second, Window: 15 * time.Second, Sample: 2 * time.Second, Clients: 16,
		IdempotencyTTL: 10 * time.Second, KafkaRetention: 10 * time.Second, MaxRSSGrowth: 0.25}
}

// Soak is what the soak drill measured.
type Soak struct {
	Date string `json:"date"`
	// MachineLoad is the load average (1, 5, 15 min) when the load started
	// and when it ended: the machine is shared with other work.
	MachineLoad [2]string `json:"machineLoad"`
	Plan        struct {
		Seconds, WarmUpSeconds, WindowSeconds float64
		Clients                               int
		IdempotencyTTL, KafkaRetention        string
		Env                                   []string
	} `json:"plan"`
	// Processes are the OS processes sampled (command[pid]).
	Processes []string     `json:"processes"`
	Windows   []SoakWindow `json:"windows"`
	Samples   []SoakSample `json:"samples"`
	// BytesPer100k is each table's size per 100,000 rows at the end, and
	// the broker log's per 100,000 events.
	BytesPer100k map[string]int64 `json:"bytesPer100k"`
}

// SoakSample is one look at the system.
type SoakSample struct {
	At        float64          `json:"at"` // seconds into the load
	RSS       map[string]int64 `json:"rssBytes"`
	HeapInuse map[string]int64 `json:"heapInuseBytes"`
	Tables    map[string]int64 `json:"tableBytes"`
	// IdempotencyKeys is how many idempotency records are stored.
	IdempotencyKeys int   `json:"idempotencyKeys"`
	BrokerLogBytes  int64 `json:"brokerLogBytes"`
	// CPUSeconds is the CPU time the system used since the last sample:
	// every process of the devstack and every PostgreSQL backend serving
	// its database. Unlike latency, it does not depend on what else the
	// machine runs.
	CPUSeconds float64 `json:"cpuSeconds"`
}

// SoakWindow summarises one window of the run (a minute in the full form).
type SoakWindow struct {
	From     float64 `json:"from"` // seconds into the load
	To       float64 `json:"to"`
	Label    string  `json:"window"`
	Bookings int     `json:"bookings"`
	Cancels  int     `json:"cancels"`
	Errors   int     `json:"errors"`
	PerSec   float64 `json:"opsPerSec"`
	P50ms    float64 `json:"p50ms"`
	P99ms    float64 `json:"p99ms"`
	// CPUmsPerOp is the system's CPU time (CPUSeconds) per request.
	CPUmsPerOp float64 `json:"cpuMsPerOp"`
	// RSS and HeapInuse are each process's median over the window's
	// samples: what it holds, not one moment's spike; the peaks are beside.
	RSS                 map[string]int64 `json:"rssBytes"`
	PeakRSS             map[string]int64 `json:"peakRssBytes"`
	HeapInuse           map[string]int64 `json:"heapInuseBytes"`
	PeakHeapInuse       map[string]int64 `json:"peakHeapInuseBytes"`
	PeakIdempotencyKeys int              `json:"peakIdempotencyKeys"`
	IdempotencyBytes    int64            `json:"idempotencyKeysBytes"`
	AppointmentsBytes   int64            `json:"appointmentsBytes"`
	BrokerLogBytes      int64            `json:"brokerLogBytes"`
}

// soakTables are the tables sampled: everything a booking or its events
// write.
var soakTables = []string{"booking.appointments", "booking.idempotency_keys", "booking.outbox", "booking.inbox",
	"review.appointments", "review.outbox", "catalog.inbox", "catalog.services"}

// soakOp is one request of the load.
type soakOp struct {
	at, lat time.Duration
	cancel  bool
	ok      bool
}

// SoakDrill starts the devstack as `make up` does (as OS processes, with
// plan.Env), books and cancels at the highest rate it takes for
// plan.Duration, samples every process's RSS and Go heap, the table sizes
// and the latency, and judges growth from the first window after the
// warm-up to the last.
func SoakDrill(ctx context.Context, o Options, plan SoakPlan) (Drill, *Soak, error) {
	d := Drill{Name: "soak", Pass: true}
	// A 16 MiB cap makes the broker roll 4 MiB segments, so whole segments
	// (and their index) expire within the warm-up too.
	env := append([]string{"IDEMPOTENCY_TTL=" + plan.IdempotencyTTL.String(), "KAFKA_RETENTION=" + plan.KafkaRetention.String(),
		fmt.Sprintf("KAFKA_RETENTION_BYTES=%d", 16<<20)}, plan.Env...)
	e, err := StartProcess(ctx, o, env...)
	if err != nil {
		return d, nil, err
	}
	defer e.Close()
	s := &Soak{}
	s.Plan.Seconds, s.Plan.WarmUpSeconds, s.Plan.WindowSeconds = plan.Duration.Seconds(), plan.WarmUp.Seconds(), plan.Window.Seconds()
	s.Plan.Clients, s.Plan.IdempotencyTTL, s.Plan.KafkaRetention, s.Plan.Env = plan.Clients, plan.IdempotencyTTL.String(), plan.KafkaRetention.String(), plan.Env

	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, nil, err
	}
	svcID, err := e.NewService(ctx, p, "Soak", HalfHours())
	if err != nil {
		return d, nil, err
	}
	// Each client cycles through slots of its own on days 2..9 (day 1 could
	// turn into today, and its morning into the past, during a run).
	var slots []Slot
	for day := 2; day <= 9; day++ {
		for _, h := range HalfHours() {
			slots = append(slots, Slot{ServiceID: svcID, Date: Day(day), Time: h})
		}
	}
	if plan.Slots > 0 {
		slots = slots[16 : 16+plan.Slots] // from 08:00 on day 2
	}

	e.Logf("soak: book + cancel from %d clients for %v (warm-up %v, idempotency keys live %v, broker retention %v)",
		plan.Clients, plan.Duration, plan.WarmUp, plan.IdempotencyTTL, plan.KafkaRetention)
	s.Date, s.MachineLoad[0] = time.Now().UTC().Format(time.RFC3339), loadAverage()
	start := time.Now()
	lctx, stop := context.WithDeadline(ctx, start.Add(plan.Duration))
	defer stop()
	ops := make([][]soakOp, plan.Clients)
	var wg sync.WaitGroup
	for c := range plan.Clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ops[c] = e.bookAndCancel(lctx, start, MintToken(e.Key, uuid.NewString(), "customer", 6*time.Hour), slots, c, plan.Clients)
		}()
	}
	if plan.Backlog > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.writeBacklog(lctx, svcID, len(slots), plan.Backlog)
		}()
	}
	samples := e.sampleSoak(lctx, start, plan.Sample)
	wg.Wait()
	s.MachineLoad[1] = loadAverage()
	if ctx.Err() != nil {
		return d, nil, ctx.Err()
	}
	s.Samples = samples
	if len(samples) > 0 {
		s.Processes = slices.Sorted(maps.Keys(samples[len(samples)-1].RSS))
	}
	if plan.ProfileDir != "" {
		e.saveProfiles(ctx, plan.ProfileDir)
	}
	var all []soakOp
	for _, o := range ops {
		all = append(all, o...)
	}
	s.Windows = soakWindows(all, samples, plan)
	if s.BytesPer100k, err = e.bytesPer100k(ctx, samples, all, plan.KafkaRetention); err != nil {
		return d, nil, err
	}
	judgeSoak(&d, s, plan, all)
	return d, s, nil
}

// bookAndCancel is one client: book a slot with an Idempotency-Key, cancel
// it at once, take the next of its slots, until ctx ends.
func (e *Env) bookAndCancel(ctx context.Context, start time.Time, token string, slots []Slot, client, clients int) []soakOp {
	conn, err := e.NewLoadConn()
	if err != nil {
		return []soakOp{{at: time.Since(start)}}
	}
	defer conn.Close()
	var ops []soakOp
	cancelBody := []byte(`{"status":"cancelled"}`)
	for i := client; ctx.Err() == nil; i += clients {
		s := slots[i%len(slots)]
		body, _ := json.Marshal(BookingBody(s.ServiceID, s.Date, s.Time))
		t0 := time.Now()
		status, raw, err := conn.Send("POST", "/appointments", token, "Idempotency-Key: "+uuid.NewString()+"\r\n", body)
		if ctx.Err() != nil {
			break // cut off by the end of the run: not a failure
		}
		ops = append(ops, soakOp{at: t0.Sub(start), lat: time.Since(t0), ok: err == nil && status == http.StatusCreated})
		var booked struct {
			Appointment struct {
				ID string `json:"_id"`
			} `json:"appointment"`
		}
		if !ops[len(ops)-1].ok || json.Unmarshal(raw, &booked) != nil || booked.Appointment.ID == "" {
			ops[len(ops)-1].ok = false
			continue
		}
		t0 = time.Now()
		status, _, err = conn.Send("PATCH", "/appointments/"+booked.Appointment.ID+"/status", token, "", cancelBody)
		if ctx.Err() != nil {
			break
		}
		ops = append(ops, soakOp{at: t0.Sub(start), lat: time.Since(t0), cancel: true, ok: err == nil && status == http.StatusOK})
	}
	return ops
}

// sampleSoak samples the system every interval until ctx ends.
func (e *Env) sampleSoak(ctx context.Context, start time.Time, every time.Duration) []SoakSample {
	client := &http.Client{Timeout: 5 * time.Second}
	var out []SoakSample
	prevCPU := map[int]float64{}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return out
		case <-t.C:
		}
		s := SoakSample{At: round(time.Since(start).Seconds()), RSS: map[string]int64{}, HeapInuse: map[string]int64{}, Tables: map[string]int64{}}
		procs := processTree(e.proc.Pid())
		pids := []int{}
		for _, p := range procs {
			s.RSS[p.label()] = rssBytes(p.pid)
			pids = append(pids, p.pid)
		}
		if rows, err := e.DB.Query(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name <> $1`, backlogApp); err == nil {
			for rows.Next() {
				var pid int
				if rows.Scan(&pid) == nil {
					pids = append(pids, pid)
				}
			}
			rows.Close()
		}
		cpu := map[int]float64{}
		for _, pid := range pids {
			if c, ok := cpuSeconds(pid); ok {
				cpu[pid] = c
				if before, ok := prevCPU[pid]; ok {
					s.CPUSeconds += c - before
				}
			}
		}
		s.CPUSeconds, prevCPU = round(s.CPUSeconds), cpu
		// One process runs every program (all admin ports report the same
		// heap), or each program is a process of its own.
		programs := e.proc.Metrics
		if len(procs) == 1 {
			programs = map[string]string{procs[0].label(): e.proc.Metrics["gateway"]}
		}
		for name, url := range programs {
			if v, err := scrapeGauge(ctx, client, url, "go_memstats_heap_inuse_bytes"); err == nil {
				s.HeapInuse[name] = int64(v)
			}
		}
		rows, err := e.DB.Query(ctx, `SELECT t, pg_total_relation_size(t::regclass) FROM unnest($1::text[]) t`, soakTables)
		if err == nil {
			for rows.Next() {
				var name string
				var size int64
				if rows.Scan(&name, &size) == nil {
					s.Tables[name] = size
				}
			}
			rows.Close()
		}
		_ = e.DB.QueryRow(ctx, `SELECT count(*) FROM booking.idempotency_keys`).Scan(&s.IdempotencyKeys)
		s.BrokerLogBytes = dirBytes(filepath.Join(e.tmp, "devstack", "kafka"))
		if ctx.Err() == nil {
			out = append(out, s)
		}
	}
}

// soakWindows cuts the run into windows of plan.Window.
func soakWindows(ops []soakOp, samples []SoakSample, plan SoakPlan) []SoakWindow {
	var out []SoakWindow
	for from := time.Duration(0); from < plan.Duration; from += plan.Window {
		to := min(from+plan.Window, plan.Duration)
		w := SoakWindow{From: from.Seconds(), To: to.Seconds(), Label: fmt.Sprintf("%s–%s", clock(from), clock(to))}
		var lats []time.Duration
		for _, o := range ops {
			if o.at < from || o.at >= to {
				continue
			}
			lats = append(lats, o.lat)
			switch {
			case !o.ok:
				w.Errors++
			case o.cancel:
				w.Cancels++
			default:
				w.Bookings++
			}
		}
		l := Summarise(lats)
		w.P50ms, w.P99ms = l.P50ms, l.P99ms
		w.PerSec = round(float64(len(lats)) / (to - from).Seconds())
		rss, heap := map[string][]int64{}, map[string][]int64{}
		cpu := 0.0
		for _, s := range samples {
			if s.At < w.From || s.At >= w.To {
				continue
			}
			cpu += s.CPUSeconds
			for k, v := range s.RSS {
				rss[k] = append(rss[k], v)
			}
			for k, v := range s.HeapInuse {
				heap[k] = append(heap[k], v)
			}
			w.PeakIdempotencyKeys = max(w.PeakIdempotencyKeys, s.IdempotencyKeys)
			w.IdempotencyBytes = s.Tables["booking.idempotency_keys"]
			w.AppointmentsBytes = s.Tables["booking.appointments"]
			w.BrokerLogBytes = s.BrokerLogBytes
		}
		if len(lats) > 0 {
			w.CPUmsPerOp = round(cpu * 1000 / float64(len(lats)))
		}
		w.RSS, w.PeakRSS = medians(rss), peaks(rss)
		w.HeapInuse, w.PeakHeapInuse = medians(heap), peaks(heap)
		out = append(out, w)
	}
	return out
}

func medians(m map[string][]int64) map[string]int64 {
	out := map[string]int64{}
	for k, vs := range m {
		slices.Sort(vs)
		out[k] = vs[len(vs)/2]
	}
	return out
}

func peaks(m map[string][]int64) map[string]int64 {
	out := map[string]int64{}
	for k, vs := range m {
		out[k] = slices.Max(vs)
	}
	return out
}

func clock(d time.Duration) string {
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// judgeSoak compares the first window after the warm-up with the last, and
// checks that no sample after the warm-up holds more idempotency records
// than the bookings their lifetime covers.
func judgeSoak(d *Drill, s *Soak, plan SoakPlan, ops []soakOp) {
	var first, last *SoakWindow
	for i := range s.Windows {
		w := &s.Windows[i]
		if first == nil && w.From >= plan.WarmUp.Seconds() {
			first = w
		}
		last = w
	}
	if first == nil || first == last {
		d.fail("the run is too short to compare a window after the warm-up with the last")
		return
	}
	errors, bookings := 0, 0
	for _, w := range s.Windows {
		errors += w.Errors
		bookings += w.Bookings
	}
	if errors > 0 {
		d.fail("%d requests failed", errors)
	}
	growth := map[string]float64{}
	worst, worstName := math.Inf(-1), ""
	for name, now := range last.RSS {
		base := first.RSS[name]
		if base == 0 {
			d.fail("process %s was not there %s", name, first.Label)
			continue
		}
		g := float64(now)/float64(base) - 1
		growth[name] = round(g * 100)
		if g > worst {
			worst, worstName = g, name
		}
		if g > plan.MaxRSSGrowth {
			d.fail("%s: RSS %s in %s, %s in %s: +%.0f %% (at most %.0f %%)", name, mib(base), first.Label, mib(now), last.Label,
				g*100, plan.MaxRSSGrowth*100)
		}
	}
	keysOver := overKept(s.Samples, ops, plan)
	if keysOver > 0 {
		d.fail("%d samples after the warm-up hold more idempotency records than bookings made within their lifetime", keysOver)
	}
	cpuChange := last.CPUmsPerOp/math.Max(first.CPUmsPerOp, 0.001) - 1
	if plan.MaxCPUPerOpGrowth > 0 && cpuChange > plan.MaxCPUPerOpGrowth {
		d.fail("CPU per request %.2f ms in %s, %.2f ms in %s: %+.0f %% (at most +%.0f %%): a cost that grows with what came before",
			first.CPUmsPerOp, first.Label, last.CPUmsPerOp, last.Label, cpuChange*100, plan.MaxCPUPerOpGrowth*100)
	}
	p99Change := last.P99ms/math.Max(first.P99ms, 0.001) - 1
	// Only a slower end is a failure: the soak looks for what degrades
	// with time; a faster one is the shared machine's other work easing.
	if plan.MaxP99Change > 0 && p99Change > plan.MaxP99Change {
		d.fail("p99 %.1f ms in %s, %.1f ms in %s: %+.0f %% (at most +%.0f %%)", first.P99ms, first.Label, last.P99ms, last.Label,
			p99Change*100, plan.MaxP99Change*100)
	}
	d.Figures = map[string]any{"seconds": plan.Duration.Seconds(), "bookings": bookings, "errors": errors,
		"rssGrowthPercent": growth, "p99FirstMs": first.P99ms, "p99LastMs": last.P99ms, "p99ChangePercent": round(p99Change * 100),
		"cpuMsPerOpFirst": first.CPUmsPerOp, "cpuMsPerOpLast": last.CPUmsPerOp, "cpuPerOpChangePercent": round(cpuChange * 100),
		"idempotencyKeysFirst": first.PeakIdempotencyKeys, "idempotencyKeysLast": last.PeakIdempotencyKeys, "samplesOverKept": keysOver,
		"brokerLogBytesLast": last.BrokerLogBytes, "processes": len(last.RSS)}
	d.Summary = fmt.Sprintf("%d bookings + cancellations in %.0f min from %d clients over %d process(es), %d errors; %s → %s: worst RSS growth %+.1f %% (%s), p99 %.1f → %.1f ms (%+.0f %%), idempotency records %d → %d",
		bookings, plan.Duration.Minutes(), plan.Clients, len(last.RSS), errors, first.Label, last.Label, worst*100, worstName,
		first.P99ms, last.P99ms, p99Change*100, first.PeakIdempotencyKeys, last.PeakIdempotencyKeys)
}

// overKept counts the samples after the warm-up holding more idempotency
// records than the bookings made within the records' lifetime plus the
// pruner's interval (it deletes every tenth of the lifetime, between a
// second and a minute: platform/retention) and a second for the sample's own
// queries: a table that keeps growing fails, whatever the booking rate does.
func overKept(samples []SoakSample, ops []soakOp, plan SoakPlan) int {
	kept := plan.IdempotencyTTL + min(max(plan.IdempotencyTTL/10, time.Second), time.Minute) + time.Second
	over := 0
	for _, s := range samples {
		at := time.Duration(s.At * float64(time.Second))
		if at < plan.WarmUp {
			continue
		}
		made := 0
		for _, o := range ops {
			if o.ok && !o.cancel && o.at > at-kept && o.at <= at {
				made++
			}
		}
		if s.IdempotencyKeys > made {
			over++
		}
	}
	return over
}

// bytesPer100k: each table's size per 100,000 of its rows at the end, as
// the run left it (dead row versions included) and compacted (VACUUM FULL,
// after the load), and the broker's log per 100,000 events. The log is
// measured at the last sample before retention could have deleted
// anything, against the bookings and cancellations (one event each) made
// until then.
func (e *Env) bytesPer100k(ctx context.Context, samples []SoakSample, ops []soakOp, retention time.Duration) (map[string]int64, error) {
	out := map[string]int64{}
	if len(samples) == 0 {
		return out, nil
	}
	for _, t := range []string{"booking.appointments", "booking.idempotency_keys", "review.appointments"} {
		var rows, found, compacted int64
		if err := e.DB.QueryRow(ctx, `SELECT count(*), pg_total_relation_size($1::regclass) FROM `+t, t).Scan(&rows, &found); err != nil {
			return nil, err
		}
		if _, err := e.DB.Exec(ctx, `VACUUM FULL `+t); err != nil {
			return nil, err
		}
		if err := e.DB.QueryRow(ctx, `SELECT pg_total_relation_size($1::regclass)`, t).Scan(&compacted); err != nil {
			return nil, err
		}
		if rows > 0 {
			out[t] = found * 100_000 / rows
			out[t+" (compacted)"] = compacted * 100_000 / rows
		}
	}
	var before *SoakSample
	for i := range samples {
		if samples[i].At <= retention.Seconds() {
			before = &samples[i]
		}
	}
	if before != nil {
		events := 0
		for _, o := range ops {
			if o.ok && o.at.Seconds() < before.At {
				events++
			}
		}
		if events > 0 {
			out["broker log"] = before.BrokerLogBytes * 100_000 / int64(events)
		}
	}
	return out, nil
}

// saveProfiles stores each program's heap profile in dir (one for all when
// one process runs them all).
func (e *Env) saveProfiles(ctx context.Context, dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		e.Logf("soak: profiles: %v", err)
		return
	}
	client := &http.Client{Timeout: 30 * time.Second}
	for name, url := range e.proc.Metrics {
		path := filepath.Join(dir, "heap-"+strings.ReplaceAll(name, "/", "_")+".pprof")
		if err := saveProfile(ctx, client, url, path); err != nil {
			e.Logf("soak: profile of %s: %v", name, err)
		}
	}
}

func mib(b int64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

// Scaled is the plan run for d, warm-up and windows in the same
// proportions (a 10-minute plan run for 5: a 1-minute warm-up, 30 s windows).
func (p SoakPlan) Scaled(d time.Duration) SoakPlan {
	f := float64(d) / float64(p.Duration)
	scale := func(x time.Duration) time.Duration { return time.Duration(float64(x) * f) }
	p.Duration, p.WarmUp, p.Window = d, scale(p.WarmUp), scale(p.Window)
	p.IdempotencyTTL, p.KafkaRetention = scale(p.IdempotencyTTL), scale(p.KafkaRetention)
	p.Sample = min(p.Sample, max(p.Window/6, time.Second))
	return p
}
