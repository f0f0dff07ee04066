// Package catalog reads services from catalog-svc over gRPC.
package catalog

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/pagecache"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Client implements booking.Catalog. Recent answers from copies at most TTL
// old (zero TTL: no copies); every lookup refreshes the copy, and a change
// event for a service drops its copy (Drop). Copies are kept only once this
// process receives change events (Live): catalog-svc acknowledges an edit
// after every live receiver consumed it (or after TTL), so from then on no
// booking is decided on a copy the edit made stale.
//
// A copy outlives TTL, up to copies.ConfirmedMaxAge, while catalog-svc's
// write mark confirms it (WatchWrites, writes.go): lookups read the
// database, never catalog-svc's pages (GetServiceCopy), so a copy is as
// new as the mark that confirms it, and Kafka being down bounds nothing
// but how fast a write shows here (within a mark check of its commit).
type Client struct {
	API catalogv1.CatalogServiceClient
	TTL time.Duration
	Now func() time.Time

	// confirmed is when the last check of the write mark that found no
	// write this client had not acted on began (unix nanoseconds).
	confirmed atomic.Int64

	mu     sync.Mutex
	live   bool
	copies map[string]copyOf
	// drops counts Drop and Invalidate calls; dropped holds each dropped
	// id's count at its last drop, and reset the count when the maps last
	// started over. A lookup that began before a drop of its id must not
	// keep its answer.
	drops   uint64
	dropped map[string]uint64
	reset   uint64
}

type copyOf struct {
	info      booking.ServiceInfo
	fetchedAt time.Time
}

// maxCopies bounds the memory copies take (some hundred bytes each); when
// full the map starts over. It holds a marketplace's busy services: the
// bench's availability row reads 20,000 of them at random.
const maxCopies = 50_000

// New returns a client over conn keeping copies for ttl.
func New(conn grpc.ClientConnInterface, ttl time.Duration) *Client {
	return &Client{API: catalogv1.NewCatalogServiceClient(conn), TTL: ttl, Now: time.Now}
}

// Recent returns a copy of the service fetched less than TTL ago, else
// looks it up. Only services that exist are copied. A caller that keeps
// what it is answered (the gateway's availability answers,
// grpcx.FreshReadKey) gets a lookup: it may have heard of a catalog write
// this process has not yet dropped its copy for, and would keep an answer
// built on the old copy until its next drop.
func (c *Client) Recent(ctx context.Context, id string) (booking.ServiceInfo, error) {
	if c.TTL > 0 && !grpcx.FreshRead(ctx) {
		c.mu.Lock()
		cp, ok := c.copies[id]
		c.mu.Unlock()
		if ok && c.fresh(cp.fetchedAt) {
			return cp.info, nil
		}
	}
	return c.Service(ctx, id)
}

// fresh reports whether a copy whose lookup began at fetchedAt may be
// used: younger than TTL, or younger than copies.ConfirmedMaxAge while the
// write mark was confirmed less than TTL ago (the rule of catalog-svc's
// pages, pagecache.Fresh).
func (c *Client) fresh(fetchedAt time.Time) bool {
	now := c.Now()
	return pagecache.Fresh(now.Sub(fetchedAt), now.Sub(time.Unix(0, c.confirmed.Load())), c.TTL, copies.ConfirmedMaxAge)
}

// Invalidate forgets every copy: the write mark moved, and any service may
// have changed.
func (c *Client) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drops++
	c.dropped, c.copies, c.reset = map[string]uint64{}, map[string]copyOf{}, c.drops
}

// Confirm records that every catalog write committed before at has
// emptied the copies (copies.WatchWrites).
func (c *Client) Confirm(at time.Time) { c.confirmed.Store(at.UnixNano()) }

// Live starts keeping copies: change events now reach this process.
func (c *Client) Live() {
	c.mu.Lock()
	c.live = true
	c.mu.Unlock()
}

// Drop forgets the copy of service id: it changed.
func (c *Client) Drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drops++
	if c.dropped == nil || len(c.dropped) >= maxCopies {
		c.dropped, c.copies, c.reset = map[string]uint64{}, map[string]copyOf{}, c.drops
	}
	c.dropped[id] = c.drops
	delete(c.copies, id)
}

// Service looks id up. An unknown or malformed id is ErrServiceNotFound; the
// catalogue being unreachable is a 503, never a 500.
func (c *Client) Service(ctx context.Context, id string) (booking.ServiceInfo, error) {
	fetchedAt := c.Now()
	c.mu.Lock()
	drops := c.drops
	c.mu.Unlock()
	resp, err := c.API.GetServiceCopy(ctx, &catalogv1.GetServiceRequest{Id: id})
	switch status.Code(err) {
	case codes.OK:
	case codes.NotFound, codes.InvalidArgument:
		return booking.ServiceInfo{}, booking.ErrServiceNotFound
	case codes.Unavailable, codes.DeadlineExceeded:
		return booking.ServiceInfo{}, apperr.New(apperr.KindUnavailable, "The service catalogue is unavailable, please try again")
	default:
		return booking.ServiceInfo{}, err
	}
	s := resp.GetService()
	if s == nil {
		return booking.ServiceInfo{}, booking.ErrServiceNotFound
	}
	info := booking.ServiceInfo{
		ID: s.GetId(), ProviderID: s.GetProviderId(), Name: s.GetName(), Category: s.GetCategory(),
		Provider: s.GetProvider(), Location: s.GetLocation(), TimeSlots: s.GetTimeSlots(), IsActive: s.GetIsActive(),
		QueueClosed: !s.GetQueueOpen(), Duration: int(s.GetDuration()), Price: s.GetPrice(),
	}
	for _, c := range s.GetClosures() {
		info.Closures = append(info.Closures, booking.Closure{From: c.GetFrom(), To: c.GetTo(), Note: c.GetNote()})
	}
	if c.TTL > 0 {
		c.keep(id, copyOf{info: info, fetchedAt: fetchedAt}, drops)
	}
	return info, nil
}

// keep stores cp, a lookup begun when drops drops had happened, unless the
// service was dropped since (cp may predate the change) or copies are not
// kept yet.
func (c *Client) keep(id string, cp copyOf, drops uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live || c.reset > drops || c.dropped[id] > drops {
		return
	}
	if c.copies == nil || len(c.copies) >= maxCopies {
		c.copies = map[string]copyOf{}
	}
	// A slower lookup that started earlier must not replace a newer copy.
	if old, ok := c.copies[id]; !ok || old.fetchedAt.Before(cp.fetchedAt) {
		c.copies[id] = cp
	}
}
