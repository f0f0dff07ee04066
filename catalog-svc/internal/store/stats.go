package store

import (
	"context"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Stats counts the providers with an active service that is not deleted.
func (s Services) Stats(ctx context.Context) (catalog.Stats, error) {
	var st catalog.Stats
	err := s.Pool.QueryRow(ctx, `SELECT count(DISTINCT provider_id) FROM services WHERE is_active AND deleted_at IS NULL`).Scan(&st.Businesses)
	return st, err
}
