package transport

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/pagecache"
)

// TestFreshReadsSkipThePages: a caller that keeps answers itself (the
// gateway, grpcx.FreshReadKey) is answered from the database, and that
// answer replaces the kept one; other callers are answered from memory.
func TestFreshReadsSkipThePages(t *testing.T) {
	pages := pagecache.New(time.Minute, 1<<20, nil)
	pages.Live()
	reads := int32(0)
	serve := func(context.Context, string) (*wrapperspb.Int32Value, error) {
		reads++
		return wrapperspb.Int32(reads), nil
	}
	read := func(ctx context.Context) int32 {
		t.Helper()
		v, err := cached(ctx, pages, getKey("abc"), "abc", serve)
		if err != nil {
			t.Fatal(err)
		}
		return v.GetValue()
	}
	plain := context.Background()
	fresh := metadata.NewIncomingContext(plain, metadata.Pairs(grpcx.FreshReadKey, "1"))
	if a, b := read(plain), read(plain); a != 1 || b != 1 {
		t.Fatalf("plain reads: %d, %d; want the first kept", a, b)
	}
	if got := read(fresh); got != 2 {
		t.Fatalf("a fresh read got read %d, want a new one", got)
	}
	if got := read(plain); got != 2 {
		t.Fatalf("after a fresh read, a plain one got read %d, want the fresh answer", got)
	}
}
