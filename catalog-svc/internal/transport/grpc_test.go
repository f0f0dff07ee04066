package transport

import (
	"testing"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/kit/kittest"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// noCatalog is a domain that is never reached without panicking.
type noCatalog struct{ catalog.Service }

// One Set and one server answer every method of both services, each
// through its endpoint.
func TestEveryCallThroughItsEndpoint(t *testing.T) {
	kittest.EveryCallThroughItsEndpoint(t, func(middlewares func(string) kit.Middlewares) any {
		return NewGRPCServer(NewSet(noCatalog{}, nil, middlewares))
	}, &catalogv1.CatalogService_ServiceDesc, &catalogv1.CatalogInternal_ServiceDesc)
}
