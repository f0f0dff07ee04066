package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stacktest"
)

// createMethod is booking-svc's method behind POST /appointments.
const createMethod = "/slotwise.booking.v1.BookingService/CreateAppointment"

// ScaleOutPlan sizes the scale-out drill.
type ScaleOutPlan struct {
	// Bookings are spread over the three booking-svc replicas.
	Bookings int
	// CostLoad is how long booking load runs while each program's CPU time
	// per booking is measured.
	CostLoad time.Duration
	// KillLoad is how long booking load runs around the SIGKILL of a
	// booking-svc replica (the kill is in the middle).
	KillLoad time.Duration
	// ReviewBatch is how many bookings each step of the review-svc part
	// makes.
	ReviewBatch int
}

// ScaleOut runs every program as its own OS process (devstack.StartSplit,
// the chart's env, a database and broker of its own) with three booking-svc
// and two review-svc replicas, and checks that work spreads over replicas
// and survives losing one:
//   - shares: the bookings through the gateway, as each booking replica's
//     own metrics count them, 25–42 % each;
//   - cost: CPU time per booking of each program and of PostgreSQL, and
//     each process's resident memory (scaleout_cost.go);
//   - kill: one booking replica gets SIGKILL under keyed booking load
//     (clients send a failed request again with the same Idempotency-Key):
//     no keyed booking fails, every acknowledged booking is stored once, and
//     reads (retried by the gateway on another replica) do not fail;
//   - join: a replica started afterwards serves bookings within 60 s (the
//     servers age connections out, the gateway re-resolves);
//   - consumers: the two review-svc replicas split booking.appointments.v1's
//     partitions in one consumer group; one gets SIGKILL, the other takes
//     its partitions, and every appointment's projection ends exactly at the
//     booking's final state.
func (e *Env) ScaleOut(ctx context.Context, p ScaleOutPlan) (Drill, error) {
	d := Drill{Name: "scaleout", Pass: true, Figures: map[string]any{}}
	s, split, stop, err := e.splitStack(ctx, "scaleout", map[string]int{"booking-svc": 3, "review-svc": 2})
	if err != nil {
		return d, err
	}
	defer stop()
	provider, err := s.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	// The load steps get slots for 2000 bookings/s; the join step books for
	// up to 90 s at about 20/s.
	perSecond := 2000
	slots, err := s.NewSlots(ctx, provider, p.Bookings+int((p.CostLoad+p.KillLoad).Seconds())*perSecond+400+2000+4*p.ReviewBatch)
	if err != nil {
		return d, err
	}
	steps := []func() (string, error){
		func() (string, error) { return s.bookingShares(ctx, &d, split, slots.Next(p.Bookings)) },
		func() (string, error) {
			return s.programCosts(ctx, &d, split, slots.Next(int(p.CostLoad.Seconds())*perSecond+200), p.CostLoad, provider)
		},
		func() (string, error) {
			return s.killBookingReplica(ctx, &d, split, slots.Next(int(p.KillLoad.Seconds())*perSecond+200), p.KillLoad)
		},
		func() (string, error) { return s.joinBookingReplica(ctx, &d, split, slots.Next(2000)) },
		func() (string, error) { return s.reviewConsumers(ctx, &d, split, slots, p.ReviewBatch) },
	}
	var summary []string
	for _, step := range steps {
		line, err := step()
		if err != nil {
			return d, err
		}
		summary = append(summary, line)
	}
	d.Summary = strings.Join(summary, "; ")
	return d, nil
}

// splitStack starts a split stack with replicas on a database and broker
// of its own. The Env it returns talks to that stack's API and database;
// stop ends the processes and drops the database.
func (e *Env) splitStack(ctx context.Context, name string, replicas map[string]int) (*Env, *devstack.Split, func(), error) {
	bins, err := e.programs(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		return nil, nil, nil, err
	}
	dbURL, dbName, err := createDatabase(ctx, e.AdminURL)
	if err != nil {
		return nil, nil, nil, err
	}
	var cleanup []func()
	stop := func() {
		for i := len(cleanup) - 1; i >= 0; i-- {
			cleanup[i]()
		}
	}
	cleanup = append(cleanup, func() { dropDatabase(e.AdminURL, dbName) })
	broker, err := StartBroker(filepath.Join(e.tmp, name+"-kafka"))
	if err != nil {
		stop()
		return nil, nil, nil, err
	}
	cleanup = append(cleanup, broker.Stop)
	o := devstack.SplitOptions{BinDir: bins, ValuesFile: filepath.Join(root, "helm", "slotwise", "values.yaml"),
		DatabaseURL: dbURL, KafkaBrokers: []string{broker.Addr}, SigningKey: e.Key, Replicas: replicas,
		LogDir: filepath.Join(e.tmp, name+"-logs"), Say: e.Logf,
		// The drills book far faster than a person, some as one customer: not the per-user limit's case.
		// The bench's users (NewUser) are mailed without verifying.
		Env: []string{"BOOKING_RATE_LIMIT_PER_MINUTE=0", "VERIFIED_EMAIL_DOMAINS=example.com"}}
	if e.Opts.Verbose {
		o.Echo = os.Stderr
	}
	sctx, cancel := context.WithCancel(context.Background())
	split, err := devstack.StartSplit(sctx, o)
	if err != nil {
		cancel()
		stop()
		return nil, nil, nil, err
	}
	cleanup = append(cleanup, func() { cancel(); split.Wait() })
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		stop()
		return nil, nil, nil, err
	}
	cfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		stop()
		return nil, nil, nil, err
	}
	cleanup = append(cleanup, pool.Close)
	var procs []string
	for _, p := range split.Processes() {
		procs = append(procs, fmt.Sprintf("%s (pid %d)", p.Name, p.Pid()))
	}
	e.Logf("%s: split stack up at %s: %s", name, split.APIURL, strings.Join(procs, ", "))
	s := &Env{Opts: e.Opts, AdminURL: e.AdminURL, DatabaseURL: dbURL, Broker: broker, Key: e.Key, API: split.APIURL,
		Clock: e.Clock, HTTP: e.HTTP, DB: pool, tmp: e.tmp}
	return s, split, stop, nil
}

// customers mints n customer tokens of fresh accounts and returns them
// with their subjects.
func customers(e *Env, n int) (tokens, subs []string) {
	for range n {
		sub := uuid.NewString()
		subs = append(subs, sub)
		tokens = append(tokens, MintToken(e.Key, sub, "customer", time.Hour))
	}
	return tokens, subs
}

// createCounts reads each process's count of bookings it created.
func createCounts(ctx context.Context, procs []*devstack.Process) (map[string]float64, error) {
	out := map[string]float64{}
	for _, p := range procs {
		m, err := Scrape(ctx, p.MetricsURL())
		if err != nil {
			return nil, err
		}
		out[p.Name] = m.Sum("rpc_server_requests_total", map[string]string{"method": createMethod, "code": "OK"})
	}
	return out, nil
}

// bookingShares books every slot of slots and reads from each booking
// replica's metrics how many of the bookings it made.
func (e *Env) bookingShares(ctx context.Context, d *Drill, split *devstack.Split, slots *Slots) (string, error) {
	replicas := split.Replicas("booking-svc")
	before, err := createCounts(ctx, replicas)
	if err != nil {
		return "", err
	}
	tokens, _ := customers(e, 8)
	results := e.bookingLoad(ctx, "", len(tokens), slots, tokens, 0, 30*time.Second, nil)
	after, err := createCounts(ctx, replicas)
	if err != nil {
		return "", err
	}
	for _, r := range results {
		if r.status != 201 {
			d.fail("share booking %v: %d after %d attempts: %s", r.slot, r.status, r.attempts, r.body)
		}
	}
	total := 0.0
	for name := range after {
		total += after[name] - before[name]
	}
	shares := map[string]float64{}
	var parts []string
	for _, p := range replicas {
		share := 0.0
		if total > 0 {
			share = 100 * (after[p.Name] - before[p.Name]) / total
		}
		shares[p.Name] = round(share)
		parts = append(parts, fmt.Sprintf("%.0f %%", share))
		if share < 25 || share > 42 {
			d.fail("%s made %.1f %% of the bookings, want 25–42 %%: %v", p.Name, share, shares)
		}
	}
	if int(total) < len(results) {
		d.fail("the booking replicas' metrics count %.0f bookings, %d were made", total, len(results))
	}
	d.Figures["bookings"] = len(results)
	d.Figures["bookingSharesPercent"] = shares
	return fmt.Sprintf("%d bookings over 3 booking-svc replicas: %s each (from each replica's metrics)", len(results), strings.Join(parts, " / ")), nil
}

// killBookingReplica kills a booking replica with SIGKILL in the middle of
// keyed booking load and reads beside it.
func (e *Env) killBookingReplica(ctx context.Context, d *Drill, split *devstack.Split, slots *Slots, load time.Duration) (string, error) {
	victim := split.Replicas("booking-svc")[1]
	tokens, subs := customers(e, 8)
	stop := make(chan struct{})
	done := make(chan []loadResult)
	go func() { done <- e.bookingLoad(ctx, "", len(tokens), slots, tokens, 0, 60*time.Second, stop) }()
	reads := make(chan [2]int)
	go func() { reads <- e.readLoad(ctx, tokens, stop) }()
	time.Sleep(load / 2)
	victim.Kill()
	e.Logf("scaleout: %s killed with SIGKILL under booking load", victim.Name)
	time.Sleep(load / 2)
	close(stop)
	results, read := <-done, <-reads
	if slots.Left() == 0 {
		d.fail("the kill step ran out of slots: it needs more")
	}
	once, err := e.storedOnce(ctx, d, results, subs)
	if err != nil {
		return "", err
	}
	if read[1] > 0 {
		d.fail("%d of %d reads failed while a booking replica died (the gateway retries reads on another replica)", read[1], read[0])
	}
	d.Figures["killed"] = victim.Name
	d.Figures["kill"] = once
	d.Figures["readsDuringKill"] = map[string]int{"reads": read[0], "failed": read[1]}
	return fmt.Sprintf("SIGKILL of %s under 8 clients: %d keyed bookings acknowledged, %d failed, %d needed a client retry, %d stored, %d duplicates; %d reads, %d failed",
		victim.Name, once["acknowledged"], once["notAcknowledged"], once["retriedByClient"], once["stored"], once["duplicateSlots"], read[0], read[1]), nil
}

// readLoad lists each customer's appointments (a booking-svc read), one
// reader per token, until stop is closed, without retrying; it returns how
// many reads were sent and how many did not answer 200. Only the reads in
// flight on the victim when it dies can fail without the gateway's retry:
// one reader had about one such read, so a lost retry showed as 1 of 61;
// eight readers make it several.
func (e *Env) readLoad(ctx context.Context, tokens []string, stop <-chan struct{}) [2]int {
	var sent, failed atomic.Int64
	var wg sync.WaitGroup
	for _, token := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				case <-ctx.Done():
					return
				default:
				}
				r := e.Call(ctx, "", "GET", "/appointments", token, nil, nil)
				sent.Add(1)
				if r.Err != nil || r.Status != 200 {
					failed.Add(1)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	return [2]int{int(sent.Load()), int(failed.Load())}
}

// joinBookingReplica starts one more booking replica under light load and
// measures how long until it makes its first booking.
func (e *Env) joinBookingReplica(ctx context.Context, d *Drill, split *devstack.Split, slots *Slots) (string, error) {
	added, err := split.AddReplica(ctx, "booking-svc")
	if err != nil {
		return "", err
	}
	started := time.Now()
	tokens, subs := customers(e, 2)
	stop := make(chan struct{})
	done := make(chan []loadResult)
	go func() {
		done <- e.bookingLoad(ctx, "", len(tokens), slots, tokens, 100*time.Millisecond, 60*time.Second, stop)
	}()
	joined := time.Duration(-1)
	if stacktest.Poll(ctx, 90*time.Second, func() bool {
		counts, err := createCounts(ctx, []*devstack.Process{added})
		return err == nil && counts[added.Name] > 0
	}) {
		joined = time.Since(started)
	}
	close(stop)
	results := <-done
	if _, err := e.storedOnce(ctx, d, results, subs); err != nil {
		return "", err
	}
	switch {
	case joined < 0:
		d.fail("%s made no booking within 90 s of starting", added.Name)
	case joined > 60*time.Second:
		d.fail("%s made its first booking %.1f s after it started, want at most 60 s", added.Name, joined.Seconds())
	}
	d.Figures["newReplicaFirstBookingSeconds"] = round(joined.Seconds())
	return fmt.Sprintf("a replica started afterwards (%s) made its first booking %.1f s later", added.Name, joined.Seconds()), nil
}
