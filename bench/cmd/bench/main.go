// Command bench starts the whole back end on a fresh database
// (slotwise_bench_<random>, dropped at the end) and an embedded Kafka
// broker, runs every benchmark and fault drill, and writes
// docs/bench/report.json and docs/bench/report.md.
//
//	go run ./bench/cmd/bench [-short] [-out docs/bench]
//
// The PostgreSQL server is DATABASE_URL's (its database name is ignored),
// else the local one.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
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
	only := flag.String("only", "", "run only this scenario: booking (for profiling, no report), or scaleout (its entry in the existing report is replaced)")
	flag.Parse()
	app.TuneGC() // the stack runs in this process: the same collector setting as its programs
	if err := run(*short, *out, *verbose, *profile, *only, *pool); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(short bool, out string, verbose bool, profile, only string, pool int) error {
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
	env, err := bench.Start(ctx, bench.Options{AdminURL: admin, Short: short, Logf: logf, Verbose: verbose, BookingProfile: profile, PoolMaxConns: pool})
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
		return runScaleOut(ctx, env, plan, out, logf)
	default:
		return fmt.Errorf("-only %q: the scenarios that run alone are booking and scaleout", only)
	}
	report := bench.RunAll(ctx, env, plan)
	if err := report.Write(out); err != nil {
		return err
	}
	logf("report written to %s (overall %v)", out, report.AllPass)
	if !report.AllPass {
		return fmt.Errorf("some targets or drills failed: see %s/report.md", out)
	}
	return nil
}

// runScaleOut runs the scale-out drill alone and puts its result into the
// report in out, keeping everything else the last full run measured.
func runScaleOut(ctx context.Context, env *bench.Env, plan bench.Plan, out string, logf func(string, ...any)) error {
	report, err := bench.ReadReport(out)
	if err != nil {
		return fmt.Errorf("-only scaleout updates an existing report: %w", err)
	}
	d, err := env.ScaleOut(ctx, plan.ScaleOut)
	if err != nil {
		return err
	}
	logf("%s", d.String())
	report.SetDrill(d, time.Now().UTC().Format(time.RFC3339))
	if err := report.Write(out); err != nil {
		return err
	}
	logf("report in %s updated with the scaleout drill (overall %v)", out, report.AllPass)
	if !d.Pass {
		return fmt.Errorf("the scaleout drill failed: see %s/report.md", out)
	}
	return nil
}
