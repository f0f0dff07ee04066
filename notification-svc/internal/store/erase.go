package store

// erasedAppointments are the appointments a deleted user was told about
// (every booking tells its customer); $1 is the user.
const erasedAppointments = `(SELECT appointment_id FROM notifications WHERE recipient_id = $1 AND appointment_id <> ''
	UNION SELECT appointment_id FROM reminders WHERE recipient_id = $1)`

// keptNotices are the kinds of notice others keep about the user's
// appointments: the cancellations of the user's closing, which name
// nobody (notification.KindCustomerClosed, KindProviderClosed) and are how
// the other side learns of them, mailed after the erasure if need be.
const keptNotices = `('customer_closed', 'provider_closed')`

// EraseStatements, run with the user id as $1, delete a deleted user's notifications, reminders and mails
// (platform/erasure), and the notices others got about that user's
// appointments: a provider's "booked" notice names the customer. The
// notices go last, as they are what finds the appointments.
var EraseStatements = []string{
	`UPDATE appointment_details SET customer_email = '' WHERE appointment_id IN ` + erasedAppointments,
	`DELETE FROM emails WHERE notification_id IN (SELECT id FROM notifications
			WHERE recipient_id = $1 OR (appointment_id IN ` + erasedAppointments + ` AND kind NOT IN ` + keptNotices + `))`,
	`DELETE FROM reminders WHERE recipient_id <> $1 AND appointment_id IN ` + erasedAppointments,
	`DELETE FROM notifications WHERE recipient_id <> $1 AND appointment_id IN ` + erasedAppointments + ` AND kind NOT IN ` + keptNotices,
	`DELETE FROM reminders WHERE recipient_id = $1`,
	// A provider's members' mails (notification.MemberRecipient) go with the provider.
	`DELETE FROM notifications WHERE recipient_id LIKE 'member:' || $1 || ':%'`,
	`DELETE FROM notifications WHERE recipient_id = $1`,
	`DELETE FROM account_mails WHERE user_id = $1`,
}
