package transport

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// SlotChanges is where WatchSlots hears of changed slots
// (internal/slotwatch.Listener): Subscribe fails while changes cannot be
// heard; the channel closes when some may have been missed.
type SlotChanges interface {
	Subscribe() (changes <-chan []string, stop func(), err error)
}

// SlotWatchServer is the booking gRPC server with WatchSlots.
type SlotWatchServer struct {
	*AnalyticsServer
	slots SlotChanges
}

// WithSlotWatch adds WatchSlots, fed by slots, to s.
func WithSlotWatch(s *AnalyticsServer, slots SlotChanges) *SlotWatchServer {
	return &SlotWatchServer{AnalyticsServer: s, slots: slots}
}

// maxServicesPerMessage bounds a message that coalesces a backlog, far
// under gRPC's 4 MB default for a message received.
const maxServicesPerMessage = 4096

// The statuses that end a watch: the watcher must assume it missed changes.
var (
	errNotListening = status.Error(codes.Unavailable, "booking-svc is not listening for slot changes right now; try again shortly")
	errMissed       = status.Error(codes.Unavailable, "booking-svc stopped listening for slot changes, or this watch fell behind; changes may have been missed")
)

// WatchSlots sends an empty SlotChanges once subscribed, then the services
// of each change, what has queued meanwhile coalesced into one message
// without repeats (api/proto/slotwise/booking/v1/booking.proto). It ends
// with Unavailable when changes may have been missed, and without error
// when the caller goes.
func (s *SlotWatchServer) WatchSlots(_ *bookingv1.WatchSlotsRequest, stream grpc.ServerStreamingServer[bookingv1.SlotChanges]) error {
	changes, stop, err := s.slots.Subscribe()
	if err != nil {
		return errNotListening
	}
	defer stop()
	if err := stream.Send(&bookingv1.SlotChanges{}); err != nil {
		return err
	}
	done := stream.Context().Done()
	for {
		select {
		case <-done:
			return nil
		case batch, open := <-changes:
			if !open {
				return errMissed
			}
			ids, open := coalesce(batch, changes)
			if err := stream.Send(&bookingv1.SlotChanges{ServiceIds: ids}); err != nil {
				return err
			}
			if !open {
				return errMissed
			}
		}
	}
}

// coalesce is first and the batches already queued on changes, without
// repeats, up to about maxServicesPerMessage services; open is false when
// changes turned out closed.
func coalesce(first []string, changes <-chan []string) (ids []string, open bool) {
	seen := make(map[string]struct{}, len(first))
	add := func(batch []string) {
		for _, id := range batch {
			if _, dup := seen[id]; !dup {
				seen[id] = struct{}{}
				ids = append(ids, id)
			}
		}
	}
	add(first)
	for len(ids) < maxServicesPerMessage {
		select {
		case batch, open := <-changes:
			if !open {
				return ids, false
			}
			add(batch)
		default:
			return ids, true
		}
	}
	return ids, true
}
