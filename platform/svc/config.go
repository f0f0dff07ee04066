// Package svc is the runtime every back-end service shares: configuration
// common to all, database and migrations, token verification, the gRPC
// server, the outbox relay, Kafka consumers, the admin port and graceful
// shutdown. A service contributes only a Spec.
package svc

import (
	"log/slog"
	"net"
	"time"

	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/grpcx"
)

// Config is what every service reads from the environment.
type Config struct {
	Name         string
	DatabaseURL  string
	GRPCAddr     string
	AdminAddr    string
	KafkaBrokers []string
	// AuthGRPCAddr is where the JWKS come from; auth-svc itself leaves it empty.
	AuthGRPCAddr string
	LogLevel     string
	// MaxConnectionAge is how long a client connection to the gRPC server
	// lives (GRPC_MAX_CONNECTION_AGE; 0: grpcx.DefaultMaxConnectionAge).
	MaxConnectionAge time.Duration
	// InboxTTL is how long consumers remember an event id (INBOX_TTL). It
	// must outlast every way an event can come again: the topics'
	// retention (a replay from the start of the log), not just a
	// redelivery after a crash.
	InboxTTL time.Duration

	// Set by in-process runners (devstack, tests) instead of addresses.
	GRPCListener  net.Listener
	AdminListener net.Listener
	Logger        *slog.Logger
}

// DefaultInboxTTL is INBOX_TTL's default: twice Kafka's default retention
// (and the embedded broker's, docs/operations.md).
const DefaultInboxTTL = 14 * 24 * time.Hour

// LoadConfig reads the common variables. defaultGRPC is the service's port.
func LoadConfig(r *config.Reader, name, defaultGRPC string, needsAuth, needsKafka bool) Config {
	c := Config{
		Name:        name,
		DatabaseURL: r.Required("DATABASE_URL"),
		GRPCAddr:    r.String("GRPC_ADDR", defaultGRPC),
		AdminAddr:   r.String("ADMIN_ADDR", ""),
		LogLevel:    r.String("LOG_LEVEL", "info"),

		MaxConnectionAge: r.Duration("GRPC_MAX_CONNECTION_AGE", grpcx.DefaultMaxConnectionAge),
		InboxTTL:         r.Duration("INBOX_TTL", DefaultInboxTTL),
	}
	if needsKafka {
		c.KafkaBrokers = r.List("KAFKA_BROKERS", nil)
		r.Check(len(c.KafkaBrokers) > 0, "KAFKA_BROKERS is required but not set (comma-separated host:port list)")
	}
	if needsAuth {
		c.AuthGRPCAddr = r.Required("AUTH_GRPC_ADDR")
	}
	return c
}
