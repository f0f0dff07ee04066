package store

// EraseStatements, run with the user id as $1, remove a deleted user from booking-svc (platform/erasure):
// their appointments keep the slot (service, time, status), which the
// provider's history and counts rely on, but not the person: name, email,
// phone, address and notes are blanked. Their calendar feed, idempotency
// keys and reschedule counts go. A provider's appointments lose the names
// and emails of their team members (catalog-svc empties the members too).
var EraseStatements = []string{
	`UPDATE appointments SET customer_name = '', customer_email = '', customer_phone = '', customer_address = '', notes = ''
			WHERE customer_id = $1`,
	`DELETE FROM calendar_feeds WHERE user_id = $1`,
	// The provider's members' feeds (booking.memberFeedKey).
	`DELETE FROM calendar_feeds WHERE user_id LIKE 'member:' || $1 || ':%'`,
	`DELETE FROM idempotency_keys WHERE customer_id = $1`,
	`DELETE FROM reschedules WHERE customer_id = $1`,
	`UPDATE appointments SET staff_name = '', staff_email = '' WHERE provider_id = $1 AND (staff_name <> '' OR staff_email <> '')`,
}
