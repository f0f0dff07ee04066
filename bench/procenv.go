package bench

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/slotwise/slotwise/devstack/stackproc"
)

// StartProcess is Start with the back end run as `make up` runs it: the
// devstack binary as an OS process (its own programs as processes of their
// own when env asks for split mode), on a fresh database, with env added to
// its environment. The soak drill measures it from outside.
func StartProcess(ctx context.Context, o Options, env ...string) (_ *Env, err error) {
	e := &Env{Opts: o, AdminURL: o.AdminURL, Clock: &Clock{}}
	defer func() {
		if err != nil {
			e.Close()
		}
	}()
	if err := e.create(ctx); err != nil {
		return nil, err
	}
	_, e.Key, _ = ed25519.GenerateKey(rand.Reader)
	e.Logf("building the devstack")
	binDir := filepath.Join(e.tmp, "bin")
	split := slices.Contains(env, "SPLIT=1")
	bin, err := stackproc.Build(ctx, binDir, split)
	if err != nil {
		return nil, err
	}
	if split {
		env = append(env, "PROGRAMS_DIR="+binDir)
	}
	log, err := os.Create(filepath.Join(e.tmp, "devstack.log"))
	if err != nil {
		return nil, err
	}
	env = append([]string{"DATABASE_URL=" + e.stackURL(), "JWT_SIGNING_KEY=" + base64.StdEncoding.EncodeToString(e.Key.Seed()),
		"AUTH_RATE_LIMIT_PER_MINUTE=1000000", "BOOKING_RATE_LIMIT_PER_MINUTE=0", "LOG_LEVEL=warn",
		// The bench's users (NewUser) are mailed without verifying.
		"VERIFIED_EMAIL_DOMAINS=example.com"}, env...)
	e.proc, err = stackproc.Start(ctx, stackproc.Options{Bin: bin, Dir: filepath.Join(e.tmp, "devstack"), Env: env, Log: log}, 2*time.Minute)
	if err != nil {
		out, _ := os.ReadFile(log.Name())
		return nil, fmt.Errorf("%w; its output:\n%s", err, tail(out, 4000))
	}
	e.API = e.proc.API
	return e, e.connect(ctx, 64)
}

// tail is the end of b, at most n bytes.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
