// Package topics names the Kafka topics of the event contract and every
// consumer group reading them: producers, consumers, tests and the bench
// all take the names from here. The payloads are the messages of
// api/proto/slotwise/events/v1; docs/architecture.md#events says what each
// topic guarantees.
package topics

// Topics.
const (
	// Appointments carries events.v1.AppointmentEvent, keyed by appointment id.
	// Producer: booking-svc. Consumers: review-svc (ReviewAppointmentsGroup),
	// notification-svc (NotificationAppointmentsGroup).
	Appointments = "booking.appointments.v1"
	// Reviews carries events.v1.ReviewEvent, keyed by service id.
	// Producer: review-svc. Consumers: catalog-svc (CatalogReviewsGroup),
	// booking-svc (BookingReviewsGroup), notification-svc (NotificationReviewsGroup).
	Reviews = "review.reviews.v1"
	// Services carries events.v1.ServiceEvent, keyed by service id: every
	// creation, change (form, slots, active flag) and deletion of a service.
	// Producer: catalog-svc. Consumers: booking-svc (BookingClosedDaysGroup),
	// for closed-day notices, and (BookingMembersGroup) for member_removed,
	// keyed by provider id, which hands a removed team member's upcoming
	// appointments back to the owner. No one keeps copies of services:
	// readers ask catalog-svc (docs/product.md "Fresh and kept").
	Services = "catalog.services.v1"
	// Accounts carries events.v1.AccountEvent, keyed by user id: the mails
	// about an account (verification links, reset links, the notice of an
	// email change). Producer: auth-svc. Consumer: notification-svc
	// (NotificationAccountsGroup), which mails them. Also account_deleted
	// (the erasure groups below) and access_revoked (platform/revoke):
	// booking-svc (BookingFeedsGroup) replaces the account's calendar feeds.
	Accounts = "auth.accounts.v1"
)

// Consumer groups, named <consumer><topic>Group. A program's replicas share
// its group, so each event is handled once per program. The values are the
// committed offsets' keys in running clusters: never rename them.
const (
	// ReviewAppointmentsGroup is review-svc's group on Appointments.
	ReviewAppointmentsGroup = "review-svc"
	// CatalogReviewsGroup is catalog-svc's group on Reviews.
	CatalogReviewsGroup = "catalog-svc"
	// BookingReviewsGroup is booking-svc's group on Reviews.
	BookingReviewsGroup = "booking-svc"
	// NotificationAppointmentsGroup is notification-svc's group on Appointments.
	NotificationAppointmentsGroup = "notification-svc.appointments"
	// BookingClosedDaysGroup is booking-svc's group on Services that tells
	// customers of appointments on newly closed days.
	BookingClosedDaysGroup = "booking-svc.closed-days"
	// BookingMembersGroup is booking-svc's group on Services that hands a
	// removed team member's upcoming appointments back to the owner.
	BookingMembersGroup = "booking-svc.members"
	// NotificationReviewsGroup is notification-svc's group on Reviews.
	NotificationReviewsGroup = "notification-svc.reviews"
	// NotificationAccountsGroup is notification-svc's group on Accounts.
	NotificationAccountsGroup = "notification-svc.accounts"
	// BookingFeedsGroup is booking-svc's group on Accounts that replaces
	// the calendar feeds of an account whose sessions all ended.
	BookingFeedsGroup = "booking-svc.feeds"
	// The groups on Accounts that erase a deleted account's rows
	// (platform/erasure), one per service.
	BookingErasureGroup      = "booking-svc.erasure"
	ReviewErasureGroup       = "review-svc.erasure"
	NotificationErasureGroup = "notification-svc.erasure"
	CatalogErasureGroup      = "catalog-svc.erasure"
	// BookingClosingGroup is booking-svc's group on Accounts that settles
	// a closing account's bookings (account_closing) before its erasure.
	BookingClosingGroup = "booking-svc.closing"
)
