package erasure_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-kit/kit/endpoint"
	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc/metadata"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/authn"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/testkit"
)

// callAs returns a context carrying a valid bearer token of user, and the
// verifier that accepts it.
func callAs(t testing.TB, user string) (context.Context, *authn.Verifier) {
	t.Helper()
	pub, key, _ := ed25519.GenerateKey(rand.Reader)
	v := authn.NewVerifier(func(context.Context) (*authv1.JWKS, error) {
		return &authv1.JWKS{Keys: []*authv1.JWK{authn.JWK("k1", pub)}}, nil
	})
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{"sub": user, "role": "customer", "exp": time.Now().Add(time.Hour).Unix()})
	tok.Header["kid"] = "k1"
	signed, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return authn.TokenToContext(context.Background(), metadata.Pairs("authorization", "Bearer "+signed)), v
}

func record(t testing.TB, pool *pgxpool.Pool, user string) {
	t.Helper()
	if err := pgx.BeginFunc(context.Background(), pool, func(tx pgx.Tx) error { return erasure.Record(context.Background(), tx, user) }); err != nil {
		t.Fatal(err)
	}
}

// TestRefuse: an erased caller's call is refused before it runs (401 "This
// account has been deleted"); a call that the erasure overtakes while it
// runs is erased again once it is done and answers the same, so what it
// wrote does not outlive the erasure; a call refused by its own rules is
// left alone.
func TestRefuse(t *testing.T) {
	pool := testkit.NewPool(t, "refuse", fstest.MapFS{"001_notes.sql": {Data: []byte(
		`CREATE TABLE notes (user_id text NOT NULL, text text NOT NULL);`)}}, ".", 0)
	erase := erasure.Statements(`DELETE FROM notes WHERE user_id = $1`)
	write := func(ctx context.Context, user, text string) error {
		_, err := pool.Exec(ctx, `INSERT INTO notes (user_id, text) VALUES ($1, $2)`, user, text)
		return err
	}
	var erasedMidCall bool // the erasure commits while the call runs
	ep := kit.CallerEndpoint(func(ctx context.Context, c authn.Claims, text string) (string, error) {
		if text != "refuse" {
			if err := write(ctx, c.UserID, text); err != nil {
				return "", err
			}
		}
		if erasedMidCall {
			record(t, pool, c.UserID)
		}
		if text == "refuse" {
			return "", apperr.Invalid("no")
		}
		return "written", nil
	})

	t.Run("a user who is not erased", func(t *testing.T) {
		ctx, v := callAs(t, "u1")
		resp, err := endpoint.Chain(authn.Middleware(v), erasure.Refuse(pool, erase))(ep)(ctx, "hello")
		if err != nil || resp.(kit.Response[string]).Value != "written" {
			t.Fatalf("%v %v", resp, err)
		}
	})

	t.Run("an erased user", func(t *testing.T) {
		ctx, v := callAs(t, "u2")
		record(t, pool, "u2")
		_, err := endpoint.Chain(authn.Middleware(v), erasure.Refuse(pool, erase))(ep)(ctx, "after")
		if !errors.Is(err, erasure.ErrAccountDeleted) {
			t.Fatalf("err %v, want ErrAccountDeleted", err)
		}
		if n := testkit.Count(t, pool, `SELECT count(*) FROM notes WHERE user_id = 'u2'`); n != 0 {
			t.Fatalf("the erased user wrote %d notes", n)
		}
	})

	t.Run("erased while the call runs", func(t *testing.T) {
		ctx, v := callAs(t, "u3")
		erasedMidCall = true
		defer func() { erasedMidCall = false }()
		_, err := endpoint.Chain(authn.Middleware(v), erasure.Refuse(pool, erase))(ep)(ctx, "racing")
		if !errors.Is(err, erasure.ErrAccountDeleted) {
			t.Fatalf("err %v, want ErrAccountDeleted", err)
		}
		if n := testkit.Count(t, pool, `SELECT count(*) FROM notes WHERE user_id = 'u3'`); n != 0 {
			t.Fatalf("%d notes written during the erasure outlive it", n)
		}
	})

	t.Run("a refused call", func(t *testing.T) {
		ctx, v := callAs(t, "u4")
		erasedMidCall = true
		defer func() { erasedMidCall = false }()
		resp, err := endpoint.Chain(authn.Middleware(v), erasure.Refuse(pool, erase))(ep)(ctx, "refuse")
		if err != nil || resp.(kit.Response[string]).Err == nil {
			t.Fatalf("%v %v: the call's own refusal must pass through", resp, err)
		}
	})

	t.Run("no erase (auth-svc)", func(t *testing.T) {
		ctx, v := callAs(t, "u5")
		record(t, pool, "u5")
		if _, err := endpoint.Chain(authn.Middleware(v), erasure.Refuse(pool, nil))(ep)(ctx, "x"); !errors.Is(err, erasure.ErrAccountDeleted) {
			t.Fatalf("err %v, want ErrAccountDeleted", err)
		}
	})
}

// TestGuardWaitsForTheRecord: a consumer's Guard that runs while an
// erasure's record is not yet committed waits for it and then sees the user
// erased; without the lock it would copy the user's data after the erasure
// had looked for it.
func TestGuardWaitsForTheRecord(t *testing.T) {
	pool := testkit.NewPool(t, "guard", fstest.MapFS{}, ".", 0)
	ctx := context.Background()
	rec, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Rollback(ctx)
	if err := erasure.Record(ctx, rec, "u1"); err != nil {
		t.Fatal(err)
	}

	type result struct {
		erased map[string]bool
		err    error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		r.err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			r.erased, r.err = erasure.Guard(ctx, tx, "u2", "u1")
			return r.err
		})
		done <- r
	}()
	// Commit the record once the guard waits on its lock (or, broken, has
	// already answered).
	var got *result
	poll(t, func() bool {
		select {
		case r := <-done:
			got = &r
			return true
		default:
		}
		return testkit.Count(t, pool, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
			AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`) > 0
	})
	if err := rec.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if got == nil {
		r := <-done
		got = &r
	}
	if got.err != nil {
		t.Fatal(got.err)
	}
	if !got.erased["u1"] || got.erased["u2"] {
		t.Fatalf("erased %v, want u1 only: the guard did not wait for the record", got.erased)
	}
}

// poll polls cond until it holds.
func poll(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in 20s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// BenchmarkRefuse is the price of the check on a call that is not refused:
// one indexed lookup before the call, one after
// (docs/adr/0064-erased-users-refused-and-never-copied-again.md).
func BenchmarkRefuse(b *testing.B) {
	pool := testkit.NewPool(b, "refusebench", fstest.MapFS{}, ".", 0)
	gone := make([]string, 10000)
	for i := range gone {
		gone[i] = fmt.Sprintf("gone-%d", i)
	}
	if err := pgx.BeginFunc(context.Background(), pool, func(tx pgx.Tx) error { return erasure.Record(context.Background(), tx, gone...) }); err != nil {
		b.Fatal(err)
	}
	ctx, v := callAs(b, "u1")
	ep := endpoint.Chain(authn.Middleware(v), erasure.Refuse(pool, erasure.Statements()))(
		kit.CallerEndpoint(func(context.Context, authn.Claims, string) (string, error) { return "ok", nil }))
	b.ResetTimer()
	for range b.N {
		if _, err := ep(ctx, "x"); err != nil {
			b.Fatal(err)
		}
	}
}
