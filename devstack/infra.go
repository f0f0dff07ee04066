package devstack

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnsureDatabase creates the database named in dbURL when it is missing.
func EnsureDatabase(ctx context.Context, dbURL string) error {
	u, err := url.Parse(dbURL)
	if err != nil {
		return fmt.Errorf("DATABASE_URL is not a URL: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	admin := *u
	admin.Path = "/postgres"
	// pool_* settings (pool_max_conns…) are pgxpool's, unknown to a single connection.
	q := admin.Query()
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	admin.RawQuery = q.Encode()
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(cctx, admin.String())
	if err != nil {
		return fmt.Errorf("no PostgreSQL server answers at %s:%s (%v).\n"+
			"Start the local one (Debian: `pg_ctlcluster 15 main start`, or `apt-get install -y postgresql` first),\n"+
			"or point DATABASE_URL at a server you can reach, e.g. postgres://user:pass@host:5432/slotwise", u.Hostname(), u.Port(), err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(cctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(cctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}

// SigningKey returns the key in JWT_SIGNING_KEY, or one kept in dir so
// browser sessions survive a restart of the devstack.
func SigningKey(dir string) (ed25519.PrivateKey, error) {
	if v := os.Getenv("JWT_SIGNING_KEY"); v != "" {
		seed, err := base64.StdEncoding.DecodeString(v)
		if err != nil || len(seed) != ed25519.SeedSize {
			return nil, fmt.Errorf("JWT_SIGNING_KEY must be the base64 encoding of a 32-byte Ed25519 seed")
		}
		return ed25519.NewKeyFromSeed(seed), nil
	}
	path := filepath.Join(dir, "jwt-signing-key")
	if b, err := os.ReadFile(path); err == nil {
		if seed, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b))); err == nil && len(seed) == ed25519.SeedSize {
			return ed25519.NewKeyFromSeed(seed), nil
		}
	}
	seed := make([]byte, ed25519.SeedSize)
	rand.Read(seed)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(seed)), 0o600); err != nil {
		return nil, err
	}
	return ed25519.NewKeyFromSeed(seed), nil
}
