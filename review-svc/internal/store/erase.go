package store

// EraseStatements, run with the user id as $1, anonymise a deleted customer's reviews and projected
// appointments: a review stays, its writer shown as a former customer
// (review.Reviewer), with neither name nor email kept (platform/erasure). Their open reports of
// reviews go; decided ones stay for the record, without who made them or what they wrote.
var EraseStatements = []string{
	`UPDATE reviews SET customer_name = '', customer_email = '' WHERE customer_id = $1`,
	`UPDATE appointments SET customer_name = '', customer_email = '' WHERE customer_id = $1`,
	`DELETE FROM review_reports WHERE reporter_id = $1 AND decided_at IS NULL`,
	`UPDATE review_reports SET reporter_id = '', details = '' WHERE reporter_id = $1`,
}
