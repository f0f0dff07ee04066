package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"
	"github.com/slotwise/slotwise/platform/telemetry"
)

// memberRemoved is the ServiceEvent type of a team member leaving the team
// (api/proto/slotwise/events/v1/events.proto).
const memberRemoved = "member_removed"

// HandBacker hands a removed member's upcoming appointments to the owner
// (booking.HandBack).
type HandBacker interface {
	MemberRemoved(ctx context.Context, providerID, staffID string) (int, error)
}

// MembersRemoved returns the handler that hands a removed member's
// upcoming appointments back to the owner (topics.BookingMembersGroup).
// Each appointment is handed back once however often the event arrives:
// the change applies only while it is still the member's.
func MembersRemoved(h HandBacker, log *slog.Logger) kafkax.Handler {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.ServiceEvent) error {
		if ev.GetType() != memberRemoved || ev.GetProviderId() == "" || ev.GetStaffId() == "" {
			return nil
		}
		telemetry.Annotate(ctx, telemetry.ProviderID.String(ev.GetProviderId()))
		n, err := h.MemberRemoved(ctx, ev.GetProviderId(), ev.GetStaffId())
		if err != nil {
			return fmt.Errorf("handing back member %s's appointments: %w", ev.GetStaffId(), err)
		}
		if n > 0 {
			log.InfoContext(ctx, "removed member's appointments handed back to the owner",
				"provider_id", ev.GetProviderId(), "staff_id", ev.GetStaffId(), "appointments", n)
		}
		return nil
	})
}
