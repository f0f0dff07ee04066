// Package authsvc runs the auth service: accounts, logins and the keys that
// sign access tokens.
package authsvc

import (
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"time"

	"github.com/google/uuid"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/retention"
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
	// AccessTTL is how long an access token lives (ACCESS_TOKEN_TTL, at
	// most MaxAccessTTL): every service verifies it on its own, so it is not
	// revoked; ending a session takes effect at its expiry.
	AccessTTL time.Duration
	// RefreshTTL is how long a refresh token lives unused (REFRESH_TOKEN_TTL).
	RefreshTTL time.Duration
	// VerifiedDomains are email domains whose addresses count as verified
	// at once (VERIFIED_EMAIL_DOMAINS, comma-separated; empty by default):
	// for development and test stacks, whose demo and test accounts use
	// reserved domains nobody receives mail at.
	VerifiedDomains []string
	Clock           func() time.Time
}

// Token lifetimes.
const (
	DefaultAccessTTL = 10 * time.Minute
	MaxAccessTTL     = 15 * time.Minute
)

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	cfg := Config{
		Config:          svc.LoadConfig(r, "auth-svc", ":7001", false, true),
		AccessTTL:       r.Duration("ACCESS_TOKEN_TTL", DefaultAccessTTL),
		RefreshTTL:      r.Duration("REFRESH_TOKEN_TTL", auth.DefaultRefreshTTL),
		VerifiedDomains: r.List("VERIFIED_EMAIL_DOMAINS", nil),
	}
	r.Check(cfg.AccessTTL > 0 && cfg.AccessTTL <= MaxAccessTTL,
		"ACCESS_TOKEN_TTL must be between 1s and 15m: access tokens cannot be revoked, so ending a session waits for them to expire")
	r.Check(cfg.RefreshTTL >= time.Hour, "REFRESH_TOKEN_TTL must be at least 1h (it is how long a session lasts unused)")
	// Verification turned off for a domain is for stacks whose accounts use
	// reserved domains nobody receives mail at; set by mistake in a
	// deployment it would let anyone claim any address there (issue 50).
	r.Check(len(cfg.VerifiedDomains) == 0 || r.String("DEVSTACK", "") == "true",
		"VERIFIED_EMAIL_DOMAINS turns email verification off for its domains: it is for development stacks only (they set DEVSTACK=true); unset it")
	r.Check(r.String("TOKEN_TTL", "") == "",
		"TOKEN_TTL was replaced by ACCESS_TOKEN_TTL (at most 15m; default 10m) and REFRESH_TOKEN_TTL (default 336h)")
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
	accessTTL := cmp.Or(cfg.AccessTTL, DefaultAccessTTL)
	refreshTTL := cmp.Or(cfg.RefreshTTL, auth.DefaultRefreshTTL)
	var signer *token.Signer
	if cfg.SigningKey != nil {
		// Every service checks a token's expiry against its wall clock, so
		// tokens are issued on it, whatever clock the domain runs on.
		signer = token.NewSigner(cfg.SigningKey, accessTTL, time.Now)
	}
	return svc.Spec{
		Schema:     "auth",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		// Account mails (verification and reset links, email change
		// notices) go to notification-svc through the outbox.
		Produces:  []string{topics.Accounts},
		KeySource: func(context.Context) (*authv1.JWKS, error) { return signer.JWKS(), nil },
		// A session's rows go once they can no longer matter: a token
		// refreshTTL after issue (it has expired), a family refreshTTL after
		// its latest refresh (every token of it has expired).
		Retention: []*retention.Rule{
			{Table: "refresh_tokens", Column: "issued_at", Keep: refreshTTL, Now: now},
			{Table: "session_families", Column: "refreshed_at", Keep: refreshTTL, Now: now},
			// A run of wrong passwords is forgotten a day after its latest.
			{Table: "login_failures", Column: "last_failure", Keep: auth.ForgetFailuresAfter, Now: now},
			// Mailed links die within a day (auth.VerifyLinkTTL).
			{Table: "account_links", Column: "created_at", Keep: 7 * 24 * time.Hour, Now: now},
			// So do takeovers' (auth/takeover.go), which hold a password hash.
			{Table: "registration_takeovers", Column: "created_at", Keep: 7 * 24 * time.Hour, Now: now},
		},
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			opts := []auth.Option{auth.WithRefreshTTL(refreshTTL), auth.WithVerifiedDomains(cfg.VerifiedDomains)}
			if cfg.SigningKey != nil {
				opts = append(opts, auth.WithUnsubscribeKey(auth.UnsubscribeKey(cfg.SigningKey.Seed())))
			}
			domain := auth.NewService(store.Users{Pool: rt.Pool}, password.ForCPUs(), signer, now, func() string { return uuid.NewString() }, opts...)
			rt.Serve(transport.NewGRPCServer(transport.NewSet(domain, signer.JWKS, rt.Middlewares)),
				&authv1.AuthService_ServiceDesc, &authv1.AuthInternal_ServiceDesc)
			return nil
		},
	}
}
