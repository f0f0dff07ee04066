// Package catalog reads services from catalog-svc over gRPC.
package catalog

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/apperr"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Client implements booking.Catalog: every lookup asks catalog-svc, which
// reads its database, so a booking is decided on the service as it is now
// (docs/product.md "Fresh and kept"). Nothing is kept between calls.
type Client struct {
	API catalogv1.CatalogServiceClient
}

// New returns a client over conn.
func New(conn grpc.ClientConnInterface) *Client {
	return &Client{API: catalogv1.NewCatalogServiceClient(conn)}
}

// Service looks id up. An unknown or malformed id is ErrServiceNotFound; the
// catalogue being unreachable is a 503, never a 500.
func (c *Client) Service(ctx context.Context, id string) (booking.ServiceInfo, error) {
	resp, err := c.API.GetService(ctx, &catalogv1.GetServiceRequest{Id: id})
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
		MinNotice: time.Duration(s.GetMinNoticeMinutes()) * time.Minute,
		Buffer:    time.Duration(s.GetBufferMinutes()) * time.Minute,
	}
	for _, c := range s.GetClosures() {
		info.Closures = append(info.Closures, booking.Closure{From: c.GetFrom(), To: c.GetTo(), Note: c.GetNote()})
	}
	return info, nil
}
