package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	bookingsvc "github.com/slotwise/slotwise/booking-svc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/gateway"
	"github.com/slotwise/slotwise/platform/svc"
)

// Drill is the outcome of one correctness drill.
type Drill struct {
	Name     string         `json:"name"`
	Pass     bool           `json:"pass"`
	Summary  string         `json:"summary"`
	Figures  map[string]any `json:"figures"`
	Failures []string       `json:"failures,omitempty"`
}

func (d *Drill) fail(format string, args ...any) {
	if len(d.Failures) < 20 {
		d.Failures = append(d.Failures, fmt.Sprintf(format, args...))
	}
	d.Pass = false
}

// SecondInstance runs another booking-svc and a gateway in front of it,
// sharing the stack's database, until ctx ends; it returns that gateway's
// base URL.
func (e *Env) SecondInstance(ctx context.Context, wg *sync.WaitGroup) (string, error) {
	bookLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	gwLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	a := e.Stack.GRPCAddrs
	wg.Add(2)
	go func() {
		defer wg.Done()
		bookingsvc.Run(ctx, bookingsvc.Config{
			Config: svc.Config{Name: "booking-svc-2", DatabaseURL: e.DatabaseURL, KafkaBrokers: []string{e.Broker.Addr},
				AuthGRPCAddr: a["auth-svc"], GRPCListener: bookLis, Logger: e.Logger("booking-svc-2")},
			CatalogAddr: a["catalog-svc"], Location: IST, Clock: e.Clock.Now,
		})
	}()
	go func() {
		defer wg.Done()
		gateway.Run(ctx, gateway.Config{AuthAddr: a["auth-svc"], CatalogAddr: a["catalog-svc"], BookingAddr: bookLis.Addr().String(),
			ReviewAddr: a["review-svc"], NotificationAddr: a["notification-svc"], Listener: gwLis, AuthRatePerMinute: 1_000_000, Logger: e.Logger("gateway-2")})
	}()
	base := "http://" + gwLis.Addr().String()
	return base, stacktest.WaitReady(ctx, base, 30*time.Second)
}

// Contention sends n concurrent bookings of one slot, alternating between
// two booking-svc instances (each behind its own gateway).
func (e *Env) Contention(ctx context.Context, n int) (Drill, error) {
	d := Drill{Name: "contention", Pass: true, Figures: map[string]any{}}
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	svcID, err := e.NewService(ctx, p, "Popular slot", []string{"09:00", "10:00"})
	if err != nil {
		return d, err
	}
	slots := []Slot{{ServiceID: svcID, Date: Day(1), Time: "09:00"}}
	return e.contend(ctx, d, n, slots, "one slot", `SELECT count(*) FROM booking.appointments WHERE service_id = $1`, svcID)
}

// ContentionSharedMember sends n concurrent bookings of two services that
// share their one performer (the owner) at overlapping times (09:00 and
// 09:15, 30 minutes each), alternating services and booking-svc
// instances: PostgreSQL's exclusion constraint lets one through.
func (e *Env) ContentionSharedMember(ctx context.Context, n int) (Drill, error) {
	d := Drill{Name: "contention-shared-member", Pass: true, Figures: map[string]any{}}
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	a, err := e.NewService(ctx, p, "Consultation", []string{"09:00"})
	if err != nil {
		return d, err
	}
	b, err := e.NewService(ctx, p, "Follow-up", []string{"09:15"})
	if err != nil {
		return d, err
	}
	slots := []Slot{{ServiceID: a, Date: Day(1), Time: "09:00"}, {ServiceID: b, Date: Day(1), Time: "09:15"}}
	return e.contend(ctx, d, n, slots, "two services sharing one member", `SELECT count(*) FROM booking.appointments WHERE provider_id = $1`, p.ID)
}

// contend sends n concurrent bookings, the i-th of slots[i/2 % len], the
// odd ones through a second booking-svc instance; exactly one may be
// stored (the count query with arg says how many were), every other
// answered 409 "slot taken".
func (e *Env) contend(ctx context.Context, d Drill, n int, slots []Slot, what, stored string, arg any) (Drill, error) {
	ictx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	api2, err := e.SecondInstance(ictx, &wg)
	if err != nil {
		return d, err
	}
	tokens := make([]string, n)
	for i := range tokens {
		tokens[i] = e.Token("customer")
	}
	statuses := make([]int, n)
	bodies := make([]string, n)
	gate := make(chan struct{})
	var all sync.WaitGroup
	for i := range n {
		all.Add(1)
		go func() {
			defer all.Done()
			base := ""
			if i%2 == 1 {
				base = api2
			}
			<-gate
			r := e.Book(ctx, base, tokens[i], slots[(i/2)%len(slots)], "")
			statuses[i], bodies[i] = r.Status, string(r.Raw)
			if r.Err != nil {
				bodies[i] = r.Err.Error()
			}
		}()
	}
	start := time.Now()
	close(gate)
	all.Wait()
	elapsed := time.Since(start)
	count := map[int]int{}
	for i, s := range statuses {
		count[s]++
		if s >= 500 || s == 0 {
			d.fail("request %d: %d %s", i, s, bodies[i])
		} else if s == 409 && !strings.Contains(bodies[i], "This time slot is already booked") {
			d.fail("409 with body %s", bodies[i])
		}
	}
	kept, err := e.Count(ctx, stored, arg)
	if err != nil {
		return d, err
	}
	if count[201] != 1 || count[409] != n-1 || kept != 1 {
		d.fail("want exactly 1×201, %d×409 and 1 stored appointment; got %v and %d stored", n-1, count, kept)
	}
	fivexx := 0
	for s, c := range count {
		if s >= 500 {
			fivexx += c
		}
	}
	d.Figures = map[string]any{"clients": n, "instances": 2, "created": count[201], "conflicts": count[409], "5xx": fivexx,
		"stored": kept, "seconds": round(elapsed.Seconds())}
	d.Summary = fmt.Sprintf("%d clients on %s across 2 booking-svc instances: %d×201, %d×409, %d×5xx, %d stored (%.2fs)",
		n, what, count[201], count[409], fivexx, kept, elapsed.Seconds())
	return d, nil
}

// EventLag books n appointments at about perSec and measures booking
// commit → review-svc projection row written, from the two rows'
// timestamps (booking's created_at is stamped just before its insert
// transaction; review's updated_at is its transaction's now()).
func (e *Env) EventLag(ctx context.Context, n int, perSec float64) (Latencies, time.Duration, error) {
	// Start from a caught-up consumer: the throughput scenarios leave a
	// backlog, whose drain time is a figure of its own.
	t0 := time.Now()
	if !stacktest.Poll(ctx, 300*time.Second, func() bool {
		n, err := e.Count(ctx, `SELECT (SELECT count(*) FROM booking.appointments) - (SELECT count(*) FROM review.appointments)`)
		return err == nil && n <= 0
	}) {
		return Latencies{}, 0, fmt.Errorf("review-svc did not catch up with booking's backlog within 300s")
	}
	drain := time.Since(t0)
	e.Logf("review-svc's projection caught up with the booking backlog in %.1fs", drain.Seconds())
	l, err := e.eventLag(ctx, n, perSec)
	return l, drain, err
}

func (e *Env) eventLag(ctx context.Context, n int, perSec float64) (Latencies, error) {
	ids, err := e.bookPaced(ctx, n, perSec)
	if err != nil {
		return Latencies{}, err
	}
	ok := stacktest.Poll(ctx, 60*time.Second, func() bool {
		c, err := e.Count(ctx, `SELECT count(*) FROM review.appointments WHERE id = ANY($1)`, ids)
		return err == nil && c == len(ids)
	})
	if !ok {
		return Latencies{}, fmt.Errorf("not every booking reached review-svc's projection within 60s")
	}
	l, err := e.lags(ctx, `SELECT extract(epoch FROM r.updated_at - b.created_at)::float8 FROM booking.appointments b
		JOIN review.appointments r ON r.id = b.id::text WHERE r.id = ANY($1)`, ids)
	e.Logf("event lag over %d bookings at %.0f/s: p50 %.1f ms, p99 %.1f ms, max %.1f ms", n, perSec, l.P50ms, l.P99ms, l.MaxMs)
	return l, err
}

// lags summarises the seconds sql returns, one row each, for ids.
func (e *Env) lags(ctx context.Context, sql string, ids []string) (Latencies, error) {
	rows, err := e.DB.Query(ctx, sql, ids)
	if err != nil {
		return Latencies{}, err
	}
	defer rows.Close()
	var lags []time.Duration
	for rows.Next() {
		var s float64
		if err := rows.Scan(&s); err != nil {
			return Latencies{}, err
		}
		lags = append(lags, time.Duration(s*float64(time.Second)))
	}
	return Summarise(lags), rows.Err()
}

// bookPaced books n appointments of a new provider, about perSec a second,
// and returns their ids.
func (e *Env) bookPaced(ctx context.Context, n int, perSec float64) ([]string, error) {
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return nil, err
	}
	slots, err := e.NewSlots(ctx, p, n)
	if err != nil {
		return nil, err
	}
	tok := e.Token("customer")
	var ids []string
	tick := time.NewTicker(time.Duration(float64(time.Second) / perSec))
	defer tick.Stop()
	for range n {
		<-tick.C
		s, _ := slots.Take()
		r := e.Book(ctx, "", tok, s, "")
		if r.Status != 201 {
			return nil, fmt.Errorf("booking: %d %s %v", r.Status, r.Raw, r.Err)
		}
		ids = append(ids, r.String("appointment._id"))
	}
	return ids, nil
}

// loadResult is one booking made by a drill's load.
type loadResult struct {
	slot     Slot
	key      string
	status   int
	id       string
	attempts int
	body     string
	at       time.Time // when it was answered for the last time
}

// bookingLoad books distinct slots from clients goroutines until stop is
// closed; each request is retried with its Idempotency-Key until it gets a
// 2xx or 4xx (or gives up after giveUp). pause is the gap between a
// client's requests.
func (e *Env) bookingLoad(ctx context.Context, base string, clients int, slots *Slots, tokens []string, pause, giveUp time.Duration, stop <-chan struct{}) []loadResult {
	var mu sync.Mutex
	var out []loadResult
	var wg sync.WaitGroup
	for c := range clients {
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
				s, ok := slots.Take()
				if !ok {
					return
				}
				res := loadResult{slot: s, key: uuid.NewString()}
				deadline := time.Now().Add(giveUp)
				for {
					res.attempts++
					r := e.Book(ctx, base, tokens[c], s, res.key)
					res.status, res.body = r.Status, string(r.Raw)
					if r.Err != nil {
						res.status, res.body = 0, r.Err.Error()
					}
					if res.status != 0 && res.status < 500 || time.Now().After(deadline) || ctx.Err() != nil {
						res.id, res.at = r.String("appointment._id"), time.Now()
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				mu.Lock()
				out = append(out, res)
				mu.Unlock()
				if pause > 0 {
					time.Sleep(pause)
				}
			}
		}()
	}
	wg.Wait()
	return out
}

// storedOnce checks load results the way a client that retries with its
// Idempotency-Key sees them: every request ended 2xx, each acknowledged
// appointment is stored exactly once, and the customers (subs) have no
// appointment nobody was told about and no slot twice. It returns the
// figures.
func (e *Env) storedOnce(ctx context.Context, d *Drill, results []loadResult, subs []string) (map[string]int, error) {
	ok2xx := map[string]loadResult{}
	retried, other := 0, 0
	for _, r := range results {
		if r.attempts > 1 {
			retried++
		}
		switch {
		case r.status >= 200 && r.status < 300:
			if r.id == "" {
				d.fail("2xx without an appointment id: %s", r.body)
				continue
			}
			if prev, dup := ok2xx[r.id]; dup {
				d.fail("two requests (%v, %v) answered with appointment %s", prev.slot, r.slot, r.id)
			}
			ok2xx[r.id] = r
		default:
			other++
			d.fail("booking %v ended %d after %d attempts: %s", r.slot, r.status, r.attempts, r.body)
		}
	}
	ids := make([]string, 0, len(ok2xx))
	for id := range ok2xx {
		ids = append(ids, id)
	}
	matched, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments WHERE id::text = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	stored, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments WHERE customer_id = ANY($1)`, subs)
	if err != nil {
		return nil, err
	}
	perSlot, err := e.Count(ctx, `SELECT count(*) FROM (SELECT service_id, starts_at FROM booking.appointments
		WHERE customer_id = ANY($1) GROUP BY 1, 2 HAVING count(*) > 1) x`, subs)
	if err != nil {
		return nil, err
	}
	if matched != len(ids) {
		d.fail("%d of %d acknowledged appointments are stored", matched, len(ids))
	}
	if stored != len(ids) {
		d.fail("%d appointments stored for the customers, %d acknowledged", stored, len(ids))
	}
	if perSlot != 0 {
		d.fail("%d slots booked twice", perSlot)
	}
	return map[string]int{"requests": len(results), "acknowledged": len(ok2xx), "retriedByClient": retried,
		"notAcknowledged": other, "stored": stored, "acknowledgedAndStored": matched, "duplicateSlots": perSlot}, nil
}

// KafkaOutage books under load, stops the broker for outage, restarts it on
// the same port and checks that no booking failed, every outbox event
// reached the topic and review-svc's projection converged.
func (e *Env) KafkaOutage(ctx context.Context, outage time.Duration) (Drill, error) {
	d := Drill{Name: "kafka-outage", Pass: true}
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	const clients = 8
	pause := 25 * time.Millisecond
	expected := int(float64(clients)*(outage+6*time.Second).Seconds()/pause.Seconds()) + 500
	slots, err := e.NewSlots(ctx, p, expected)
	if err != nil {
		return d, err
	}
	tokens := make([]string, clients)
	for i := range tokens {
		tokens[i] = e.Token("customer")
	}
	stop := make(chan struct{})
	var results []loadResult
	done := make(chan struct{})
	go func() {
		results = e.bookingLoad(ctx, "", clients, slots, tokens, pause, 30*time.Second, stop)
		close(done)
	}()
	time.Sleep(2 * time.Second)
	e.Broker.Stop()
	down := time.Now()
	e.Logf("kafka outage: broker stopped for %v under booking load", outage)
	time.Sleep(outage)
	if err := e.Broker.Restart(); err != nil {
		close(stop)
		<-done
		return d, err
	}
	up := time.Now()
	time.Sleep(3 * time.Second)
	close(stop)
	<-done

	failed := 0
	var ids []string
	for _, r := range results {
		if r.status != 201 || r.attempts != 1 {
			failed++
			d.fail("booking %v: %d after %d attempts: %s", r.slot, r.status, r.attempts, r.body)
		}
		ids = append(ids, r.id)
	}
	// Every booking's "created" event must leave the outbox, be on the
	// topic, and be applied by review-svc.
	drainStart := time.Now()
	if !stacktest.Poll(ctx, 90*time.Second, func() bool {
		n, err := e.Count(ctx, `SELECT count(*) FROM booking.outbox`)
		return err == nil && n == 0
	}) {
		d.fail("booking outbox not drained 90s after the broker returned")
	}
	drained := time.Since(drainStart)
	want := map[string]bool{}
	for _, id := range ids {
		if id != "" {
			want[id] = true
		}
	}
	if len(want) == 0 {
		d.fail("no booking succeeded: nothing to look for on the topic")
	}
	seen, dups, err := e.createdEvents(ctx, topics.Appointments, want, 60*time.Second)
	if err != nil {
		return d, err
	}
	missing := 0
	for id := range want {
		if !seen[id] {
			missing++
		}
	}
	if missing > 0 {
		d.fail("%d of %d bookings' created events never reached the topic", missing, len(want))
	}
	converged := stacktest.Poll(ctx, 60*time.Second, func() bool {
		n, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments b JOIN review.appointments r
			ON r.id = b.id::text AND r.version = b.version AND r.status = b.status WHERE b.id::text = ANY($1)`, ids)
		return err == nil && n == len(ids)
	})
	convergedAfter := time.Since(up)
	if !converged {
		n, _ := e.Count(ctx, `SELECT count(*) FROM review.appointments WHERE id = ANY($1)`, ids)
		d.fail("review-svc projection did not converge: %d of %d appointments", n, len(ids))
	}
	duringOutage := 0
	if n, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments WHERE created_at >= $1 AND created_at < $2 AND id::text = ANY($3)`, down, up, ids); err == nil {
		duringOutage = n
	}
	d.Figures = map[string]any{"outageSeconds": round(outage.Seconds()), "bookings": len(results), "bookingsDuringOutage": duringOutage,
		"failedBookings": failed, "createdEvents": len(want), "eventsMissing": missing, "duplicatesOnTopic": dups,
		"outboxDrainedSecondsAfterCheck": round(drained.Seconds()), "projectionConverged": converged,
		"projectionConvergedSecondsAfterRestart": round(convergedAfter.Seconds())}
	d.Summary = fmt.Sprintf("broker down %.0fs under load: %d bookings (%d during the outage), %d failed; %d created events, %d missing on the topic (%d redelivered duplicates); projection converged: %v (%.1fs after the broker returned)",
		outage.Seconds(), len(results), duringOutage, failed, len(want), missing, dups, converged, convergedAfter.Seconds())
	return d, nil
}

// createdEvents reads topic from the start until a "created" event was seen
// for every appointment id in want, or timeout passes. It returns the
// appointment ids with a created event, and how many events (by event id)
// were on the topic more than once.
func (e *Env) createdEvents(ctx context.Context, topic string, want map[string]bool, timeout time.Duration) (map[string]bool, int, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(e.Broker.Addr), kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		return nil, 0, err
	}
	defer cl.Close()
	created, events := map[string]bool{}, map[string]bool{}
	dups, found := 0, 0
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for found < len(want) && ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			var ev eventsv1.AppointmentEvent
			if proto.Unmarshal(r.Value, &ev) != nil {
				return
			}
			if events[ev.EventId] {
				dups++
				return
			}
			events[ev.EventId] = true
			if ev.Type == "created" && want[ev.AppointmentId] && !created[ev.AppointmentId] {
				created[ev.AppointmentId] = true
				found++
			}
		})
	}
	return created, dups, nil
}

// String renders figures compactly for logs.
func (d Drill) String() string {
	b, _ := json.Marshal(d.Figures)
	return fmt.Sprintf("%s pass=%v %s %s", d.Name, d.Pass, d.Summary, b)
}
