// Command bench starts the whole back end on a fresh database
// (slotwise_bench_<random>, dropped at the end) and an embedded Kafka
// broker, runs every benchmark and fault drill, and writes
// docs/bench/report.json and docs/bench/report.md.
//
//	go run ./bench/cmd/bench [-short] [-out docs/bench]
//	go run ./bench/cmd/bench -only soak [-soak 10m] [-soak-env SPLIT=1]
//	go run ./bench/cmd/bench -only notifications   (the booking load, then notification lag and mails)
//	go run ./bench/cmd/bench -only marketplace-hour [-hour-rate 1000] [-hour-duration 60s]
//	go run ./bench/cmd/bench -only alerts   (the alert drill; needs bin/prometheus, writes docs/bench/alerts/)
//
// The soak drill runs last, on the devstack started as OS processes; with
// -only soak it runs alone and its outcome replaces the soak in the report
// already in -out.
//
// The PostgreSQL server is DATABASE_URL's (its database name is ignored),
// else the local one.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	_ "net/http/pprof" // -pprof
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"google.golang.org/grpc/grpclog"

	"github.com/slotwise/slotwise/bench"
	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/platform/app"
)

func main() {
	short := flag.Bool("short", false, "the quick form of every scenario (3 s outage, 2 s rounds)")
	out := flag.String("out", "", "report directory (default docs/bench under the repository root)")
	verbose := flag.Bool("v", false, "show the services' warnings")
	profile := flag.String("booking-cpuprofile", "", "write a CPU profile of the booking throughput scenario here")
	pool := flag.Int("pool", 12, "pgx pool size of every service, set through DATABASE_URL's pool_max_conns (0: pgxpool's default, max(4, cores))")
	only := flag.String("only", "", "run only this scenario: booking (for profiling, no report), or marketplace (the seeded marketplace and the booking rows), marketplace-hour, scaleout, soak, bad-input or notifications (their entry in the existing report is replaced), or alerts (the alert drill: its entry replaced, its own report in <out>/alerts)")
	soak := flag.Duration("soak", 0, "length of the soak drill (default 10m; 1m with -short)")
	soakEnv := flag.String("soak-env", "", "KEY=VALUE pairs (space-separated) for the soak's devstack: the process set, e.g. SPLIT=1")
	soakProfiles := flag.String("soak-profiles", "", "directory for every program's heap profile at the end of the soak")
	pprofAddr := flag.String("pprof", "", "serve net/http/pprof here while the bench runs (the in-process stack included), e.g. 127.0.0.1:6060")
	hourRate := flag.Int("hour-rate", 0, "the marketplace hour's rate, requests a second (default 1000; 200 with -short)")
	hourDuration := flag.Duration("hour-duration", 0, "the marketplace hour's measured time (default 60s; 10s with -short)")
	hourWarmup := flag.Duration("hour-warmup", -1, "the marketplace hour's unmeasured warm-up at the same rate (default 10s; 2s with -short)")
	flag.Parse()
	if *pprofAddr != "" {
		go func() { fmt.Fprintln(os.Stderr, "bench: pprof:", http.ListenAndServe(*pprofAddr, nil)) }()
	}
	app.TuneGC() // the stack runs in this process: the same collector setting as its programs
	soakPlan := bench.FullSoak()
	if *short {
		soakPlan = bench.ShortSoak()
	}
	if *soak > 0 {
		soakPlan = soakPlan.Scaled(*soak)
	}
	soakPlan.Env, soakPlan.ProfileDir = strings.Fields(*soakEnv), *soakProfiles
	hour := bench.FullHour()
	if *short {
		hour = bench.ShortHour()
	}
	if *hourRate > 0 {
		hour.Rate = *hourRate
	}
	if *hourDuration > 0 {
		hour.Duration = *hourDuration
	}
	if *hourWarmup >= 0 {
		hour.Warmup = *hourWarmup
	}
	if err := run(*short, *out, *verbose, *profile, *only, *pool, hour, soakPlan); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(short bool, out string, verbose bool, profile, only string, pool int, hour bench.HourPlan, soak bench.SoakPlan) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	admin := "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	if v := os.Getenv("DATABASE_URL"); v != "" {
		u, err := url.Parse(v)
		if err != nil {
			return fmt.Errorf("DATABASE_URL: %w", err)
		}
		u.Path = "/postgres"
		admin = u.String()
	}
	if out == "" {
		root, err := devstack.RepoRoot()
		if err != nil {
			return err
		}
		out = filepath.Join(root, "docs", "bench")
	}
	logf := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
	}
	if !verbose {
		// grpc-gateway logs every non-ASCII Authorization header the
		// bad-input drill sends; the report has what matters.
		grpclog.SetLoggerV2(grpclog.NewLoggerV2(io.Discard, io.Discard, io.Discard))
	}
	plan := bench.FullPlan()
	if short {
		plan = bench.ShortPlan()
	}
	plan.Hour = hour
	opts := bench.Options{AdminURL: admin, Short: short, Logf: logf, Verbose: verbose, BookingProfile: profile, PoolMaxConns: pool}
	if only == "soak" { // no in-process stack: the soak starts processes of its own
		return runAlone(only, out, logf, func(r *bench.Report) (bench.Drill, error) {
			d, s, err := bench.SoakDrill(ctx, opts, soak)
			r.Soak = s
			return d, err
		})
	}
	if only == "alerts" { // the split devstack with Prometheus, as processes of its own
		return runAlone(only, out, logf, func(*bench.Report) (bench.Drill, error) {
			root, err := devstack.RepoRoot()
			if err != nil {
				return bench.Drill{}, err
			}
			d, r, err := bench.AlertsDrill(ctx, opts, bench.DefaultAlertPlan(), cmp.Or(os.Getenv("PROMETHEUS_BIN"), filepath.Join(root, "bin", "prometheus")))
			if err != nil {
				return d, err
			}
			if err := bench.WriteAlertReport(filepath.Join(out, "alerts"), d, r); err != nil {
				return d, err
			}
			logf("alert drill report in %s", filepath.Join(out, "alerts", "report.md"))
			return d, nil
		})
	}
	if only == "marketplace-hour" { // a split stack of its own: no in-process stack beside it
		return runHour(ctx, opts, hour, out, logf)
	}
	env, err := bench.Start(ctx, opts)
	if err != nil {
		return err
	}
	defer env.Close()
	logf("stack up at %s (database %s)", env.Stack.APIURL, env.DatabaseURL)
	switch only {
	case "":
	case "booking":
		_, err := env.BookingThroughput(ctx, plan.BookingCounts, plan.Rounds, plan.Round, plan.BookingSlots)
		return err
	case "scaleout":
		return runAlone(only, out, logf, func(*bench.Report) (bench.Drill, error) { return env.ScaleOut(ctx, plan.ScaleOut) })
	case "marketplace":
		return runMarketplace(ctx, env, plan, out, logf)
	case "bad-input":
		return runAlone(only, out, logf, func(*bench.Report) (bench.Drill, error) { return env.BadInput(ctx, plan.BadRequests, 16) })
	case "notifications":
		return runAlone(only, out, logf, func(r *bench.Report) (bench.Drill, error) { return env.NotificationsAlone(ctx, plan, r) })
	default:
		return fmt.Errorf("-only %q: the scenarios that run alone are booking, marketplace, marketplace-hour, scaleout, soak, bad-input, notifications and alerts", only)
	}
	report := bench.RunAll(ctx, env, plan)
	env.Close() // the soak measures processes of its own, on a quieter machine
	if d, s, err := bench.SoakDrill(ctx, opts, soak); err != nil {
		report.Errors = append(report.Errors, "soak: "+err.Error())
		report.AllPass = false
	} else {
		logf("%s", d.String())
		report.AddSoak(d, s)
	}
	if err := report.Write(out); err != nil {
		return err
	}
	logf("report written to %s (overall %v)", out, report.AllPass)
	if !report.AllPass {
		return fmt.Errorf("some targets or drills failed: see %s/report.md", out)
	}
	return nil
}

// runAlone runs one drill on its own (-only) and puts its result into the
// report in out, keeping everything else the last full run measured. run
// may set parts of the report besides the drill.
func runAlone(name, out string, logf func(string, ...any), run func(r *bench.Report) (bench.Drill, error)) error {
	report, err := bench.ReadReport(out)
	if err != nil {
		return fmt.Errorf("-only %s updates an existing report: %w", name, err)
	}
	d, err := run(&report)
	if err != nil {
		return err
	}
	logf("%s", d.String())
	report.SetDrill(d, time.Now().UTC().Format(time.RFC3339))
	if err := report.Write(out); err != nil {
		return err
	}
	logf("report in %s updated with the %s drill (overall %v)", out, name, report.AllPass)
	if !d.Pass {
		return fmt.Errorf("the %s drill failed: see %s/report.md", name, out)
	}
	return nil
}

// runMarketplace seeds the marketplace and runs the booking rows on it,
// and puts them into the report in out, keeping everything else the last
// full run measured.
func runMarketplace(ctx context.Context, env *bench.Env, plan bench.Plan, out string, logf func(string, ...any)) error {
	report, err := bench.ReadReport(out)
	if err != nil {
		return fmt.Errorf("-only marketplace updates an existing report: %w", err)
	}
	m, err := env.MarketplaceScenarios(ctx, plan.Marketplace)
	if err != nil {
		return err
	}
	booking, err := env.BookingThroughput(ctx, plan.BookingCounts, plan.Rounds, plan.Round, plan.BookingSlots)
	if err != nil {
		return err
	}
	report.Booking = booking
	report.SetMarketplace(m, time.Now().UTC().Format(time.RFC3339))
	if err := report.Write(out); err != nil {
		return err
	}
	logf("report in %s updated with the marketplace scenarios (overall %v)", out, report.AllPass)
	if !report.AllPass {
		return fmt.Errorf("a target failed: see %s/report.md", out)
	}
	return nil
}

// runHour runs the marketplace hour alone and puts it into the report in
// out, keeping everything else the last full run measured.
func runHour(ctx context.Context, opts bench.Options, hour bench.HourPlan, out string, logf func(string, ...any)) error {
	report, err := bench.ReadReport(out)
	if err != nil {
		return fmt.Errorf("-only marketplace-hour updates an existing report: %w", err)
	}
	env, err := bench.StartBare(opts)
	if err != nil {
		return err
	}
	defer env.Close()
	h, err := env.MarketplaceHour(ctx, hour)
	if err != nil {
		return err
	}
	fmt.Fprint(os.Stderr, h.Markdown())
	report.SetMarketplaceHour(h, time.Now().UTC().Format(time.RFC3339))
	if err := report.Write(out); err != nil {
		return err
	}
	logf("report in %s updated with the marketplace hour (pass %v, overall %v)", out, h.Pass, report.AllPass)
	if !h.Pass {
		return fmt.Errorf("the marketplace hour missed a target: see %s/report.md", out)
	}
	return nil
}
