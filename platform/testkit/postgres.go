// Package testkit gives integration tests real infrastructure with no shared
// state: a fresh PostgreSQL database per test and an embedded Kafka-protocol
// cluster (franz-go's kfake) per test.
package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/postgres"
)

// AdminURL is the server tests create their databases on:
// TEST_DATABASE_URL, else the local server.
func AdminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// NewDatabase creates an empty database for this test, drops it when the
// test ends, and returns its URL.
func NewDatabase(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		t.Fatalf("testkit: PostgreSQL is needed at %s (set TEST_DATABASE_URL): %v", AdminURL(), err)
	}
	defer admin.Close(ctx)
	b := make([]byte, 6)
	rand.Read(b)
	name := "slotwise_test_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("testkit: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, AdminURL())
		if err != nil {
			return
		}
		defer c.Close(ctx)
		c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// MustExec runs SQL against url (helper for seeding).
func MustExec(t testing.TB, dbURL, sql string, args ...any) {
	t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, sql, args...); err != nil {
		t.Fatal(fmt.Errorf("%s: %w", sql, err))
	}
}

// NewPool creates a fresh database (dropped when the test ends), opens a
// pool of at most maxConns confined to schema (0: the platform default), and
// applies the migrations in folder dir of fsys ("." for its root) as the
// service would at start-up, the platform's outbox and inbox tables included.
func NewPool(t testing.TB, schema string, fsys fs.FS, dir string, maxConns int32) *pgxpool.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	migrations, err := fs.Sub(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := postgres.Open(ctx, NewDatabase(t), schema, postgres.Options{MaxConns: maxConns})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := postgres.Migrate(ctx, pool, schema, migrations); err != nil {
		t.Fatal(err)
	}
	return pool
}

// Count runs a query returning one integer (a count) on pool.
func Count(t testing.TB, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}
