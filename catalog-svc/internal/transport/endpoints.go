// Package transport is the catalog's go-kit layer: one endpoint Set
// (endpoints.go) over the domain, with every method of CatalogService and
// CatalogInternal, and one gRPC server (grpc.go) that decodes requests into
// the endpoints' and encodes their results; schedule.go and staff.go hold
// the endpoints and codecs of a provider's schedule and team.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Set is the catalog's endpoints, one per gRPC method of CatalogService and
// of CatalogInternal (the calls only other programs make,
// docs/adr/0067-internal-calls-in-internal-services.md).
type Set struct {
	ListServices         endpoint.Endpoint
	GetService           endpoint.Endpoint
	ListProviderServices endpoint.Endpoint
	CreateService        endpoint.Endpoint
	UpdateService        endpoint.Endpoint
	DeleteService        endpoint.Endpoint
	GetMySchedule        endpoint.Endpoint
	SetQueue             endpoint.Endpoint
	AddClosure           endpoint.Endpoint
	DeleteClosure        endpoint.Endpoint
	ListStaff            endpoint.Endpoint
	CreateStaff          endpoint.Endpoint
	UpdateStaff          endpoint.Endpoint
	DeleteStaff          endpoint.Endpoint
	AddStaffClosure      endpoint.Endpoint
	DeleteStaffClosure   endpoint.Endpoint

	// CatalogInternal's.
	GetServiceStaff   endpoint.Endpoint
	GetServicesStaff  endpoint.Endpoint
	GetMemberProvider endpoint.Endpoint
	CatalogStats      endpoint.Endpoint
}

// ScheduleAnswer is a schedule call's result and what to tell the provider.
type ScheduleAnswer struct {
	Schedule catalog.Schedule
	Message  string
	Created  bool
}

// UpdateRequest is PATCH /services/{id}.
type UpdateRequest struct {
	ID    string
	Patch catalog.Patch
}

// Updated tells a toggle's answer from a full update's.
type Updated struct {
	Service catalog.Offering
	Toggle  bool
}

// NewSet wraps the methods of s and stats in the middleware middlewares
// gives for the gRPC service each belongs to (svc.Runtime.Middlewares), so
// every call is counted, logged and traced under its own gRPC name. Listing
// and reading are public; the provider's own list and every change are on
// behalf of a logged-in user; the internal calls carry no user.
func NewSet(s catalog.Service, stats catalog.StatsReader, middlewares func(service string) kit.Middlewares) Set {
	mw := middlewares(catalogv1.CatalogService_ServiceDesc.ServiceName)
	internal := middlewares(catalogv1.CatalogInternal_ServiceDesc.ServiceName)
	return Set{
		ListServices:         mw.Wrap("ListServices", kit.Endpoint(s.List)),
		GetService:           mw.Wrap("GetService", makeGetService(s)),
		ListProviderServices: mw.Wrap("ListProviderServices", makeListProviderServices(s), mw.Authenticated),
		CreateService:        mw.Wrap("CreateService", makeCreateService(s), mw.Authenticated),
		UpdateService:        mw.Wrap("UpdateService", makeUpdateService(s), mw.Authenticated),
		DeleteService:        mw.Wrap("DeleteService", makeDeleteService(s), mw.Authenticated),
		GetMySchedule:        mw.Wrap("GetMySchedule", makeGetMySchedule(s), mw.Authenticated),
		SetQueue:             mw.Wrap("SetQueue", makeSetQueue(s), mw.Authenticated),
		AddClosure:           mw.Wrap("AddClosure", makeAddClosure(s), mw.Authenticated),
		DeleteClosure:        mw.Wrap("DeleteClosure", makeDeleteClosure(s), mw.Authenticated),
		ListStaff:            mw.Wrap("ListStaff", makeListStaff(s), mw.Authenticated),
		CreateStaff:          mw.Wrap("CreateStaff", makeCreateStaff(s), mw.Authenticated),
		UpdateStaff:          mw.Wrap("UpdateStaff", makeUpdateStaff(s), mw.Authenticated),
		DeleteStaff:          mw.Wrap("DeleteStaff", makeDeleteStaff(s), mw.Authenticated),
		AddStaffClosure:      mw.Wrap("AddStaffClosure", makeAddStaffClosure(s), mw.Authenticated),
		DeleteStaffClosure:   mw.Wrap("DeleteStaffClosure", makeDeleteStaffClosure(s), mw.Authenticated),

		GetServiceStaff:   internal.Wrap("GetServiceStaff", makeGetServiceStaff(s)),
		GetServicesStaff:  internal.Wrap("GetServicesStaff", kit.Endpoint(s.ServicesStaff)),
		GetMemberProvider: internal.Wrap("GetMemberProvider", kit.Endpoint(s.MemberProvider)),
		CatalogStats:      internal.Wrap("CatalogStats", makeCatalogStats(stats)),
	}
}

func makeCatalogStats(r catalog.StatsReader) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, _ struct{}) (catalog.Stats, error) {
		return r.Stats(ctx)
	})
}

func makeGetMySchedule(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, _ struct{}) (ScheduleAnswer, error) {
		sc, err := s.MySchedule(ctx, c)
		return ScheduleAnswer{Schedule: sc}, err
	})
}

func makeSetQueue(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, open *bool) (ScheduleAnswer, error) {
		sc, err := s.SetQueue(ctx, c, open)
		msg := catalog.MsgQueueClosed
		if sc.QueueOpen {
			msg = catalog.MsgQueueOpened
		}
		return ScheduleAnswer{Schedule: sc, Message: msg}, err
	})
}

func makeAddClosure(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, in catalog.NewClosure) (ScheduleAnswer, error) {
		sc, err := s.AddClosure(ctx, c, in)
		return ScheduleAnswer{Schedule: sc, Message: catalog.MsgClosureAdded, Created: true}, err
	})
}

func makeDeleteClosure(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, id string) (ScheduleAnswer, error) {
		sc, err := s.DeleteClosure(ctx, c, id)
		return ScheduleAnswer{Schedule: sc, Message: catalog.MsgClosureRemoved}, err
	})
}

func makeGetService(s catalog.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, id string) (catalog.Offering, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(id))
		return annotated(ctx)(s.Get(ctx, id))
	})
}

func makeListProviderServices(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, r catalog.OwnPageRequest) (catalog.OwnPage, error) {
		return s.ListOwn(ctx, c, r)
	})
}

func makeCreateService(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, in catalog.Input) (catalog.Offering, error) {
		return annotated(ctx)(s.Create(ctx, c, in))
	})
}

func makeUpdateService(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, r UpdateRequest) (Updated, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(r.ID))
		o, err := annotated(ctx)(s.Update(ctx, c, r.ID, r.Patch))
		return Updated{Service: o, Toggle: r.Patch.IsToggle()}, err
	})
}

func makeDeleteService(s catalog.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c catalog.Caller, id string) (struct{}, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(id))
		return struct{}{}, s.Delete(ctx, c, id)
	})
}

// annotated puts a service's ids on the call's span.
func annotated(ctx context.Context) func(catalog.Offering, error) (catalog.Offering, error) {
	return func(o catalog.Offering, err error) (catalog.Offering, error) {
		if err == nil {
			telemetry.Annotate(ctx, telemetry.ServiceID.String(o.ID), telemetry.ProviderID.String(o.ProviderID))
		}
		return o, err
	}
}
