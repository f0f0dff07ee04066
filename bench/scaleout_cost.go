package bench

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/slotwise/slotwise/devstack"
)

// programCosts books under load for d on the split stack and reads from
// /proc what each program (all its replicas together) and the stack
// database's PostgreSQL backends (pg_stat_activity) spent per booking, and each process's
// resident memory afterwards. Per-process CPU time is exact however busy
// the machine is; the broker and the load generator (in the bench's own
// process) are not in it.
func (e *Env) programCosts(ctx context.Context, d *Drill, split *devstack.Split, slots *Slots, dur time.Duration, user User) (string, error) {
	procs := split.Processes()
	cpu := func() map[string]float64 {
		out := map[string]float64{}
		for _, p := range procs {
			if c, ok := cpuSeconds(p.Pid()); ok {
				out[p.Program] += c
			}
		}
		for _, pid := range e.backends(ctx) {
			if c, ok := cpuSeconds(pid); ok {
				out["postgres:"+fmt.Sprint(pid)] = c
			}
		}
		return out
	}
	tokens, subs := customers(e, 16)
	stop := make(chan struct{})
	done := make(chan []loadResult)
	before := cpu()
	started := time.Now()
	go func() { done <- e.bookingLoad(ctx, "", len(tokens), slots, tokens, 0, 30*time.Second, stop) }()
	time.Sleep(dur)
	close(stop)
	results := <-done
	elapsed := time.Since(started)
	after := cpu()
	if slots.Left() == 0 {
		d.fail("the cost step ran out of slots: it needs more")
	}
	if _, err := e.storedOnce(ctx, d, results, subs); err != nil {
		return "", err
	}
	n := float64(len(results))
	if n == 0 {
		d.fail("no booking in the cost step")
		return "no bookings", nil
	}
	perBooking := map[string]float64{}
	for key, t := range after {
		program := key
		if strings.HasPrefix(key, "postgres:") {
			program = "postgres"
		}
		perBooking[program] += (t - before[key]) * 1000 / n
	}
	var parts []string
	for _, program := range slices.Sorted(maps.Keys(perBooking)) {
		perBooking[program] = round3(perBooking[program])
		parts = append(parts, fmt.Sprintf("%s %.3f", program, perBooking[program]))
	}
	rss := map[string]float64{}
	for _, p := range procs {
		if p.Alive() {
			rss[p.Name] = round(float64(rssBytes(p.Pid())) / (1 << 20))
		}
	}
	loginMs, err := e.loginCost(ctx, split, user, 30)
	if err != nil {
		return "", err
	}
	d.Figures["authCpuMsPerLogin"] = round(loginMs)
	d.Figures["costBookings"] = len(results)
	d.Figures["costBookingsPerSecond"] = round(n / elapsed.Seconds())
	d.Figures["cpuMsPerBooking"] = perBooking
	d.Figures["residentMB"] = rss
	return fmt.Sprintf("%d bookings at %.0f/s from 16 clients cost CPU ms per booking: %s; a login costs auth-svc %.1f ms",
		len(results), n/elapsed.Seconds(), strings.Join(parts, ", "), loginMs), nil
}

// loginCost logs user in n times and returns auth-svc's CPU time per login
// (an Argon2id check). Each login comes from another client address (the
// chart's gateway trusts X-Forwarded-For), so the per-client limit on
// logins does not refuse them.
func (e *Env) loginCost(ctx context.Context, split *devstack.Split, user User, n int) (float64, error) {
	auth := split.Replicas("auth-svc")[0]
	before, _ := cpuSeconds(auth.Pid())
	for i := range n {
		r := e.Call(ctx, "", "POST", "/auth/login-with-role", "", map[string]any{"email": user.Email, "password": "secret123", "role": user.Role},
			map[string]string{"X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i+1)})
		if r.Err != nil || r.Status != 200 {
			return 0, fmt.Errorf("login %d: %d %s %v", i, r.Status, r.Raw, r.Err)
		}
	}
	after, _ := cpuSeconds(auth.Pid())
	return (after - before) * 1000 / float64(n), nil
}

// backends lists the PostgreSQL server processes of e's database.
func (e *Env) backends(ctx context.Context) []int {
	var pids []int
	rows, err := e.DB.Query(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	if err != nil {
		return nil
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }
