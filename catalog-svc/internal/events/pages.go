package events

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// Pages are the pages a process keeps.
type Pages interface{ Invalidate() }

// ServiceChanges returns the handler that forgets every page on any change
// of a service (a page's order and total move with any service).
func ServiceChanges(p Pages, log *slog.Logger) func(ctx context.Context, msg kafka.Message) error {
	return kafkax.Decoded(log, func(context.Context, kafka.Message, *eventsv1.ServiceEvent) error {
		p.Invalidate()
		return nil
	})
}
