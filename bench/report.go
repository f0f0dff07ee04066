package bench

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Report is everything `make bench` measured.
type Report struct {
	Date    string       `json:"date"`
	Machine Machine      `json:"machine"`
	Short   bool         `json:"short"`
	Booking []Comparison `json:"booking"`
	// Marketplace is the seeded marketplace (100,000 services, 1,000,000
	// appointments) the booking rows run on.
	Marketplace *Marketplace `json:"marketplace,omitempty"`
	// MarketplaceHour is issue 38's open-loop mix on a split stack.
	MarketplaceHour *MarketplaceHour `json:"marketplaceHour,omitempty"`
	EventLag        *Latencies       `json:"eventLag,omitempty"`
	// NotificationLag is booking commit → the provider's notification
	// stored (target: p99 < 100 ms).
	NotificationLag *Latencies `json:"notificationLag,omitempty"`
	// BacklogDrainSeconds is how long review-svc took, after the booking
	// throughput runs, to apply every appointment event they produced.
	BacklogDrainSeconds float64     `json:"backlogDrainSeconds"`
	Drills              []Drill     `json:"drills"`
	Authz               []AuthzCell `json:"authzMatrix,omitempty"`
	Soak                *Soak       `json:"soak,omitempty"`
	Errors              []string    `json:"errors,omitempty"`
	AllPass             bool        `json:"allPass"`
	Seconds             float64     `json:"seconds"`
	Method              []string    `json:"method"`
	Postgres            string      `json:"postgres"`
	Decisions           []string    `json:"notes,omitempty"`
}

// Machine describes where the figures come from.
type Machine struct {
	Cores     int    `json:"cores"`
	GoVersion string `json:"goVersion"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
	CPU       string `json:"cpu,omitempty"`
}

func machine() Machine {
	m := Machine{Cores: runtime.NumCPU(), GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				if _, v, ok := strings.Cut(l, ":"); ok {
					m.CPU = strings.TrimSpace(v)
				}
				break
			}
		}
	}
	return m
}

// Plan sizes the scenarios.
type Plan struct {
	Rounds        int
	Round         time.Duration
	BookingSlots  int
	Marketplace   MarketplacePlan
	Hour          HourPlan
	LagBookings   int
	Outage        time.Duration
	CrashBefore   time.Duration
	CrashDown     time.Duration
	CrashAfter    time.Duration
	BadRequests   int
	Guessing      time.Duration // each half of the password-guessing drill
	RestoreLoad   time.Duration // booking load around the backup drill's dump
	ContentionN   int
	BookingCounts []int
	ScaleOut      ScaleOutPlan
}

// FullPlan is `make bench`; ShortPlan is a quick smoke run.
func FullPlan() Plan {
	return Plan{Rounds: 4, Round: 5 * time.Second, BookingSlots: 200000, LagBookings: 300,
		Marketplace: MarketplacePlan{Services: 100_000, Appointments: 1_000_000, Busy: 20_000, Providers: 20_000}, Hour: FullHour(),
		Outage: 30 * time.Second, CrashBefore: 3 * time.Second, CrashDown: 2 * time.Second, CrashAfter: 4 * time.Second,
		BadRequests: 100_000, Guessing: 30 * time.Second, RestoreLoad: 20 * time.Second, ContentionN: 200, BookingCounts: []int{16, 64},
		ScaleOut: ScaleOutPlan{Bookings: 300, CostLoad: 10 * time.Second, KillLoad: 6 * time.Second, ReviewBatch: 60}}
}

func ShortPlan() Plan {
	p := FullPlan()
	p.Rounds, p.Round, p.BookingSlots, p.LagBookings, p.BadRequests = 2, 2*time.Second, 40000, 60, 10_000
	p.Outage, p.CrashBefore, p.CrashDown, p.CrashAfter = 3*time.Second, 1500*time.Millisecond, 500*time.Millisecond, 2*time.Second
	p.ScaleOut.CostLoad, p.ScaleOut.KillLoad = 3*time.Second, 3*time.Second
	p.Guessing, p.RestoreLoad = 5*time.Second, 4*time.Second
	p.Hour = ShortHour()
	return p
}

// RunAll runs every scenario on e, in an order where each starts from a
// quiet system, and returns the report.
func RunAll(ctx context.Context, e *Env, p Plan) Report {
	start := time.Now()
	r := Report{Date: time.Now().UTC().Format(time.RFC3339), Machine: machine(), Short: e.Opts.Short, AllPass: true}
	_ = e.DB.QueryRow(ctx, `SELECT current_setting('server_version') || ', max_connections ' || current_setting('max_connections') ||
		', synchronous_commit ' || current_setting('synchronous_commit') || ', shared_buffers ' || current_setting('shared_buffers')`).Scan(&r.Postgres)
	r.Method = []string{
		"Everything runs in one process on loopback (the devstack: gateway + four services with real gRPC between them), PostgreSQL is the local server, Kafka is an embedded kfake broker with a data directory.",
		fmt.Sprintf("Throughput figures are closed-loop: each client sends its next request when the previous one answered. Baseline and system run in %d interleaved rounds of %s each (alternating which goes first) and each side's rounds are merged, so both see the same machine state.", p.Rounds, p.Round),
		"The machine's cores are shared with other work (other engineers' builds and tests): absolute figures are noisy; the ratios are the figures to read.",
		"CPU ms/op is the whole machine's busy CPU time (every core and process: load generator, services, PostgreSQL, kernel) during that side's rounds, per operation. The machine is CPU-bound during both sides, so a ratio is close to the inverse ratio of the two CPU costs: it is what a booking costs end to end (HTTP, two gRPC services, the batch insert, the outbox relay, the Kafka broker, review-svc's projection, notification-svc's notification and its mail) against one insert.",
		"A booking round's time runs until every booking of the round has its consequences: its event published and consumed by review-svc and notification-svc, and the provider's email sent. Its system /s is therefore what the whole pipeline sustains; the rate the bookings were answered at, and the drain, are in the row's notes. Before (up to the fourth session's report) a round's leftover work ran in the next round, often the raw insert's.",
		"Event lag is review-svc's projection row time (its transaction's now()) minus the booking's created_at (stamped just before booking-svc's insert transaction), for bookings sent at a steady 20/s.",
	}
	if e.Opts.PoolMaxConns > 0 {
		r.Method = append(r.Method, fmt.Sprintf("Every service's pgx pool holds up to %d connections (pool_max_conns=%d in DATABASE_URL; pgxpool's default is max(4, cores) = %d here). With the default, booking-svc's 4 connections were the bottleneck: 262 → 750 bookings/s at 16 clients in a profiling run.", e.Opts.PoolMaxConns, e.Opts.PoolMaxConns, max(4, runtime.NumCPU())))
	}
	fail := func(name string, err error) {
		r.Errors = append(r.Errors, name+": "+err.Error())
		r.AllPass = false
		e.Logf("%s: %v", name, err)
	}

	// The marketplace first: its pages then list its own services, and
	// bookings then go into a table of a million appointments.
	if m, err := e.MarketplaceScenarios(ctx, p.Marketplace); err != nil {
		fail("marketplace", err)
	} else {
		r.Marketplace = &m
	}
	if cs, err := e.BookingThroughput(ctx, p.BookingCounts, p.Rounds, p.Round, p.BookingSlots); err != nil {
		fail("booking throughput", err)
	} else {
		r.Booking = cs
	}
	if l, drain, err := e.EventLag(ctx, p.LagBookings, 20); err != nil {
		fail("event lag", err)
	} else {
		r.EventLag, r.BacklogDrainSeconds = &l, round(drain.Seconds())
	}
	if l, err := e.NotificationLag(ctx, p.LagBookings, 20); err != nil {
		fail("notification lag", err)
	} else {
		r.NotificationLag = &l
		if l.P99ms >= 100 {
			fail("notification lag", fmt.Errorf("p99 %.1f ms, the target is under 100 ms", l.P99ms))
		}
	}
	drill := func(d Drill, err error) {
		if err != nil {
			fail(d.Name, err)
			return
		}
		e.Logf("%s", d.String())
		r.Drills = append(r.Drills, d)
	}
	// Every notification the throughput runs and the lag runs made has
	// its email sent or failed with a reason before the drills add more.
	drill(e.Mails(ctx, 5*time.Minute))
	drill(e.Contention(ctx, p.ContentionN))
	drill(e.ContentionSharedMember(ctx, p.ContentionN))
	d, cells, err := e.Authz(ctx)
	r.Authz = cells
	drill(d, err)
	drill(e.BadInput(ctx, p.BadRequests, 16))
	drill(e.Guessing(ctx, 20, p.Guessing, 3))
	drill(e.Crash(ctx, p.CrashBefore, p.CrashDown, p.CrashAfter))
	drill(e.KafkaOutage(ctx, p.Outage))
	drill(e.ScaleOut(ctx, p.ScaleOut))
	drill(e.Restore(ctx, p.RestoreLoad))
	// The marketplace hour on a split stack of its own.
	if h, err := e.MarketplaceHour(ctx, p.Hour); err != nil {
		fail("marketplace hour", err)
	} else {
		e.Logf("marketplace hour: pass %v %v", h.Pass, h.Failures)
		r.MarketplaceHour = &h
	}

	r.settle()
	r.Seconds = round(time.Since(start).Seconds())
	return r
}

// settle decides AllPass from every part of the report.
func (r *Report) settle() {
	r.AllPass = len(r.Errors) == 0
	for _, c := range r.Booking {
		r.AllPass = r.AllPass && c.Pass
	}
	if r.MarketplaceHour != nil {
		r.AllPass = r.AllPass && r.MarketplaceHour.Pass
	}
	for _, d := range r.Drills {
		r.AllPass = r.AllPass && d.Pass
	}
}

// ReadReport loads a report written by Write (to update one part of it).
func ReadReport(dir string) (Report, error) {
	var r Report
	raw, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		return r, err
	}
	return r, jsonUnmarshal(raw, &r)
}

// SetDrill puts d in the report in place of an earlier run of the same
// drill (or adds it), and names the drill's own run in the notes.
func (r *Report) SetDrill(d Drill, date string) {
	i := slices.IndexFunc(r.Drills, func(x Drill) bool { return x.Name == d.Name })
	if i < 0 {
		r.Drills = append(r.Drills, d)
	} else {
		r.Drills[i] = d
	}
	note := fmt.Sprintf("The %s drill was run on its own (-only %s) at %s.", d.Name, d.Name, date)
	r.Decisions = slices.DeleteFunc(r.Decisions, func(n string) bool {
		return strings.HasPrefix(n, fmt.Sprintf("The %s drill was run on its own", d.Name))
	})
	r.Decisions = append(r.Decisions, note)
	r.settle()
}

// SetMarketplace puts m in the report in place of an earlier run and names
// its own run in the notes.
func (r *Report) SetMarketplace(m Marketplace, date string) {
	r.Marketplace = &m
	const prefix = "The booking rows and the marketplace scenarios were run on their own"
	r.Decisions = slices.DeleteFunc(r.Decisions, func(n string) bool { return strings.HasPrefix(n, prefix) })
	r.Decisions = append(r.Decisions, fmt.Sprintf("%s (-only marketplace) at %s.", prefix, date))
	r.settle()
}

// SetMarketplaceHour puts h in the report in place of an earlier run and
// names its own run in the notes.
func (r *Report) SetMarketplaceHour(h MarketplaceHour, date string) {
	r.MarketplaceHour = &h
	const prefix = "The marketplace hour was run on its own"
	r.Decisions = slices.DeleteFunc(r.Decisions, func(n string) bool { return strings.HasPrefix(n, prefix) })
	r.Decisions = append(r.Decisions, fmt.Sprintf("%s (-only marketplace-hour) at %s.", prefix, date))
	r.settle()
}

// Write stores report.json and report.md in dir.
func (r Report) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	raw, err := jsonMarshalIndent(r)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "report.json"), append(raw, '\n'), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.md"), []byte(r.Markdown()), 0o644)
}

func passMark(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

// Markdown renders the report for humans.
func (r Report) Markdown() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# Slotwise bench report\n\n")
	form := "full"
	if r.Short {
		form = "short"
	}
	w("%s (%s form, %.0f s) on %d cores (%s), %s %s/%s. PostgreSQL %s.\n\n", r.Date, form, r.Seconds, r.Machine.Cores, r.Machine.CPU,
		r.Machine.GoVersion, r.Machine.OS, r.Machine.Arch, r.Postgres)
	w("**Overall: %s**\n\n", passMark(r.AllPass))
	for _, m := range r.Method {
		w("- %s\n", m)
	}
	w("\n## Throughput against in-run baselines\n\n")
	w("| scenario | clients | system /s | p50 ms | p95 ms | p99 ms | errors | CPU ms/op | baseline /s | baseline p99 ms | baseline CPU ms/op | ratio | target | result |\n")
	w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	rows := r.Booking
	for _, c := range rows {
		target := fmt.Sprintf("≥ %.1f", c.Target)
		if c.Target == 0 {
			target = "—"
		}
		w("| %s | %d | %.0f | %.1f | %.1f | %.1f | %d | %.3f | %.0f | %.1f | %.3f | %.2f | %s | %s |\n", c.Name, c.Clients, c.System.PerSec, c.System.P50ms,
			c.System.P95ms, c.System.P99ms, c.System.Errors, c.System.CPUmsPerOp, c.Baseline.PerSec, c.Baseline.P99ms, c.Baseline.CPUmsPerOp,
			c.Ratio, target, passMark(c.Pass))
	}
	w("\n")
	for _, c := range rows {
		w("- %s, %d clients: %s. System %d requests in %.1f s; baseline %d in %.1f s.\n", c.Name, c.Clients, c.Notes, c.System.Ops, c.System.Seconds, c.Baseline.Ops, c.Baseline.Seconds)
	}
	if m := r.Marketplace; m != nil {
		w("\n## Marketplace scale (issue 24)\n\n%d services, %d appointments, seeded in %.1f s (generate_series, one statement each); the booking rows run on it.\n\n", m.Services, m.Appointments, m.SeedSeconds)
		for _, pl := range m.Plans {
			w("- Plan, %s\n", pl)
		}
	}
	if h := r.MarketplaceHour; h != nil {
		b.WriteString(h.Markdown())
	}
	if r.EventLag != nil {
		w("\n## Event lag (booking commit → review-svc projection)\n\n")
		w("%d bookings at 20/s on a caught-up system: p50 %.1f ms, p99 %.1f ms, max %.1f ms.\n\n", r.EventLag.N, r.EventLag.P50ms, r.EventLag.P99ms, r.EventLag.MaxMs)
		w("Before that, review-svc needed %.1f s after the throughput runs ended to apply what was still queued for it.\n", r.BacklogDrainSeconds)
	}
	if r.NotificationLag != nil {
		w("\n## Notification lag (booking commit → the provider's notification stored)\n\n")
		w("%d bookings at 20/s on a caught-up system: p50 %.1f ms, p99 %.1f ms, max %.1f ms (target: p99 under 100 ms).\n",
			r.NotificationLag.N, r.NotificationLag.P50ms, r.NotificationLag.P99ms, r.NotificationLag.MaxMs)
	}
	w("\n## Correctness drills\n\n| drill | result | summary |\n|---|---|---|\n")
	for _, d := range r.Drills {
		w("| %s | %s | %s |\n", d.Name, passMark(d.Pass), d.Summary)
	}
	for _, d := range r.Drills {
		if d.Name == "scaleout" {
			w("%s", scaleOutMarkdown(d))
		}
	}
	for _, d := range r.Drills {
		if len(d.Failures) > 0 {
			w("\n%s failures:\n\n", d.Name)
			for _, f := range d.Failures {
				w("- `%s`\n", strings.ReplaceAll(f, "`", "'"))
			}
		}
	}
	if r.Soak != nil {
		b.WriteString(r.Soak.Markdown())
	}
	if len(r.Authz) > 0 {
		w("\n## Authorization matrix\n\nEach cell: expected / got (status). allow = 2xx; deny-401 = 401; deny-403 = 403; deny-owner = 403 or 404 (never the resource). Allowed list and profile answers are also checked for other users' data.\n\n")
		w("| endpoint | %s |\n|---|%s\n", strings.Join(Principals, " | "), strings.Repeat("---|", len(Principals)))
		byEndpoint := map[string][]AuthzCell{}
		var order []string
		for _, c := range r.Authz {
			if _, ok := byEndpoint[c.Endpoint]; !ok {
				order = append(order, c.Endpoint)
			}
			byEndpoint[c.Endpoint] = append(byEndpoint[c.Endpoint], c)
		}
		for _, ep := range order {
			w("| `%s` |", ep)
			for _, c := range byEndpoint[ep] {
				mark := "✓"
				if !c.OK {
					mark = "✗"
				}
				w(" %s %s (%d) |", mark, c.Expected, c.Status)
			}
			w("\n")
		}
	}
	if len(r.Errors) > 0 {
		w("\n## Scenarios that could not run\n\n")
		for _, e := range r.Errors {
			w("- %s\n", e)
		}
	}
	if len(r.Decisions) > 0 {
		w("\n## Notes\n\n")
		for _, n := range r.Decisions {
			w("- %s\n", n)
		}
	}
	return b.String()
}

// scaleOutMarkdown renders the scale-out drill's per-replica figures.
func scaleOutMarkdown(d Drill) string {
	var b strings.Builder
	b.WriteString("\n## Scale-out (split mode: every program its own process)\n\n")
	// Figures are a map[string]float64 when fresh and a map[string]any when read back from JSON.
	var shares map[string]float64
	if raw, err := jsonMarshal(d.Figures["bookingSharesPercent"]); err == nil && jsonUnmarshal(raw, &shares) == nil && len(shares) > 0 {
		b.WriteString("| booking-svc replica | share of the bookings (its own metrics) |\n|---|---:|\n")
		for _, name := range slices.Sorted(maps.Keys(shares)) {
			fmt.Fprintf(&b, "| %s | %.1f %% |\n", name, shares[name])
		}
		b.WriteString("\n")
	}
	for _, key := range []string{"cpuMsPerBooking", "costBookingsPerSecond", "residentMB", "kill", "readsDuringKill", "newReplicaFirstBookingSeconds", "reviewPartitionsByReplica", "reviewPartitionsAfterKill", "reviewProjection"} {
		if v, ok := d.Figures[key]; ok {
			raw, _ := jsonMarshal(v)
			fmt.Fprintf(&b, "- %s: `%s`\n", key, raw)
		}
	}
	return b.String()
}
