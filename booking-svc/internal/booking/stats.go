package booking

import "context"

// Stats are the marketplace's public booking figures (the home page's,
// through the gateway's GET /stats).
type Stats struct {
	// Bookings is every appointment ever made.
	Bookings int64
	// Completed and Ended: Ended counts the appointments that took place
	// or were missed (completed or no-show); Completed/Ended is the share
	// of appointments completed.
	Completed, Ended int64
}

// StatsReader counts them.
type StatsReader interface {
	Stats(ctx context.Context) (Stats, error)
}
