// Package authsvc runs the auth service: accounts, logins and the keys that
// sign access tokens.
package authsvc

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"time"

	"github.com/google/uuid"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
	"github.com/slotwise/slotwise/auth-svc/internal/password"
	"github.com/slotwise/slotwise/auth-svc/internal/store"
	"github.com/slotwise/slotwise/auth-svc/internal/token"
	"github.com/slotwise/slotwise/auth-svc/internal/transport"
)

// Config is the auth service's environment.
type Config struct {
	svc.Config
	// SigningKey signs access tokens (JWT_SIGNING_KEY: base64 of a 32-byte Ed25519 seed).
	SigningKey ed25519.PrivateKey
	TokenTTL   time.Duration
	Clock      func() time.Time
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	cfg := Config{
		Config:   svc.LoadConfig(r, "auth-svc", ":7001", false, false),
		TokenTTL: r.Duration("TOKEN_TTL", 24*time.Hour),
	}
	if seed := r.Required("JWT_SIGNING_KEY"); seed != "" {
		raw, err := base64.StdEncoding.DecodeString(seed)
		r.Check(err == nil && len(raw) == ed25519.SeedSize,
			"JWT_SIGNING_KEY must be the base64 encoding of a 32-byte Ed25519 seed (e.g. `head -c32 /dev/urandom | base64`)")
		if err == nil && len(raw) == ed25519.SeedSize {
			cfg.SigningKey = ed25519.NewKeyFromSeed(raw)
		}
	}
	return cfg
}

// Program is what cmd/auth-svc runs.
var Program = svc.ProgramFor(LoadConfig)

// Run serves until ctx ends (the devstack runs it in-process).
func Run(ctx context.Context, cfg Config) error { return svc.RunService(ctx, cfg) }

// Spec wires the service into the shared runtime.
func (cfg Config) Spec() svc.Spec {
	now := svc.Clock(cfg.Clock)
	var signer *token.Signer
	if cfg.SigningKey != nil {
		signer = token.NewSigner(cfg.SigningKey, cfg.TokenTTL, now)
	}
	return svc.Spec{
		Schema:     "auth",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		KeySource:  func(context.Context) (*authv1.JWKS, error) { return signer.JWKS(), nil },
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			domain := auth.NewService(store.Users{Pool: rt.Pool}, password.ForCPUs(), signer, now, func() string { return uuid.NewString() })
			set := transport.NewSet(domain, rt.Middlewares(authv1.AuthService_ServiceDesc.ServiceName))
			authv1.RegisterAuthServiceServer(rt.Server, transport.NewGRPCServer(set, signer.JWKS))
			return nil
		},
	}
}
