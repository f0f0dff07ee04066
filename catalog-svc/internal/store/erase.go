package store

// EraseStatements, run with the user id as $1, delete a deleted provider's services, closures and queue
// (platform/erasure). A service row is kept, deleted and emptied of the
// provider's contact, because booking-svc's past appointments name its id;
// nobody can see or book it. So are their team members' rows, removed and
// emptied of names and emails: appointments name their ids.
var EraseStatements = []string{
	`UPDATE services SET is_active = false, deleted_at = coalesce(deleted_at, now()), contact = '', provider = '', location = ''
			WHERE provider_id = $1`,
	`DELETE FROM closures WHERE provider_id = $1`,
	`DELETE FROM provider_queues WHERE provider_id = $1`,
	`DELETE FROM staff_closures WHERE provider_id = $1`,
	`UPDATE staff_members SET name = '', email = '', removed_at = coalesce(removed_at, now()) WHERE provider_id = $1`,
}
