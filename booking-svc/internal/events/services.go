package events

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// Copies are the copies of services a process keeps.
type Copies interface{ Drop(serviceID string) }

// ServiceChanges returns the handler that drops the copy of every service
// that changed. Dropping is idempotent: a redelivered event changes nothing.
func ServiceChanges(copies Copies, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.ServiceEvent) error {
		if ev.GetServiceId() == "" {
			log.WarnContext(ctx, "service event without service id skipped", "offset", msg.Offset)
			return nil
		}
		copies.Drop(ev.GetServiceId())
		return nil
	})
}
