package events

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// PagesGroup is this process's own consumer group of topics.Services: each
// catalog-svc process keeps its own pages, so each must see every change,
// and being a copies group, edits wait for it (Propagation).
func PagesGroup() string { return topics.ServiceCopiesGroup("catalog-svc", uuid.NewString()) }

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
