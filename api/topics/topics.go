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
)
