package bench

import (
	"context"
	"fmt"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack"
)

// AlertPlan sizes the alert drill (issue 43): the split devstack with its
// Prometheus evaluating a time-compressed copy of the chart's rules
// (DrillRules), booking load, then three faults, each checked through
// Prometheus's HTTP API.
type AlertPlan struct {
	// Factor compresses the rules' time: 1/30 makes an hour two minutes.
	Factor float64
	// Scrape is Prometheus's scrape interval and every rule group's
	// evaluation interval in the drill.
	Scrape time.Duration
	// MinRange is the shortest range selector of the compressed rules.
	MinRange time.Duration
	// Baseline is how long the load runs healthy before the first fault.
	Baseline time.Duration
	// Clients book with an Idempotency-Key, resending a failed request
	// every 50 ms, Pause apart.
	Clients int
	Pause   time.Duration
	// Slots are the distinct slots the load may book: enough for the whole
	// run (the drill fails when the load runs dry before a fault).
	Slots int
	// Observe is how long a fault is watched after its last expected alert
	// fired, for the other alerts it sets off (reported, not judged); the
	// table lock is held that long too.
	Observe time.Duration
}

// DefaultAlertPlan is the drill's one form (make drills, bench -only alerts).
func DefaultAlertPlan() AlertPlan {
	return AlertPlan{Factor: 1.0 / 30, Scrape: time.Second, MinRange: 5 * time.Second, Baseline: 45 * time.Second,
		Clients: 4, Pause: 50 * time.Millisecond, Slots: 50_000, Observe: 35 * time.Second}
}

// expectedAlert is an alert a fault must set off, and the time it should
// take in the drill's compressed time (see expectations).
type expectedAlert struct {
	Name   string
	Labels map[string]string
	// Expected is the worst case the rules give; Deadline is how long the
	// drill waits before it calls the alert missing.
	Expected, Deadline time.Duration
	Why                string
}

// AlertFired is what the drill saw of one alert after a fault.
type AlertFired struct {
	Fault  string            `json:"fault"`
	Alert  string            `json:"alert"`
	Labels map[string]string `json:"labels"`
	// Expected is set for the alerts the fault must set off.
	Expected bool `json:"expected"`
	// PendingSeconds and FiringSeconds are from the fault to the first poll
	// (every 250 ms) that saw the alert pending and firing; -1: never.
	PendingSeconds float64 `json:"pendingSeconds"`
	FiringSeconds  float64 `json:"firingSeconds"`
	// ExpectedSeconds is the worst case the compressed rules give.
	ExpectedSeconds float64 `json:"expectedSeconds,omitempty"`
	Within          bool    `json:"within"`
	Why             string  `json:"why,omitempty"`
}

// AlertDrill is the drill's outcome, for docs/bench/alerts/report.md.
type AlertDrill struct {
	Date        string       `json:"date"`
	MachineLoad [2]string    `json:"machineLoad"`
	Plan        AlertPlan    `json:"plan"`
	Targets     int          `json:"targets"`
	Rules       int          `json:"rules"`
	Baseline    []string     `json:"baselineFiring"`
	Alerts      []AlertFired `json:"alerts"`
	// Resolved is how long the notification alerts took to leave firing
	// after notification-svc was resumed (-1: not within the wait);
	// LockResolved the same for the stall alert once the table lock was
	// released.
	ResolvedSeconds     float64 `json:"resolvedSeconds"`
	LockResolvedSeconds float64 `json:"lockResolvedSeconds"`
	Bookings            int     `json:"bookings"`
	Requests            int     `json:"requests"`
	// Notes are what the drill observed beyond its checks.
	Notes []string `json:"notes"`

	slots *Slots // the load's, to tell a load that ran dry
}

// AlertsDrill runs the alert drill with Prometheus built at promBin.
func AlertsDrill(ctx context.Context, o Options, plan AlertPlan, promBin string) (Drill, *AlertDrill, error) {
	d := Drill{Name: "alerts", Pass: true, Figures: map[string]any{}}
	if _, err := os.Stat(promBin); err != nil {
		return d, nil, fmt.Errorf("no Prometheus at %s (`make bin/prometheus` builds it): %w", promBin, err)
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		return d, nil, err
	}
	src, err := os.ReadFile(filepath.Join(root, devstack.RulesFile))
	if err != nil {
		return d, nil, err
	}
	exp := expectations(plan)
	for _, xs := range exp {
		for _, x := range xs {
			if !strings.Contains(string(src), "alert: "+x.Name+"\n") {
				return d, nil, fmt.Errorf("the drill expects %s, which %s does not define", x.Name, devstack.RulesFile)
			}
		}
	}
	rules, err := DrillRules(src, plan.Factor, plan.MinRange, plan.Scrape)
	if err != nil {
		return d, nil, err
	}
	rulesFile, err := os.CreateTemp("", "slotwise-drill-rules-*.yml")
	if err != nil {
		return d, nil, err
	}
	defer os.Remove(rulesFile.Name())
	if _, err := rulesFile.Write(rules); err != nil {
		return d, nil, err
	}
	rulesFile.Close()
	promAddr, err := freeAddr()
	if err != nil {
		return d, nil, err
	}
	e, err := StartProcess(ctx, o, "SPLIT=1", "NO_PROMETHEUS=0", "PROMETHEUS_BIN="+promBin, "PROMETHEUS_RULES="+rulesFile.Name(),
		"PROMETHEUS_ADDR="+promAddr, "PROMETHEUS_SCRAPE_INTERVAL="+plan.Scrape.String())
	if err != nil {
		return d, nil, err
	}
	defer e.Close()
	p := e.proc
	if p.Prometheus == "" {
		return d, nil, fmt.Errorf("the devstack started no Prometheus (endpoints: %+v); its log is %s", p.Endpoints, filepath.Join(e.tmp, "devstack.log"))
	}
	prom := promAPI{base: p.Prometheus, http: &http.Client{Timeout: 5 * time.Second}, logf: e.Logf}
	r := &AlertDrill{Plan: plan, Date: time.Now().UTC().Format(time.RFC3339)}
	// Every process up, every rule loaded.
	if r.Targets, err = prom.waitTargetsUp(ctx, len(p.Metrics), time.Minute); err != nil {
		return d, nil, err
	}
	if r.Rules, err = prom.ruleCount(ctx); err != nil || r.Rules == 0 {
		return d, nil, fmt.Errorf("prometheus loaded %d rules (%v)", r.Rules, err)
	}
	e.Logf("alerts: Prometheus %s scrapes %d processes, %d rules (time x %.4g)", p.Prometheus, r.Targets, r.Rules, plan.Factor)

	prov, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, nil, err
	}
	slots, err := e.NewSlots(ctx, prov, plan.Slots)
	if err != nil {
		return d, nil, err
	}
	r.slots = slots
	tokens := make([]string, plan.Clients)
	for i := range tokens {
		tokens[i] = e.Token("customer")
	}
	// A client resends a failed booking until it succeeds or the load
	// ends (its context is cancelled: stop alone waits for the request).
	lctx, cancelLoad := context.WithCancel(ctx)
	defer cancelLoad()
	stop := make(chan struct{})
	done := make(chan []loadResult)
	go func() {
		done <- e.bookingLoad(lctx, "", plan.Clients, slots, tokens, plan.Pause, time.Hour, stop)
	}()
	stopLoad := func() []loadResult {
		if stop == nil {
			return nil
		}
		close(stop)
		cancelLoad()
		stop = nil
		return <-done
	}
	defer stopLoad()
	r.MachineLoad[0] = loadAverage()
	e.Logf("alerts: %d clients book for %v before the first fault", plan.Clients, plan.Baseline)
	time.Sleep(plan.Baseline)

	baseline, err := prom.alerts(ctx)
	if err != nil {
		return d, nil, err
	}
	for _, a := range baseline {
		r.Baseline = append(r.Baseline, a.String())
		for _, xs := range exp {
			if slices.ContainsFunc(xs, a.matches) {
				d.fail("before any fault, %s is already %s", a, a.State)
			}
		}
	}
	slices.Sort(r.Baseline)
	e.Logf("alerts: before any fault: %v", r.Baseline)

	// (b) notification-svc's consumer stalls: the process is paused
	// (SIGSTOP) as a hung process would be; then resumed.
	notif := p.Pids["notification-svc-1"]
	book := p.Pids["booking-svc-1"]
	if notif == 0 || book == 0 {
		return d, nil, fmt.Errorf("no notification-svc-1 or booking-svc-1 in the devstack's pids: %v", p.Pids)
	}
	fault := "notification-svc paused"
	var resumed time.Time
	err = r.fault(ctx, &d, prom, fault, exp[fault], plan.Observe, func() error {
		e.Logf("alerts: SIGSTOP notification-svc (pid %d)", notif)
		return syscall.Kill(notif, syscall.SIGSTOP)
	}, func() {
		syscall.Kill(notif, syscall.SIGCONT)
		resumed = time.Now()
	})
	if err != nil {
		return d, nil, err
	}
	e.Logf("alerts: SIGCONT notification-svc; waiting for its alerts to resolve")
	r.ResolvedSeconds = -1
	if prom.waitResolved(ctx, exp[fault], 3*time.Minute) {
		r.ResolvedSeconds = round(time.Since(resumed).Seconds())
	} else {
		d.fail("the alerts of %q were still firing 3 minutes after notification-svc was resumed", fault)
	}

	// (b') The same consumer stuck while its process runs: a transaction
	// holds a lock on the table its handler inserts into. The process
	// answers its scrapes and its lag gauge freezes: the stall alert must
	// see it all the same.
	if err := r.lockedConsumer(ctx, &d, e, prom, plan, exp[lockFault]); err != nil {
		return d, nil, err
	}

	// (a) booking-svc stops (SIGKILL: a crash, at a known instant).
	fault = "booking-svc killed"
	err = r.fault(ctx, &d, prom, fault, exp[fault], plan.Observe, func() error {
		e.Logf("alerts: SIGKILL booking-svc (pid %d)", book)
		return syscall.Kill(book, syscall.SIGKILL)
	}, nil)
	if err != nil {
		return d, nil, err
	}
	results := stopLoad()
	r.MachineLoad[1] = loadAverage()
	for _, res := range results {
		r.Requests += res.attempts
		if res.status == 201 {
			r.Bookings++
		}
	}
	r.Notes = append(r.Notes, consumerLagNote(r.Alerts))

	var parts []string
	for _, a := range r.Alerts {
		if a.Expected && a.FiringSeconds < 0 {
			parts = append(parts, fmt.Sprintf("%s: %s did not fire", a.Fault, a.Alert))
		} else if a.Expected {
			parts = append(parts, fmt.Sprintf("%s: %s fired in %.1fs (expected ≤ %.1fs)", a.Fault, a.Alert, a.FiringSeconds, a.ExpectedSeconds))
			d.Figures[a.Alert+" after "+a.Fault+" (s)"] = a.FiringSeconds
		}
	}
	d.Figures["bookings"], d.Figures["requests"], d.Figures["resolvedSeconds"] = r.Bookings, r.Requests, r.ResolvedSeconds
	d.Summary = strings.Join(parts, "; ")
	return d, r, nil
}

// fault runs one fault: the alerts active just before it are noted (an
// expected one fails the drill: it would prove nothing), then inject, then
// the alerts are watched until the expected ones fired and observe passed;
// then undo (nil: nothing to undo), and the rows are judged.
func (r *AlertDrill) fault(ctx context.Context, d *Drill, prom promAPI, fault string, exp []expectedAlert, observe time.Duration,
	inject func() error, undo func()) error {
	if r.slots != nil && r.slots.Left() == 0 {
		return fmt.Errorf("the booking load ran out of slots before %s (AlertPlan.Slots)", fault)
	}
	before, err := prom.alerts(ctx)
	if err != nil {
		return err
	}
	active := map[string]bool{}
	for _, a := range before {
		active[a.key()] = true
		if slices.ContainsFunc(exp, a.matches) {
			d.fail("before %s, %s was already %s", fault, a, a.State)
		}
	}
	at := time.Now()
	if err := inject(); err != nil {
		return err
	}
	seen, err := prom.watch(ctx, at, exp, observe)
	if undo != nil {
		undo()
	}
	if err != nil {
		return err
	}
	seen = slices.DeleteFunc(seen, func(s seenAlert) bool { return active[s.alert.key()] && !slices.ContainsFunc(exp, s.alert.matches) })
	r.Alerts = append(r.Alerts, judge(d, fault, exp, seen)...)
	return nil
}

// lockFault is the drill's third fault.
const lockFault = "notification-svc's handler blocked by a table lock"

// lockedConsumer holds a lock on notification.notifications (EXCLUSIVE:
// reads go on, inserts wait) while bookings go on, until the expected
// alerts fired and plan.Observe more passed (or their deadline), and
// records which alerts that sets off, the consumer's lag as exported, the
// bookings whose events waited and how long the stall alert took to
// resolve once the lock was released.
func (r *AlertDrill) lockedConsumer(ctx context.Context, d *Drill, e *Env, prom promAPI, plan AlertPlan, exp []expectedAlert) error {
	const fault = lockFault
	var hold time.Duration
	var tx pgx.Tx
	var from time.Time
	var waited int
	err := r.fault(ctx, d, prom, fault, exp, plan.Observe, func() error {
		e.Logf("alerts: LOCK TABLE notification.notifications")
		var err error
		if tx, err = e.DB.Begin(ctx); err != nil {
			return err
		}
		from = time.Now()
		_, err = tx.Exec(ctx, `LOCK TABLE notification.notifications IN EXCLUSIVE MODE`)
		return err
	}, func() {
		// Counted while the lock is still held: the bookings whose
		// notifications could not be written.
		e.DB.QueryRow(ctx, `SELECT count(*) FROM booking.appointments WHERE created_at >= $1`, from).Scan(&waited)
		if tx != nil {
			tx.Rollback(ctx)
		}
		hold = time.Since(from).Round(100 * time.Millisecond)
	})
	if err != nil {
		return err
	}
	released := time.Now()
	r.LockResolvedSeconds = -1
	if prom.waitResolved(ctx, exp, 3*time.Minute) {
		r.LockResolvedSeconds = round(time.Since(released).Seconds())
	} else {
		d.fail("the alerts of %q were still firing 3 minutes after the lock was released", fault)
	}
	const lagQ = `sum(kafka_consumer_lag_booking_appointments_v1{group="notification-svc.appointments"})`
	during, _ := prom.value(ctx, fmt.Sprintf(`max_over_time(%s[%ds:1s])`, lagQ, int(hold.Seconds())))
	// Then the consumer works off the backlog: the gauge's peak, and how
	// long until it is back under 10 for three polls in a row.
	peak, calm, caughtUp := 0.0, 0, -1.0
	for time.Since(released) < 3*time.Minute && caughtUp < 0 {
		if v, err := prom.value(ctx, lagQ); err == nil {
			peak = max(peak, v)
			if calm++; v >= 10 {
				calm = 0
			}
			if calm == 3 {
				caughtUp = round(time.Since(released).Seconds())
			}
		}
		time.Sleep(500 * time.Millisecond)
	}
	var fired []string
	for _, a := range r.Alerts {
		if a.Fault == fault && a.FiringSeconds >= 0 {
			fired = append(fired, fmt.Sprintf("%s{%s} after %.1f s", a.Alert, labels(a.Labels), a.FiringSeconds))
		}
	}
	firedText := "no alert that was not already active fired"
	if len(fired) > 0 {
		firedText = "these alerts fired: " + strings.Join(fired, "; ")
	}
	r.Notes = append(r.Notes, fmt.Sprintf("**The blocked consumer.** With notification.notifications locked for %v "+
		"(notification-svc up and answering its scrapes, its handler waiting on the lock), %d bookings were made whose events waited; "+
		"notification-svc's `kafka_consumer_lag_booking_appointments_v1` read at most %.0f meanwhile, and %s. Once the lock was "+
		"released the gauge rose to %.0f while the consumer worked off the backlog (under 10 again after %.1f s; -1: not within "+
		"3 minutes), and the stall alert resolved after %.1f s (-1: not within 3 minutes).", hold, waited, during, firedText, peak, caughtUp,
		r.LockResolvedSeconds))
	return nil
}

// expectations are the alerts each fault must set off, with the time the
// compressed rules give for each in the worst case (the sums below):
//
//   - SlotwiseProgramDown: `up == 0 for 2m`; up is 0 from the first failed
//     scrape (a killed process refuses the connection; a paused one times
//     out within the scrape interval).
//   - SlotwiseBookingErrorBudgetBurn, window 1h: the 5xx ratio of
//     POST /appointments above 14.4 × 0.1 % over 1 h and over 5 m, for 2m.
//     With every booking failing, the 5 m ratio passes it at the first
//     evaluation that sees the new 5xx series twice, the 1 h ratio once
//     1.44 % of an hour has failed.
//   - SlotwiseNotificationDelayBudgetBurn, window 1h: notification-svc's
//     lag counts as bad while it is missing (a process that does not answer
//     its scrape exports nothing); bad for 14.4 × 1 % of an hour (and of
//     5 m), then 2m.
//   - SlotwiseConsumerStalled (notification-svc.appointments, paused or
//     blocked): booking.appointments.v1 published to in the last 10 m and
//     the group's handled count not rising over those 10 m (or gone), for
//     2m. The count's last rise is before the fault, so it leaves the
//     window at most 10 m (compressed) after it.
func expectations(plan AlertPlan) map[string][]expectedAlert {
	f := plan.Factor
	const poll = 250 * time.Millisecond
	scrape, eval := plan.Scrape, plan.Scrape // every group is evaluated at the scrape interval
	forFast := drillDuration(2*time.Minute, f)
	hour := drillDuration(time.Hour, f)
	window := max(drillDuration(10*time.Minute, f), plan.MinRange)
	// The fault shows at the next scrape, or at the one after for a paused
	// process (its scrape times out after one interval); then the alert's
	// group evaluates it, it stays true for its `for`, and a poll sees it.
	down := scrape + scrape + eval + forFast + poll
	// A burn-rate alert also waits for the recording rules' evaluation and
	// for the long window's bad fraction to pass the threshold (14.4 times
	// the budget, all requests failing); a new 5xx series needs two
	// scrapes before rate() sees it.
	burn := func(budget float64) time.Duration {
		return 2*scrape + time.Duration(14.4*budget*float64(hour)) + eval + eval + forFast + poll
	}
	// A stalled group: its handled counter's last rise leaves the 10 m
	// window at most one window after the fault (the scrape after the
	// last commit may fall just after it); then the alert's group
	// evaluates it, its `for` passes, and a poll sees it.
	stall := scrape + window + eval + forFast + eval + poll
	stalled := map[string]string{"group": "notification-svc.appointments", "topic": "booking.appointments.v1"}
	mk := func(name string, labels map[string]string, x time.Duration, why string) expectedAlert {
		return expectedAlert{Name: name, Labels: labels, Expected: x, Deadline: 2*x + time.Minute, Why: why}
	}
	return map[string][]expectedAlert{
		"notification-svc paused": {
			mk("SlotwiseProgramDown", map[string]string{"job": "notification-svc"}, down, "its scrape times out: up == 0"),
			mk("SlotwiseNotificationDelayBudgetBurn", map[string]string{"window": "1h"}, burn(0.01),
				"its consumer's lag is missing, which the notification-delay SLI counts as bad"),
			mk("SlotwiseConsumerStalled", stalled, stall,
				"booking-svc's relay keeps publishing to booking.appointments.v1 while the group's `kafka_consumer_handled_total` is gone"),
		},
		lockFault: {
			mk("SlotwiseConsumerStalled", stalled, stall,
				"booking-svc's relay keeps publishing to booking.appointments.v1 while the group's `kafka_consumer_handled_total` stays flat"),
		},
		"booking-svc killed": {
			mk("SlotwiseProgramDown", map[string]string{"job": "booking-svc"}, down, "its scrape is refused: up == 0"),
			mk("SlotwiseBookingErrorBudgetBurn", map[string]string{"window": "1h"}, burn(0.001),
				"every POST /appointments answers 503"),
		},
	}
}

// judge turns what watch saw into report rows and fails d for an expected
// alert that never fired.
func judge(d *Drill, fault string, exp []expectedAlert, seen []seenAlert) []AlertFired {
	var out []AlertFired
	for _, x := range exp {
		row := AlertFired{Fault: fault, Alert: x.Name, Labels: x.Labels, Expected: true, PendingSeconds: -1, FiringSeconds: -1,
			ExpectedSeconds: x.Expected.Seconds(), Why: x.Why}
		for _, s := range seen {
			if s.alert.matches(x) {
				row.PendingSeconds, row.FiringSeconds = s.pending, s.firing
				break
			}
		}
		if row.FiringSeconds < 0 {
			d.fail("%s: %s{%s} did not fire within %v", fault, x.Name, labels(x.Labels), x.Deadline.Round(time.Second))
		}
		row.Within = row.FiringSeconds >= 0 && row.FiringSeconds <= x.Expected.Seconds()
		out = append(out, row)
	}
	for _, s := range seen {
		if slices.ContainsFunc(exp, func(x expectedAlert) bool { return s.alert.matches(x) }) {
			continue
		}
		l := maps.Clone(s.alert.Labels)
		delete(l, "alertname")
		out = append(out, AlertFired{Fault: fault, Alert: s.alert.Name(), Labels: l, PendingSeconds: s.pending, FiringSeconds: s.firing})
	}
	return out
}

// consumerLagNote says what the consumer-lag alerts made of the two
// notification-svc stalls, and why.
func consumerLagNote(alerts []AlertFired) string {
	var fired []string
	for _, a := range alerts {
		if strings.HasPrefix(a.Fault, "notification-svc") && (a.Alert == "SlotwiseConsumerLagHigh" || a.Alert == "SlotwiseConsumerStalled") && a.FiringSeconds >= 0 {
			fired = append(fired, fmt.Sprintf("%s fired %.1f s after \"%s\"", a.Alert, a.FiringSeconds, a.Fault))
		}
	}
	what := "Neither SlotwiseConsumerLagHigh nor SlotwiseConsumerStalled fired for either stall of notification-svc's consumer."
	if len(fired) > 0 {
		what = "Of the consumer-lag alerts, " + strings.Join(fired, "; ") + "."
	}
	return "**The consumer-lag alerts.** " + what + " SlotwiseConsumerStalled watches the consumer from outside: the producer's " +
		"outbox relay counts what it publishes to each topic (`outbox_published_total{topic}`), every consumer counts what its " +
		"group handled (`kafka_consumer_handled_total{topic,group}`, registered at 0 when it starts), and the rule fires for a " +
		"group seen in the last day whose count does not rise over 10 minutes (or is gone: paused, dead) while its topic's " +
		"count does. SlotwiseConsumerLagHigh keeps the lag as a live consumer reports it (kafka-go's reader statistic, the " +
		"lag of the last message it fetched): a paused consumer exports none and a blocked one freezes it, often at 0, so it " +
		"is for a consumer that is slow but moving."
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}
