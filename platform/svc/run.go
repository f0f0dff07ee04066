package svc

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/go-kit/kit/endpoint"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/adminhttp"
	"github.com/slotwise/slotwise/platform/app"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/metrics"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/postgres"
	"github.com/slotwise/slotwise/platform/retention"
	"github.com/slotwise/slotwise/platform/telemetry"
)

// Spec is what a service contributes to the shared runtime.
type Spec struct {
	Schema     string
	Migrations fs.FS
	// Produces lists the topics the service writes through its outbox; a
	// relay runs when it is not empty.
	Produces []string
	// KeySource overrides fetching JWKS from AUTH_GRPC_ADDR (auth-svc uses its own keys).
	KeySource authn.KeySource
	// Retention deletes the service's expired rows in the background; the
	// inbox's rule (InboxTTL) is added to it.
	Retention []*retention.Rule
	// Setup registers gRPC services and consumers on the runtime.
	Setup func(ctx context.Context, rt *Runtime) error
	// Erasure is the service's part of an account deletion; nil for
	// auth-svc, which deletes the account itself. Whatever it is, the
	// endpoints behind Middlewares.Authenticated refuse an erased user
	// (erasure.Refuse).
	Erasure *Erasure
}

// Erasure is how a service erases a deleted account: Erase, run by the
// consumer group Group on topics.Accounts (erasure.Handler).
type Erasure struct {
	Group string
	Erase erasure.Erase
}

// Runtime is handed to Spec.Setup.
type Runtime struct {
	Config         Config
	Logger         *slog.Logger
	Pool           *pgxpool.Pool
	Server         *grpc.Server
	TracerProvider trace.TracerProvider
	// Relay publishes the outbox; nil when the service produces no events
	// (Spec.Produces is empty).
	Relay   *outbox.Relay
	Metrics *metrics.Metrics

	verifier *authn.Verifier
	erase    erasure.Erase
	group    *app.Group
	closer   []func()
}

// Middlewares is what the endpoints of the gRPC service named service
// (its ServiceDesc's ServiceName) are wrapped in: instrumenting and logging
// with this service's metrics and logger, authentication with its verifier,
// refusing the tokens of deleted accounts (erasure.Refuse).
func (rt *Runtime) Middlewares(service string) kit.Middlewares {
	m := kit.NewMiddlewares(service, rt.Logger, rt.Metrics, rt.verifier)
	m.Authenticated = endpoint.Chain(m.Authenticated, erasure.Refuse(rt.Pool, rt.erase))
	return m
}

// Serve registers a service's one gRPC server (its transport.GRPCServer) on
// the runtime's server as its public service and, unless nil, its internal
// one (docs/adr/0067-internal-calls-in-internal-services.md). For this
// release the public service also answers the internal methods under its
// name, as the previous release asks them (grpcx.WithMovedMethods).
func (rt *Runtime) Serve(server any, public, internal *grpc.ServiceDesc) {
	if internal == nil {
		rt.Server.RegisterService(public, server)
		return
	}
	rt.Server.RegisterService(grpcx.WithMovedMethods(public, internal), server)
	rt.Server.RegisterService(internal, server)
}

// Go runs a component for the life of the service.
func (rt *Runtime) Go(name string, fn func(ctx context.Context) error) { rt.group.Go(name, fn) }

// Dial connects to another service with tracing; closed on shutdown.
func (rt *Runtime) Dial(addr string) (*grpc.ClientConn, error) {
	conn, err := grpcx.Dial(addr, rt.TracerProvider)
	if err == nil {
		rt.closer = append(rt.closer, func() { _ = conn.Close() }) // at exit: nothing left to retry
	}
	return conn, err
}

// Consume runs handler for every message of topic in consumer group group.
// Consumption starts once the topic exists, so a service starts even while
// Kafka is down.
func (rt *Runtime) Consume(topic, group string, handler kafkax.Handler) {
	rt.consume(&kafkax.Consumer{Topic: topic, GroupID: group, Handle: handler})
}

// ConsumeBatch is Consume for a handler that applies what has arrived in one
// go (one transaction for many events).
func (rt *Runtime) ConsumeBatch(topic, group string, handler kafkax.BatchHandler) {
	rt.consume(&kafkax.Consumer{Topic: topic, GroupID: group, HandleBatch: handler})
}

func (rt *Runtime) consume(c *kafkax.Consumer) {
	c.Brokers, c.Logger, c.TracerProvider = rt.Config.KafkaBrokers, rt.Logger, rt.TracerProvider
	c.Instrument(rt.Metrics)
	rt.Go("consumer "+c.Topic, func(ctx context.Context) error {
		if err := kafkax.AwaitTopics(ctx, rt.Logger, rt.Config.KafkaBrokers, c.Topic); err != nil {
			return nil // ctx ended
		}
		return c.Run(ctx)
	})
}

// Migrate applies the service's migrations and returns.
func Migrate(ctx context.Context, cfg Config, spec Spec) error {
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, spec.Schema, postgres.Options{MaxConns: 2})
	if err != nil {
		return err
	}
	defer pool.Close()
	return postgres.Migrate(ctx, pool, spec.Schema, spec.Migrations)
}

// Run starts the service and blocks until ctx ends, then stops gracefully:
// health turns NOT_SERVING, in-flight calls finish, then resources close.
func Run(ctx context.Context, cfg Config, spec Spec) error {
	log := cfg.Logger
	if log == nil {
		log = logging.New(os.Stdout, cfg.Name, cfg.LogLevel)
	}
	tp, flush, err := telemetry.Setup(ctx, cfg.Name, log)
	if err != nil {
		return fmt.Errorf("telemetry: %w", err)
	}
	defer flush(context.Background())

	pool, err := postgres.Open(ctx, cfg.DatabaseURL, spec.Schema, postgres.Options{TracerProvider: tp})
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := postgres.Migrate(ctx, pool, spec.Schema, spec.Migrations); err != nil {
		return err
	}

	rt := &Runtime{Config: cfg, Logger: log, Pool: pool, TracerProvider: tp, Metrics: metrics.New(cfg.Name), group: app.NewGroup(ctx)}
	defer func() {
		for _, c := range rt.closer {
			c()
		}
	}()
	keys := spec.KeySource
	if keys == nil {
		conn, err := rt.Dial(cfg.AuthGRPCAddr)
		if err != nil {
			return err
		}
		client := authv1.NewAuthServiceClient(conn)
		keys = func(ctx context.Context) (*authv1.JWKS, error) { return client.GetJWKS(ctx, &authv1.GetJWKSRequest{}) }
	}
	rt.verifier = authn.NewVerifier(keys)
	server, hs := grpcx.NewServer(grpcx.ServerOptions{Logger: log, TracerProvider: tp, MaxConnectionAge: cfg.MaxConnectionAge})
	rt.Server = server

	if len(spec.Produces) > 0 {
		writer := kafkax.NewWriter(cfg.KafkaBrokers)
		defer writer.Close()
		rt.Relay = &outbox.Relay{Pool: pool, Publisher: writer, Logger: log, TracerProvider: tp}
		rt.Relay.Init()
		rt.Metrics.Gauge("outbox_backlog", "Outbox rows waiting to be published (at the last poll).", nil,
			func() float64 { return float64(rt.Relay.Backlog()) })
		for _, topic := range spec.Produces {
			rt.Metrics.Counter("outbox_published_total", "Events the outbox relay wrote to the topic in label topic.",
				map[string]string{"topic": topic}, func() float64 { return float64(rt.Relay.Published(topic)) })
		}
		rt.Go("outbox relay", func(ctx context.Context) error {
			if err := kafkax.AwaitTopics(ctx, log, cfg.KafkaBrokers, spec.Produces...); err != nil {
				return nil
			}
			return rt.Relay.Run(ctx)
		})
	}
	startPruner(rt, cfg, spec.Retention)
	if e := spec.Erasure; e != nil {
		rt.erase = e.Erase
		rt.ConsumeBatch(topics.Accounts, e.Group, erasure.Handler(pool, e.Group, e.Erase, log))
	}
	if err := spec.Setup(rt.group.Context(), rt); err != nil {
		return fmt.Errorf("%s setup: %w", cfg.Name, err)
	}

	lis := cfg.GRPCListener
	if lis == nil {
		if lis, err = net.Listen("tcp", cfg.GRPCAddr); err != nil {
			return fmt.Errorf("listen on GRPC_ADDR %s: %w", cfg.GRPCAddr, err)
		}
	}
	rt.Go("grpc", func(ctx context.Context) error {
		errc := make(chan error, 1)
		go func() { errc <- server.Serve(lis) }()
		select {
		case err := <-errc:
			return err
		case <-ctx.Done():
			hs.Shutdown() // report NOT_SERVING so balancers drain us first
			stopped := make(chan struct{})
			go func() { server.GracefulStop(); close(stopped) }()
			select {
			case <-stopped:
			case <-time.After(10 * time.Second):
				server.Stop()
			}
			return nil
		}
	})
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	startAdmin(rt, hs)
	log.Info("service started", "grpc", lis.Addr().String())
	err = rt.group.Wait()
	log.Info("service stopped")
	return err
}

func startAdmin(rt *Runtime, hs *health.Server) {
	cfg := rt.Config
	if cfg.AdminListener == nil && cfg.AdminAddr == "" {
		return
	}
	ready := func(ctx context.Context) error { return rt.Pool.Ping(ctx) }
	srv := &http.Server{Handler: adminhttp.Handler(ready, rt.Metrics.Handler()), ReadHeaderTimeout: 5 * time.Second}
	rt.Go("admin", func(ctx context.Context) error {
		return adminhttp.Serve(ctx, srv, func() error {
			if cfg.AdminListener != nil {
				return srv.Serve(cfg.AdminListener)
			}
			srv.Addr = cfg.AdminAddr
			return srv.ListenAndServe()
		})
	})
}

// startPruner deletes what rules and the inbox's lifetime let go of.
func startPruner(rt *Runtime, cfg Config, rules []*retention.Rule) {
	keep := cfg.InboxTTL
	if keep <= 0 {
		keep = DefaultInboxTTL
	}
	rules = append(rules, &retention.Rule{Table: "inbox", Column: "processed_at", Keep: keep})
	for _, r := range rules {
		rt.Metrics.Counter("retention_deleted_rows_"+metrics.NamePart(r.Table)+"_total", "Expired rows of "+r.Table+" deleted.", nil,
			func() float64 { return float64(r.Deleted()) })
	}
	p := &retention.Pruner{Pool: rt.Pool, Rules: rules, Logger: rt.Logger}
	rt.Go("retention", p.Run)
}
