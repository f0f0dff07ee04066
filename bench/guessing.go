package bench

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Guessing is the password-guessing drill (issue 40): what an attack on
// passwords costs everyone else. A victim reads their profile (GET
// /auth/profile) at a paced rate for dur, first alone and then while
// `attackers` connections send wrong passwords as fast as they are
// answered: sign-ins to another account and profile updates with a wrong
// currentPassword, each of which costs an Argon2 check until the account's
// lock and the per-address budget refuse them. It passes when no victim
// request fails and the victim's p99 under attack is at most twice its p99
// alone (a floor of 5 ms for the baseline keeps a sub-millisecond p99 from
// making jitter a failure).
func (e *Env) Guessing(ctx context.Context, rate int, dur time.Duration, attackers int) (Drill, error) {
	d := Drill{Name: "password-guessing", Pass: true}
	victim, err := e.NewUser(ctx, "customer")
	if err != nil {
		return d, err
	}
	target, err := e.NewUser(ctx, "customer")
	if err != nil {
		return d, err
	}
	alone, failedAlone := e.pacedProfileReads(ctx, victim.Token, rate, dur)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var sent atomic.Int64
	var mu sync.Mutex
	statuses := map[string]int{}
	for i := range attackers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				var r *Response
				if (n+i)%2 == 0 {
					r = e.Call(ctx, "", "POST", "/auth/login-with-role", "", map[string]any{"email": target.Email, "password": "guess-" + strconv.Itoa(n), "role": "customer"}, nil)
				} else {
					r = e.Call(ctx, "", "PUT", "/auth/profile", target.Token,
						map[string]any{"currentPassword": "guess-" + strconv.Itoa(n), "email": "moved-" + target.Email}, nil)
				}
				sent.Add(1)
				mu.Lock()
				statuses[strconv.Itoa(r.Status)]++
				mu.Unlock()
			}
		}()
	}
	time.Sleep(time.Second) // the attack at full speed before the victim is measured
	attacked, failedAttacked := e.pacedProfileReads(ctx, victim.Token, rate, dur)
	close(stop)
	wg.Wait()

	base := Summarise(alone)
	under := Summarise(attacked)
	limit := 2 * max(base.P99ms, 5)
	if failedAlone+failedAttacked > 0 {
		d.fail("%d of the victim's profile reads failed (%d alone, %d under attack)", failedAlone+failedAttacked, failedAlone, failedAttacked)
	}
	if under.P99ms > limit {
		d.fail("the victim's p99 under attack is %.1f ms, over twice its %.1f ms alone (limit %.1f ms)", under.P99ms, base.P99ms, limit)
	}
	if statuses["500"]+statuses["502"]+statuses["504"] > 0 {
		d.fail("the attack got server errors: %v", statuses)
	}
	d.Figures = map[string]any{"victimRatePerSecond": rate, "seconds": dur.Seconds(), "attackers": attackers,
		"victimAlone": base, "victimUnderAttack": under, "attackRequests": sent.Load(), "attackStatuses": statuses}
	d.Summary = fmt.Sprintf("victim GET /auth/profile at %d/s: p99 %.1f ms alone, %.1f ms under %d guessing connections (%d guesses: %v)",
		rate, base.P99ms, under.P99ms, attackers, sent.Load(), statuses)
	return d, nil
}

// pacedProfileReads sends GET /auth/profile at rate for dur, each at its
// scheduled moment whether or not the previous one answered (open loop), and
// returns the latencies of those answered 200 and how many were not.
func (e *Env) pacedProfileReads(ctx context.Context, token string, rate int, dur time.Duration) ([]time.Duration, int) {
	n := int(dur.Seconds() * float64(rate))
	every := time.Second / time.Duration(rate)
	var mu sync.Mutex
	var lat []time.Duration
	failed := 0
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		time.Sleep(time.Until(start.Add(time.Duration(i) * every)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			t0 := time.Now()
			r := e.Call(ctx, "", "GET", "/auth/profile", token, nil, nil)
			took := time.Since(t0)
			mu.Lock()
			defer mu.Unlock()
			if r.Err != nil || r.Status != 200 {
				failed++
				return
			}
			lat = append(lat, took)
		}()
	}
	wg.Wait()
	return lat, failed
}
