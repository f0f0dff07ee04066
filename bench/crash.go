package bench

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/osproc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/gateway"
)

// bookingProcess is booking-svc running as its own OS process.
type bookingProcess struct {
	bin, addr string
	env       []string
	logPath   string
	run       *osproc.Run
}

// programs builds every program (devstack.BuildPrograms) once per run and
// returns the directory holding the binaries.
func (e *Env) programs(ctx context.Context) (string, error) {
	e.buildOnce.Do(func() {
		root, err := devstack.RepoRoot()
		if err == nil {
			err = devstack.BuildPrograms(ctx, root, filepath.Join(e.tmp, "programs"))
		}
		e.buildErr = err
	})
	return filepath.Join(e.tmp, "programs"), e.buildErr
}

func (p *bookingProcess) start() error {
	logf, err := os.OpenFile(p.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command(p.bin)
	cmd.Env = p.env
	cmd.Stdout, cmd.Stderr = logf, logf
	if p.run, err = osproc.Start(cmd, func(error) { logf.Close() }); err != nil {
		logf.Close()
	}
	return err
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *bookingProcess) kill() { p.run.Kill() }

// stop ends the process gracefully (SIGINT), then kills it after 10 s.
func (p *bookingProcess) stop() { p.run.Stop(os.Interrupt, 10*time.Second) }

// Crash runs booking-svc as a separate process behind its own gateway,
// books under load with Idempotency-Keys (clients retry each request until
// a 2xx or 4xx), kills the process with SIGKILL after before, restarts it
// after down, and checks that every booking answered 2xx exists exactly
// once and nothing else was stored.
func (e *Env) Crash(ctx context.Context, before, down, after time.Duration) (Drill, error) {
	d := Drill{Name: "crash", Pass: true}
	dir, err := e.programs(ctx)
	if err != nil {
		return d, err
	}
	bin := filepath.Join(dir, "booking-svc")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return d, err
	}
	addr := l.Addr().String()
	l.Close()
	a := e.Stack.GRPCAddrs
	proc := &bookingProcess{bin: bin, addr: addr, logPath: filepath.Join(e.tmp, "booking-svc.log"), env: append(os.Environ(),
		"DATABASE_URL="+e.DatabaseURL, "KAFKA_BROKERS="+e.Broker.Addr, "AUTH_GRPC_ADDR="+a["auth-svc"],
		"CATALOG_GRPC_ADDR="+a["catalog-svc"], "GRPC_ADDR="+addr, "APP_TIMEZONE=Asia/Kolkata", "LOG_LEVEL=warn",
		"OTEL_EXPORTER_OTLP_ENDPOINT=", "ADMIN_ADDR=",
		// The load books far faster than a person; the per-user limit is not what this measures.
		"BOOKING_RATE_LIMIT_PER_MINUTE=0")}
	if err := proc.start(); err != nil {
		return d, err
	}
	defer proc.stop()
	gwLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return d, err
	}
	gctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	wg.Add(1)
	go func() {
		defer wg.Done()
		gateway.Run(gctx, gateway.Config{AuthAddr: a["auth-svc"], CatalogAddr: a["catalog-svc"], BookingAddr: addr,
			ReviewAddr: a["review-svc"], NotificationAddr: a["notification-svc"], Listener: gwLis, AuthRatePerMinute: 1_000_000, Logger: e.Logger("gateway-crash")})
	}()
	base := "http://" + gwLis.Addr().String()
	if err := stacktest.WaitReady(ctx, base, 60*time.Second); err != nil {
		return d, fmt.Errorf("booking-svc process: %w (log %s)", err, proc.logPath)
	}

	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return d, err
	}
	const clients = 16
	// Enough slots for the whole drill at 4000 bookings/s (twice what this
	// path has reached here); running dry before the kill would test nothing.
	slots, err := e.NewSlots(ctx, p, int((before+after).Seconds()*4000)+1000)
	if err != nil {
		return d, err
	}
	subs := make([]string, clients)
	tokens := make([]string, clients)
	for i := range tokens {
		subs[i] = uuid.NewString()
		tokens[i] = MintToken(e.Key, subs[i], "customer", time.Hour)
	}
	stop := make(chan struct{})
	var results []loadResult
	done := make(chan struct{})
	go func() {
		results = e.bookingLoad(ctx, base, clients, slots, tokens, 0, 60*time.Second, stop)
		close(done)
	}()
	time.Sleep(before)
	proc.kill()
	e.Logf("crash drill: booking-svc killed with SIGKILL under load")
	time.Sleep(down)
	if err := proc.start(); err != nil {
		close(stop)
		<-done
		return d, err
	}
	restartedAt := time.Now()
	time.Sleep(after)
	close(stop)
	<-done
	var recovered time.Duration = -1
	for _, r := range results {
		if r.status >= 200 && r.status < 300 && r.at.After(restartedAt) && (recovered < 0 || r.at.Sub(restartedAt) < recovered) {
			recovered = r.at.Sub(restartedAt)
		}
	}
	if slots.Left() == 0 {
		d.fail("the clients ran out of slots: the drill needs more")
	}
	if recovered < 0 {
		d.fail("no booking acknowledged after the restart")
	}

	once, err := e.storedOnce(ctx, &d, results, subs)
	if err != nil {
		return d, err
	}
	d.Figures = map[string]any{"downSeconds": round(down.Seconds()), "restartToFirst2xxSeconds": round(recovered.Seconds())}
	for k, v := range once {
		d.Figures[k] = v
	}
	d.Summary = fmt.Sprintf("SIGKILL of booking-svc under %d clients, restarted after %.1fs: %d bookings acknowledged (%d needed retries), %d stored, %d duplicates, %d never acknowledged",
		clients, down.Seconds(), once["acknowledged"], once["retriedByClient"], once["stored"], once["duplicateSlots"], once["notAcknowledged"])
	return d, nil
}
