package stacktest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stackproc"
	"github.com/slotwise/slotwise/platform/testkit"
)

// Process is the devstack binary running as an OS process for one test, on
// its own database, state directory and free ports, so a test can SIGKILL
// it (broker included) and start it again.
type Process struct {
	*stackproc.Process
	Client
	DatabaseURL string
	SigningKey  ed25519.PrivateKey
}

// StartProcess builds the devstack (once per test binary), starts it with
// env added to its environment and waits until it is ready. It is stopped
// when the test ends; its output is shown with STACK_LOG=1.
func StartProcess(t testing.TB, env ...string) *Process {
	t.Helper()
	bin := builtDevstack(t)
	db := testkit.NewDatabase(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	var log io.Writer
	if os.Getenv("STACK_LOG") == "1" {
		log = os.Stderr
	}
	env = append([]string{"DATABASE_URL=" + capPools(db), "JWT_SIGNING_KEY=" + base64.StdEncoding.EncodeToString(key.Seed()),
		// Off, as in Start: tests book in bulk as few users.
		"AUTH_RATE_LIMIT_PER_MINUTE=100000", "BOOKING_RATE_LIMIT_PER_MINUTE=0", "LOG_LEVEL=warn"}, env...)
	p, err := stackproc.Start(context.Background(), stackproc.Options{Bin: bin, Dir: t.TempDir(), Env: env, Log: log}, 90*time.Second)
	if err != nil {
		t.Fatalf("stacktest: start the devstack process: %v", err)
	}
	t.Cleanup(p.Stop)
	return &Process{Process: p, Client: Client{BaseURL: p.API}, DatabaseURL: db, SigningKey: key}
}

// Restart starts the devstack again after Kill or Stop (same database,
// directory and environment); the API's address may change.
func (p *Process) Restart(t testing.TB) {
	t.Helper()
	if err := p.Process.Restart(context.Background(), 90*time.Second); err != nil {
		t.Fatalf("stacktest: restart the devstack process: %v", err)
	}
	p.Client = Client{BaseURL: p.API}
}

var build struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

func builtDevstack(t testing.TB) string {
	t.Helper()
	build.once.Do(func() {
		if build.dir, build.err = os.MkdirTemp("", "slotwise-devstack-"); build.err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		build.bin, build.err = stackproc.Build(ctx, build.dir, false)
	})
	if build.err != nil {
		t.Fatalf("stacktest: %v", build.err)
	}
	return build.bin
}

// RemoveBuilt deletes the devstack binary StartProcess built; call it from
// TestMain after the tests ran.
func RemoveBuilt() {
	if build.dir != "" {
		os.RemoveAll(filepath.Clean(build.dir))
	}
}
