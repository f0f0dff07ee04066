// Package topics names the Kafka topics of the event contract; the payloads
// are the messages of api/proto/slotwise/events/v1.
package topics

const (
	// Appointments carries events.v1.AppointmentEvent, keyed by appointment id.
	// Producer: booking-svc. Consumer: review-svc.
	Appointments = "booking.appointments.v1"
	// Reviews carries events.v1.ReviewEvent, keyed by service id.
	// Producer: review-svc. Consumers: catalog-svc, booking-svc.
	Reviews = "review.reviews.v1"
	// Services carries events.v1.ServiceEvent, keyed by service id: every
	// creation, change (form, slots, active flag) and deletion of a service.
	// Producer: catalog-svc. Consumers: every booking-svc instance, which
	// drops its copy of the service.
	Services = "catalog.services.v1"
)

// ServiceCopiesGroupPrefix starts the consumer group id of every process
// that keeps copies of services and drops them on Services events (one
// group per process, so each sees every event). catalog-svc acknowledges
// a change once every live such group has consumed it, or once the copies'
// lifetime has passed (docs/decisions.md).
const ServiceCopiesGroupPrefix = Services + ".copies."
