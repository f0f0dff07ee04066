package store

// EraseStatements, run with the user id as $1, anonymise a deleted customer's reviews and projected
// appointments: a review stays, its writer shown as a former customer
// (review.Reviewer), with neither name nor email kept (platform/erasure).
var EraseStatements = []string{
	`UPDATE reviews SET customer_name = '', customer_email = '' WHERE customer_id = $1`,
	`UPDATE appointments SET customer_name = '', customer_email = '' WHERE customer_id = $1`,
}
