// Command devstack runs all of Slotwise locally in the foreground (`make up`):
// the four services and the gateway on real gRPC over loopback, an embedded
// Kafka-protocol broker unless KAFKA_BROKERS is set, and the built web app.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	authsvc "github.com/slotwise/slotwise/auth-svc"
	bookingsvc "github.com/slotwise/slotwise/booking-svc"
	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/gateway"
	notificationsvc "github.com/slotwise/slotwise/notification-svc"
	"github.com/slotwise/slotwise/platform/app"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/logging"
)

func main() {
	app.Main("devstack", run)
}

func run(ctx context.Context, _ []string) error {
	r := config.FromEnv()
	dbURL := r.String("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/slotwise?sslmode=disable")
	brokers := r.List("KAFKA_BROKERS", nil)
	apiAddr := r.String("API_ADDR", ":5001")
	webAddr := r.String("WEB_ADDR", ":3000")
	webDir := r.String("WEB_DIR", "frontend/dist/apps/web")
	stateDir := r.String("DEVSTACK_DIR", ".devstack")
	level := r.String("LOG_LEVEL", "info")
	loc := r.Location("APP_TIMEZONE", "Asia/Kolkata")
	rate := r.Int("AUTH_RATE_LIMIT_PER_MINUTE", 120)
	idemTTL := r.Duration("IDEMPOTENCY_TTL", 0)
	inboxTTL := r.Duration("INBOX_TTL", 0)
	accessTTL := r.Duration("ACCESS_TOKEN_TTL", authsvc.DefaultAccessTTL)
	refreshTTL := r.Duration("REFRESH_TOKEN_TTL", 0)
	r.Check(accessTTL > 0 && accessTTL <= authsvc.MaxAccessTTL, "ACCESS_TOKEN_TTL must be between 1s and 15m")
	broker := devstack.BrokerOptions{
		Port: r.Int("EMBEDDED_KAFKA_PORT", 9092), Dir: filepath.Join(stateDir, "kafka"),
		Retention:      r.Duration("KAFKA_RETENTION", devstack.DefaultBrokerRetention),
		RetentionBytes: int64(r.Int("KAFKA_RETENTION_BYTES", devstack.DefaultBrokerRetentionBytes)),
	}
	bookings := r.Int("BOOKING_RATE_LIMIT_PER_MINUTE", bookingsvc.DefaultBookingsPerMinute)
	seedDemo := r.String("DEMO_SEED", "1") != "0"
	prom := prometheusOptions{Bin: r.String("PROMETHEUS_BIN", "bin/prometheus"), Addr: r.String("PROMETHEUS_ADDR", devstack.PrometheusAddr),
		Rules: r.String("PROMETHEUS_RULES", devstack.RulesFile), Interval: r.Duration("PROMETHEUS_SCRAPE_INTERVAL", 5*time.Second),
		StateDir: stateDir}
	r.Check(prom.Interval > 0, "PROMETHEUS_SCRAPE_INTERVAL must be positive")
	if err := r.Err(); err != nil {
		return err
	}
	say := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "devstack: "+format+"\n", args...) }

	if err := devstack.EnsureDatabase(ctx, dbURL); err != nil {
		return err
	}
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return err
	}
	if len(brokers) == 0 {
		b, err := devstack.StartBroker(broker)
		if err != nil {
			return err
		}
		defer b.Close()
		brokers = []string{b.Addr}
		say("embedded Kafka-protocol broker on %s (log in %s)", b.Addr, broker.Dir)
	}
	jaegerURL, err := startJaeger(ctx, r.String("JAEGER_BIN", "bin/jaeger"), stateDir, say)
	if err != nil {
		return err
	}
	smtpAddr, mailpitURL, err := startMailpit(ctx, r.String("MAILPIT_BIN", "bin/mailpit"), stateDir, say)
	if err != nil {
		return err
	}
	key, err := devstack.SigningKey(stateDir)
	if err != nil {
		return err
	}
	served, err := serveWeb(ctx, webAddr, webDir, apiURLOf(apiAddr))
	if err != nil {
		return err
	}
	// Mails link to the web app where it is served here (WEB_ADDR), unless
	// WEB_URL names its public address.
	webURL := apiURLOf(webAddr)
	mailWebURL := r.String("WEB_URL", webURL)
	ready := func(apiURL string) {
		say("  API      %s  (health: %s/readyz)", apiURL, apiURL)
		if seedDemo {
			// The /demo-services cards book real services (devstack/demo.go).
			if err := devstack.SeedDemo(ctx, apiURL); err != nil {
				say("  Demo     services not seeded: %v", err)
			} else if err := devstack.SeedDemoHistory(ctx, apiURL, dbURL, time.Now(), loc); err != nil {
				say("  Demo     %d services of %s; their past appointments not seeded: %v", len(devstack.DemoServices), devstack.DemoProviderEmail, err)
			} else {
				say("  Demo     %d services of %s, with %d days of past appointments", len(devstack.DemoServices), devstack.DemoProviderEmail, devstack.DemoHistoryDays)
			}
		}
		if served {
			say("  Web app  %s  (the API also on its origin: %s%s)", webURL, webURL, devstack.APIPrefix)
		} else {
			say("  Web app  not built (%s missing): run `make -C frontend build`", webDir)
		}
		if jaegerURL != "" {
			say("  Jaeger   %s", jaegerLine(jaegerURL))
		}
		if mailpitURL != "" {
			say("  Mailpit  %s", mailpitLine(mailpitURL))
		}
	}
	// endpoints.json is written once the stack is ready (with Prometheus's
	// URL when it runs) and again when a Prometheus built in the background joins.
	var epMu sync.Mutex
	ep := devstack.Endpoints{Broker: strings.Join(brokers, ",")}
	publish := func(update func(*devstack.Endpoints)) error {
		epMu.Lock()
		defer epMu.Unlock()
		update(&ep)
		return devstack.WriteEndpoints(stateDir, ep)
	}
	endpoints := func(apiURL string, metrics map[string]string, pids map[string]int, job func(string) string) error {
		url := startPrometheus(ctx, prom, devstack.TargetsOf(metrics, job), say, func(url string) {
			if err := publish(func(e *devstack.Endpoints) { e.Prometheus = url }); err != nil {
				say("endpoints.json: %v", err)
			}
		})
		return publish(func(e *devstack.Endpoints) { e.API, e.Metrics, e.Pids, e.Prometheus = apiURL, metrics, pids, url })
	}
	// Addresses that count as verified at once: the demo accounts' (the
	// bench adds its users' domain).
	verified := r.List("VERIFIED_EMAIL_DOMAINS", devstack.DemoVerifiedDomains)
	if r.String("SPLIT", "") == "1" {
		return runSplit(ctx, r, devstack.SplitOptions{
			BinDir: r.String("PROGRAMS_DIR", "bin"), ValuesFile: "helm/slotwise/values.yaml",
			DatabaseURL: dbURL, KafkaBrokers: brokers, OTLPEndpoint: os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT"),
			SigningKey: key, APIAddr: apiAddr, LogDir: filepath.Join(stateDir, "logs"), Echo: os.Stdout, Say: say,
			SMTPAddr: smtpAddr,
			Env: slices.Concat(lifetimes(idemTTL, inboxTTL), localMail(mailWebURL),
				[]string{"VERIFIED_EMAIL_DOMAINS=" + strings.Join(verified, ",")},
				passedOn("BOOKING_RATE_LIMIT_PER_MINUTE", "WEB_URL", "SMTP_TLS")),
		}, ready, endpoints, say)
	}
	stack, err := devstack.Start(ctx, devstack.Options{
		AccessTokenTTL: accessTTL, RefreshTokenTTL: refreshTTL,
		DatabaseURL: dbURL, KafkaBrokers: brokers, SigningKey: key, GatewayAddr: apiAddr,
		Location: loc, AuthRatePerMinute: rate, IdempotencyTTL: idemTTL, InboxTTL: inboxTTL, BookingsPerMinute: bookings,
		SMTPAddr: smtpAddr, WebURL: mailWebURL, VerifiedEmailDomains: verified, PublicCacheTTL: r.Duration("PUBLIC_CACHE_TTL", gateway.DefaultPublicCacheTTL),
		Logger: func(c string) *slog.Logger { return logging.New(os.Stdout, c, level) },
	})
	if err != nil {
		return err
	}
	if err := stack.WaitReady(ctx, 60*time.Second); err != nil {
		return err
	}
	say("ready")
	ready(stack.APIURL)
	say("  Metrics  %s (gateway); %s (booking-svc)", stack.MetricsURLs["gateway"], stack.MetricsURLs["booking-svc"])
	// In one process each program still has an admin port of its own: one job each.
	if err := endpoints(stack.APIURL, stack.MetricsURLs, nil, func(name string) string { return name }); err != nil {
		return err
	}
	say("press Ctrl-C to stop")
	err = stack.Wait()
	say("stopped")
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// runSplit runs every program as its own process (SPLIT=1), with
// BOOKING_REPLICAS, REVIEW_REPLICAS and NOTIFICATION_REPLICAS replicas, until ctx ends.
func runSplit(ctx context.Context, r *config.Reader, o devstack.SplitOptions, ready func(apiURL string),
	endpoints func(apiURL string, metrics map[string]string, pids map[string]int, job func(string) string) error, say func(string, ...any)) error {
	o.Replicas = map[string]int{"booking-svc": r.Int("BOOKING_REPLICAS", 1), "review-svc": r.Int("REVIEW_REPLICAS", 1),
		"notification-svc": r.Int("NOTIFICATION_REPLICAS", 1)}
	if err := r.Err(); err != nil {
		return err
	}
	s, err := devstack.StartSplit(ctx, o)
	if err != nil {
		return err
	}
	say("ready, split: every program is its own process, configured by the env of %s (logs: %s)", o.ValuesFile, o.LogDir)
	ready(s.APIURL)
	say("  Name server %s: dns://%s/<program>:<port> resolves to each ready replica", s.NameServer, s.NameServer)
	say("  %-14s %-8s %-22s %s", "process", "pid", "gRPC", "admin (/metrics, /readyz)")
	for _, p := range s.Processes() {
		grpcAddr := p.GRPCAddr
		if grpcAddr == "" {
			grpcAddr = "-"
		}
		say("  %-14s %-8d %-22s %s", p.Name, p.Pid(), grpcAddr, p.AdminURL)
	}
	admin, err := devstack.ServeAdmin(ctx)
	if err != nil {
		return err
	}
	say("  %-14s %-8d %-22s %s", "devstack", os.Getpid(), "-", admin+"  (the broker, this supervisor)")
	metrics := map[string]string{"devstack": admin + "/metrics"}
	pids := map[string]int{"devstack": os.Getpid()}
	programs := map[string]string{"devstack": "devstack"}
	for _, p := range s.Processes() {
		metrics[p.Name], pids[p.Name], programs[p.Name] = p.MetricsURL(), p.Pid(), p.Program
	}
	if err := endpoints(s.APIURL, metrics, pids, func(name string) string { return programs[name] }); err != nil {
		return err
	}
	say("press Ctrl-C to stop")
	s.Wait()
	say("stopped")
	return nil
}

// passedOn gives the split programs the devstack's own value of each
// variable that is set (over the chart's).
func passedOn(names ...string) []string {
	var env []string
	for _, n := range names {
		if v, ok := os.LookupEnv(n); ok {
			env = append(env, n+"="+v)
		}
	}
	return env
}

// localMail points notification-svc's mails at this machine: links to the
// web app served here, and STARTTLS only when offered (Mailpit has none; the
// chart's mandatory is for a real server).
func localMail(webURL string) []string {
	if webURL == "" {
		webURL = notificationsvc.DefaultWebURL
	}
	return []string{"WEB_URL=" + webURL, "SMTP_TLS=opportunistic"}
}

// lifetimes passes IDEMPOTENCY_TTL, INBOX_TTL and the token lifetimes, when set, to the programs
// of a split stack, as Options does to the in-process ones.
func lifetimes(idemTTL, inboxTTL time.Duration) []string {
	var env []string
	if idemTTL > 0 {
		env = append(env, "IDEMPOTENCY_TTL="+idemTTL.String())
	}
	if inboxTTL > 0 {
		env = append(env, "INBOX_TTL="+inboxTTL.String())
	}
	// Token lifetimes reach auth-svc as set (unset: its defaults).
	return append(env, passedOn("ACCESS_TOKEN_TTL", "REFRESH_TOKEN_TTL")...)
}

// serveWeb serves the built web app on addr, with /api/… passed on to the
// gateway at apiURL; it reports false when the app is not built.
func serveWeb(ctx context.Context, addr, dir, apiURL string) (bool, error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return false, nil
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return false, fmt.Errorf("web app cannot listen on %s: %w", addr, err)
	}
	srv := &http.Server{Handler: devstack.WebHandler(dir, apiURL), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(lis)
	go func() { <-ctx.Done(); srv.Close() }()
	return true, nil
}

// startJaeger runs Jaeger unless traces go elsewhere (OTEL_EXPORTER_OTLP_ENDPOINT)
// or NO_JAEGER=1, and points the programs at it. When its binary is missing
// and JAEGER_BUILD says how to build it (`make up` does), it is built in the
// background: the programs export to it from the start, dropping spans until
// it joins, and its URL is printed then. It returns the URL when Jaeger is
// running already.
func startJaeger(ctx context.Context, bin, stateDir string, say func(string, ...any)) (string, error) {
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || os.Getenv("NO_JAEGER") == "1" {
		return "", nil
	}
	tool := devstack.DevTool{Name: "Jaeger", Bin: bin, Build: os.Getenv("JAEGER_BUILD"), LogDir: stateDir,
		Start: func(ctx context.Context, bin string) (string, error) {
			return devstack.JaegerURL, devstack.StartJaeger(ctx, bin, filepath.Join(stateDir, "jaeger.log"))
		}}
	status, url, buildLog, err := tool.Run(ctx, func(url string, err error) {
		if err != nil {
			say("Jaeger did not join: %v (traces are dropped)", err)
			return
		}
		say("Jaeger joined: %s", jaegerLine(url))
	})
	switch {
	case err != nil:
		return "", err
	case status == devstack.Off:
		say("no Jaeger binary at %s (`make up` builds it): traces are off", bin)
		return "", nil
	case status == devstack.Building:
		say("Jaeger is building in the background (the first time takes ~12 min; log: %s); traces are dropped until it joins", buildLog)
	}
	os.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", devstack.JaegerOTLP)
	return url, nil
}

// startMailpit runs Mailpit for the notification mails unless SMTP_ADDR
// names another server or NO_MAILPIT=1, the way startJaeger runs Jaeger
// (MAILPIT_BIN, MAILPIT_BUILD). It returns the SMTP address the programs
// mail to, and Mailpit's web address when it is running already. Mails sent
// while Mailpit is still building are retried with backoff and, if it is
// not up before their last attempt, recorded as failed.
func startMailpit(ctx context.Context, bin, stateDir string, say func(string, ...any)) (smtpAddr, url string, err error) {
	if addr := os.Getenv("SMTP_ADDR"); addr != "" {
		return addr, "", nil
	}
	if os.Getenv("NO_MAILPIT") == "1" {
		return "", "", nil
	}
	tool := devstack.DevTool{Name: "Mailpit", Bin: bin, Build: os.Getenv("MAILPIT_BUILD"), LogDir: stateDir,
		Start: func(ctx context.Context, bin string) (string, error) {
			return devstack.MailpitURL, devstack.StartMailpit(ctx, bin, filepath.Join(stateDir, "mailpit.log"))
		}}
	status, url, buildLog, err := tool.Run(ctx, func(url string, err error) {
		if err != nil {
			say("Mailpit did not join: %v (notification mails fail)", err)
			return
		}
		say("Mailpit joined: %s", mailpitLine(url))
	})
	switch {
	case err != nil:
		return "", "", err
	case status == devstack.Off:
		say("no Mailpit binary at %s (`make up` builds it): notification mails fail", bin)
		return "", "", nil
	case status == devstack.Building:
		say("Mailpit is building in the background (the first time takes a few minutes; log: %s)", buildLog)
	}
	return devstack.MailpitSMTP, url, nil
}

func mailpitLine(url string) string {
	return fmt.Sprintf("%s  (notification mails; SMTP %s)", url, devstack.MailpitSMTP)
}

func jaegerLine(url string) string {
	return fmt.Sprintf("%s  (traces: %s/api/traces?service=gateway)", url, url)
}

// apiURLOf is the URL of a server of this machine listening on addr
// (":5001" is http://localhost:5001).
func apiURLOf(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}
