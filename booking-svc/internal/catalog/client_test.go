package catalog

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/grpcx"
)

// fakeCatalog answers GetServiceCopy with the current state of one
// service; during, when set, runs while a lookup is in flight.
type fakeCatalog struct {
	catalogv1.CatalogServiceClient
	active bool
	calls  int
	during func()
}

func (f *fakeCatalog) GetServiceCopy(context.Context, *catalogv1.GetServiceRequest, ...grpc.CallOption) (*catalogv1.GetServiceResponse, error) {
	f.calls++
	resp := &catalogv1.GetServiceResponse{Service: &catalogv1.Service{Id: "s1", IsActive: f.active}}
	if f.during != nil {
		f.during()
		f.during = nil
	}
	return resp, nil
}

func newClient(f *fakeCatalog) *Client {
	c, _ := newClientAt(f)
	return c
}

// newClientAt is newClient with its clock: advance moves it on.
func newClientAt(f *fakeCatalog) (c *Client, advance func(time.Duration) time.Time) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	c = &Client{API: f, TTL: 2 * time.Second, Now: func() time.Time { return now }}
	return c, func(d time.Duration) time.Time { now = now.Add(d); return now }
}

func TestCopiesOnlyOnceLive(t *testing.T) {
	f := &fakeCatalog{active: true}
	c := newClient(f)
	ctx := context.Background()
	c.Recent(ctx, "s1")
	c.Recent(ctx, "s1")
	if f.calls != 2 {
		t.Fatalf("before change events reach the process every lookup asks catalog-svc: %d calls", f.calls)
	}
	c.Live()
	c.Recent(ctx, "s1")
	c.Recent(ctx, "s1")
	if f.calls != 3 {
		t.Fatalf("once live, a copy answers: %d calls, want 3", f.calls)
	}
}

// A caller that keeps its answer (the gateway) asks for the catalog as it
// is now, and the copy it gets replaces the kept one.
func TestFreshReadsLookUp(t *testing.T) {
	f := &fakeCatalog{active: true}
	c, advance := newClientAt(f)
	c.Live()
	ctx := context.Background()
	fresh := metadata.NewIncomingContext(ctx, metadata.Pairs(grpcx.FreshReadKey, "1"))
	c.Recent(ctx, "s1")
	f.active = false // a write this process has not yet heard of
	advance(time.Millisecond)
	if got, _ := c.Recent(fresh, "s1"); got.IsActive || f.calls != 2 {
		t.Fatalf("a fresh read: active=%v calls=%d, want the catalog's answer", got.IsActive, f.calls)
	}
	if got, _ := c.Recent(ctx, "s1"); got.IsActive || f.calls != 2 {
		t.Fatalf("after a fresh read: active=%v calls=%d, want its copy", got.IsActive, f.calls)
	}
}

func TestDropForgetsTheCopy(t *testing.T) {
	f := &fakeCatalog{active: true}
	c := newClient(f)
	c.Live()
	ctx := context.Background()
	c.Recent(ctx, "s1")
	f.active = false
	c.Drop("s1")
	got, _ := c.Recent(ctx, "s1")
	if got.IsActive || f.calls != 2 {
		t.Fatalf("after a drop the next lookup asks catalog-svc: active=%v calls=%d", got.IsActive, f.calls)
	}
}

// A lookup that began before the service changed may carry the old state:
// it answers its caller, but is not kept as the copy.
func TestALookupOverlappingADropIsNotKept(t *testing.T) {
	f := &fakeCatalog{active: true}
	c := newClient(f)
	c.Live()
	ctx := context.Background()
	f.during = func() { c.Drop("s1") } // the change event arrives mid-lookup
	if got, _ := c.Recent(ctx, "s1"); !got.IsActive {
		t.Fatal("the lookup itself answers what it read")
	}
	f.active = false
	if got, _ := c.Recent(ctx, "s1"); got.IsActive || f.calls != 2 {
		t.Fatalf("the overlapping answer must not be kept: active=%v calls=%d", got.IsActive, f.calls)
	}
}

func TestDroppedMapStaysBounded(t *testing.T) {
	c := newClient(&fakeCatalog{})
	c.Live()
	for i := range maxCopies + 10 {
		c.Drop(string(rune(i)))
	}
	if len(c.dropped) > maxCopies {
		t.Fatalf("dropped holds %d ids", len(c.dropped))
	}
}

// A copy outlives the TTL only while the write mark keeps confirming it,
// and never past copies.ConfirmedMaxAge.
func TestAConfirmedCopyOutlivesTheTTL(t *testing.T) {
	f := &fakeCatalog{active: true}
	c, advance := newClientAt(f)
	c.Live()
	ctx := context.Background()
	c.Recent(ctx, "s1")
	c.Confirm(advance(3 * time.Second))
	c.Recent(ctx, "s1")
	if f.calls != 1 {
		t.Fatalf("a copy confirmed after its lookup answers past the TTL: %d calls", f.calls)
	}
	advance(c.TTL) // no confirmation within the TTL: the mark may have moved unseen
	c.Recent(ctx, "s1")
	if f.calls != 2 {
		t.Fatalf("unconfirmed for a TTL, the copy is read again: %d calls", f.calls)
	}
	for range int(copies.ConfirmedMaxAge/time.Second) + 1 {
		c.Confirm(advance(time.Second))
	}
	c.Recent(ctx, "s1")
	if f.calls != 3 {
		t.Fatalf("past copies.ConfirmedMaxAge the copy is read again however confirmed: %d calls", f.calls)
	}
}

// The write mark moved: every copy goes, and a lookup in flight is not kept.
func TestInvalidateForgetsEveryCopy(t *testing.T) {
	f := &fakeCatalog{active: true}
	c := newClient(f)
	c.Live()
	ctx := context.Background()
	c.Recent(ctx, "s1")
	c.Invalidate()
	f.during = c.Invalidate
	c.Recent(ctx, "s1")
	c.Recent(ctx, "s1")
	if f.calls != 3 {
		t.Fatalf("after an invalidation, and after one overlapping a lookup, catalog-svc is asked: %d calls, want 3", f.calls)
	}
}
