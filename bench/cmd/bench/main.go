// Command bench starts the whole back end on a fresh database
// (slotwise_bench_<random>, dropped at the end) and an embedded Kafka
// broker, runs every benchmark and fault drill, and writes
// docs/bench/report.json and docs/bench/report.md.
//
//	go run ./bench/cmd/bench [-short] [-out docs/bench]
//	go run ./bench/cmd/bench -only soak [-soak 10m] [-soak-env SPLIT=1]
//	go run ./bench/cmd/bench -only notifications   (the booking load, then notification lag and mails)
//
// The soak drill runs last, on the devstack started as OS processes; with
// -only soak it runs alone and its outcome replaces the soak in the report
// already in -out.
//
// The PostgreSQL server is DATABASE_URL's (its database name is ignored),
// else the local one.
package main

import (
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
	only := flag.String("only", "", "run only this scenario: booking (for profiling, no report), or marketplace (booking and issue 24's scenarios), scaleout, soak or bad-input (their entry in the existing report is replaced)")
	soak := flag.Duration("soak", 0, "length of the soak drill (default 10m; 1m with -short)")
	soakEnv := flag.String("soak-env", "", "KEY=VALUE pairs (space-separated) for the soak's devstack: the process set, e.g. SPLIT=1")
	soakProfiles := flag.String("soak-profiles", "", "directory for every program's heap profile at the end of the soak")
	pprofAddr := flag.String("pprof", "", "serve net/http/pprof here while the bench runs (the in-process stack included), e.g. 127.0.0.1:6060")
	rows := flag.String("rows", "", "with -only marketplace: run only these rows, comma-separated (pages, search, availability, paced, next, booking), for profiling; no report is written")
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
	if err := run(*short, *out, *verbose, *profile, *only, *pool, *rows, soakPlan); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(short bool, out string, verbose bool, profile, only string, pool int, rows string, soak bench.SoakPlan) error {
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
	opts := bench.Options{AdminURL: admin, Short: short, Logf: logf, Verbose: verbose, BookingProfile: profile, PoolMaxConns: pool}
	if rows != "" {
		if only != "marketplace" {
			return fmt.Errorf("-rows %q: only with -only marketplace", rows)
		}
		plan.Marketplace.Rows = strings.Split(rows, ",")
	}
	if only == "soak" { // no in-process stack: the soak starts processes of its own
		return runAlone(only, out, logf, func(r *bench.Report) (bench.Drill, error) {
			d, s, err := bench.SoakDrill(ctx, opts, soak)
			r.Soak = s
			return d, err
		})
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
		return fmt.Errorf("-only %q: the scenarios that run alone are booking, marketplace, scaleout, soak, bad-input and notifications", only)
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

// runMarketplace runs issue 24's rows on their own — the marketplace
// scenarios, then booking against the raw insert — and puts them into the report
// in out, keeping everything else the last full run measured.
func runMarketplace(ctx context.Context, env *bench.Env, plan bench.Plan, out string, logf func(string, ...any)) error {
	report, err := bench.ReadReport(out)
	if err != nil {
		return fmt.Errorf("-only marketplace updates an existing report: %w", err)
	}
	m, err := env.MarketplaceScenarios(ctx, plan.Marketplace, plan.Rounds, plan.Round)
	if err != nil {
		return err
	}
	if len(plan.Marketplace.Rows) > 0 { // a partial run: for reading, not for the report
		if plan.Marketplace.Runs("booking") {
			_, err = env.BookingThroughput(ctx, plan.BookingCounts, plan.Rounds, plan.Round, plan.BookingSlots)
		}
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
