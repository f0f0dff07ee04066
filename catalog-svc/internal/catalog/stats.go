package catalog

import "context"

// Stats are the catalogue's public figures (the home page's, through the
// gateway's GET /stats).
type Stats struct {
	// Businesses is how many providers publish at least one active service.
	Businesses int64
}

// StatsReader counts them.
type StatsReader interface {
	Stats(ctx context.Context) (Stats, error)
}
