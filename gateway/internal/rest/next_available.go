package rest

import (
	"context"
	"log/slog"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/proto"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
)

// nextAvailableTimeout bounds the extra call: a listing without the hint
// is better than a slow listing.
const nextAvailableTimeout = time.Second

// withNextAvailable fills each service of a public listing (GET /services)
// with its first free slot, asking booking-svc once for the whole page
// (docs/adr/0015-next-available-slot.md): the first slot the service's
// availability would offer, with its team. When booking-svc does not
// answer, the page goes out with nextAvailable null and the failure is
// logged: the hint never costs the listing. It is part of the listing,
// kept with it up to 5 s (docs/product.md "Fresh and kept").
func withNextAvailable(booking bookingv1.BookingInternalClient, log *slog.Logger) runtime.ForwardResponseRewriter {
	return func(ctx context.Context, resp proto.Message) (any, error) {
		list, ok := resp.(*catalogv1.ListServicesResponse)
		if pattern, _ := runtime.HTTPPathPattern(ctx); !ok || pattern != "/services" || len(list.GetServices()) == 0 {
			return resp, nil
		}
		// A closed queue has no free slot: its services are not asked about.
		req := &bookingv1.NextAvailableRequest{Services: make([]*bookingv1.ServiceSlots, 0, len(list.Services))}
		for _, s := range list.Services {
			if !s.GetQueueOpen() {
				continue
			}
			slots := &bookingv1.ServiceSlots{ServiceId: s.GetId(), ProviderId: s.GetProviderId(), TimeSlots: s.GetTimeSlots(), MinNoticeMinutes: s.GetMinNoticeMinutes(),
				BufferMinutes: s.GetBufferMinutes(), DurationMinutes: s.GetDuration()}
			for _, c := range s.GetClosures() {
				slots.ClosedDays = append(slots.ClosedDays, &bookingv1.ClosedDays{From: c.GetFrom(), To: c.GetTo()})
			}
			req.Services = append(req.Services, slots)
		}
		if len(req.Services) == 0 {
			return resp, nil
		}
		ctx, cancel := context.WithTimeout(ctx, nextAvailableTimeout)
		defer cancel()
		next, err := booking.NextAvailable(ctx, req)
		if err != nil {
			log.WarnContext(ctx, "listing sent without next available slots", "err", err)
			return resp, nil
		}
		byID := make(map[string]*bookingv1.NextSlot, len(next.GetSlots()))
		for _, n := range next.GetSlots() {
			byID[n.GetServiceId()] = n
		}
		for _, s := range list.Services {
			if n := byID[s.GetId()]; n != nil {
				s.NextAvailable = &catalogv1.NextAvailable{Date: n.GetDate(), Time: n.GetTime(), StartsAt: n.GetStartsAt()}
			}
		}
		return list, nil
	}
}
