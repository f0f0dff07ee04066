package telemetry

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// Business attributes: the ids an SRE searches traces by ("what happened to
// appointment X?"). Standard facts use the semantic conventions instead
// (go.opentelemetry.io/otel/semconv: db.*, messaging.*, user.id,
// user.roles). These carry the "app." prefix, as the OpenTelemetry demo's
// do, so none can be read as a convention: OpenTelemetry's own service.*
// keys name the program, not a service a provider offers.
const (
	AppointmentID = attribute.Key("app.appointment.id")
	ServiceID     = attribute.Key("app.service.id")
	ProviderID    = attribute.Key("app.provider.id")
	ReviewID      = attribute.Key("app.review.id")
	// BookingBatchSize is how many bookings were committed together with
	// this one (booking-svc's group commit).
	BookingBatchSize = attribute.Key("app.booking.batch_size")
	// OutboxID is the outbox row an event was published from.
	OutboxID = attribute.Key("app.outbox.id")
)

// Annotate adds attrs to the span in ctx (a call's server span, an event's
// process span); nothing when no span records.
func Annotate(ctx context.Context, attrs ...attribute.KeyValue) {
	if span := trace.SpanFromContext(ctx); span.IsRecording() {
		span.SetAttributes(attrs...)
	}
}
