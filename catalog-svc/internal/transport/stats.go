package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// MakeCatalogStats is the internal CatalogStats call (no route: the
// gateway's GET /stats asks it).
func MakeCatalogStats(r catalog.StatsReader, mw kit.Middlewares) endpoint.Endpoint {
	return mw.Wrap("CatalogStats", kit.Endpoint(func(ctx context.Context, _ struct{}) (catalog.Stats, error) {
		return r.Stats(ctx)
	}))
}

func encodeCatalogStats(_ context.Context, st catalog.Stats) *catalogv1.CatalogStatsResponse {
	return &catalogv1.CatalogStatsResponse{Businesses: st.Businesses}
}

func (s *GRPCServer) CatalogStats(ctx context.Context, req *catalogv1.CatalogStatsRequest) (*catalogv1.CatalogStatsResponse, error) {
	return s.catalogStats.Serve(ctx, req)
}
