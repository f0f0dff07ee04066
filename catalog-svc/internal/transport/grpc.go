package transport

import (
	"context"
	"net/http"

	"google.golang.org/protobuf/types/known/timestamppb"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// GRPCServer is the gRPC transport of the catalog domain, CatalogService and
// CatalogInternal on one server: each method runs its endpoint between a
// decoder and an encoder.
type GRPCServer struct {
	catalogv1.UnimplementedCatalogServiceServer
	catalogv1.UnimplementedCatalogInternalServer
	listServices         kit.Handler[*catalogv1.ListServicesRequest, *catalogv1.ListServicesResponse]
	getService           kit.Handler[*catalogv1.GetServiceRequest, *catalogv1.GetServiceResponse]
	listProviderServices kit.Handler[*catalogv1.ListProviderServicesRequest, *catalogv1.ListServicesResponse]
	createService        kit.Handler[*catalogv1.CreateServiceRequest, *catalogv1.ServiceMutationResponse]
	updateService        kit.Handler[*catalogv1.UpdateServiceRequest, *catalogv1.ServiceMutationResponse]
	deleteService        kit.Handler[*catalogv1.DeleteServiceRequest, *catalogv1.DeleteServiceResponse]
	getMySchedule        kit.Handler[*catalogv1.GetMyScheduleRequest, *catalogv1.ScheduleResponse]
	setQueue             kit.Handler[*catalogv1.SetQueueRequest, *catalogv1.ScheduleResponse]
	addClosure           kit.Handler[*catalogv1.AddClosureRequest, *catalogv1.ScheduleResponse]
	deleteClosure        kit.Handler[*catalogv1.DeleteClosureRequest, *catalogv1.ScheduleResponse]
	listStaff            kit.Handler[*catalogv1.ListStaffRequest, *catalogv1.StaffListResponse]
	createStaff          kit.Handler[*catalogv1.CreateStaffRequest, *catalogv1.StaffResponse]
	updateStaff          kit.Handler[*catalogv1.UpdateStaffRequest, *catalogv1.StaffResponse]
	deleteStaff          kit.Handler[*catalogv1.DeleteStaffRequest, *catalogv1.DeleteStaffResponse]
	addStaffClosure      kit.Handler[*catalogv1.AddStaffClosureRequest, *catalogv1.StaffResponse]
	deleteStaffClosure   kit.Handler[*catalogv1.DeleteStaffClosureRequest, *catalogv1.StaffResponse]
	getServiceStaff      kit.Handler[*catalogv1.GetServiceStaffRequest, *catalogv1.GetServiceStaffResponse]
	getServicesStaff     kit.Handler[*catalogv1.GetServicesStaffRequest, *catalogv1.GetServicesStaffResponse]
	getMemberProvider    kit.Handler[*catalogv1.GetMemberProviderRequest, *catalogv1.GetMemberProviderResponse]
	catalogStats         kit.Handler[*catalogv1.CatalogStatsRequest, *catalogv1.CatalogStatsResponse]
}

var (
	_ catalogv1.CatalogServiceServer  = (*GRPCServer)(nil)
	_ catalogv1.CatalogInternalServer = (*GRPCServer)(nil)
)

// NewGRPCServer serves set; every read asks the database.
func NewGRPCServer(set Set) *GRPCServer {
	return &GRPCServer{
		listServices:         kit.NewHandler(set.ListServices, decodeList, encodeList),
		getService:           kit.NewHandler(set.GetService, decodeGet, encodeGet),
		listProviderServices: kit.NewHandler(set.ListProviderServices, decodeOwn, encodeOwn),
		createService:        kit.NewHandler(set.CreateService, decodeCreate, encodeCreate),
		updateService:        kit.NewHandler(set.UpdateService, decodeUpdate, encodeUpdate),
		deleteService:        kit.NewHandler(set.DeleteService, decodeDelete, encodeDelete),
		getMySchedule:        kit.NewHandler(set.GetMySchedule, kit.NoRequest[*catalogv1.GetMyScheduleRequest], encodeSchedule),
		setQueue:             kit.NewHandler(set.SetQueue, decodeSetQueue, encodeSchedule),
		addClosure:           kit.NewHandler(set.AddClosure, decodeAddClosure, encodeSchedule),
		deleteClosure:        kit.NewHandler(set.DeleteClosure, decodeDeleteClosure, encodeSchedule),
		listStaff:            kit.NewHandler(set.ListStaff, kit.NoRequest[*catalogv1.ListStaffRequest], encodeStaffList),
		createStaff:          kit.NewHandler(set.CreateStaff, decodeCreateStaff, encodeStaff),
		updateStaff:          kit.NewHandler(set.UpdateStaff, decodeUpdateStaff, encodeStaff),
		deleteStaff:          kit.NewHandler(set.DeleteStaff, decodeDeleteStaff, encodeDeleteStaff),
		addStaffClosure:      kit.NewHandler(set.AddStaffClosure, decodeAddStaffClosure, encodeStaff),
		deleteStaffClosure:   kit.NewHandler(set.DeleteStaffClosure, decodeDeleteStaffClosure, encodeStaff),
		getServiceStaff:      kit.NewHandler(set.GetServiceStaff, decodeGetServiceStaff, encodeServiceStaff),
		getServicesStaff:     kit.NewHandler(set.GetServicesStaff, decodeGetServicesStaff, encodeServicesStaff),
		getMemberProvider: kit.NewHandler(set.GetMemberProvider,
			func(_ context.Context, r *catalogv1.GetMemberProviderRequest) string { return r.GetStaffId() },
			func(_ context.Context, p string) *catalogv1.GetMemberProviderResponse {
				return &catalogv1.GetMemberProviderResponse{ProviderId: p}
			}),
		catalogStats: kit.NewHandler(set.CatalogStats, kit.NoRequest[*catalogv1.CatalogStatsRequest], encodeCatalogStats),
	}
}

func (s *GRPCServer) ListServices(ctx context.Context, req *catalogv1.ListServicesRequest) (*catalogv1.ListServicesResponse, error) {
	return s.listServices.Serve(ctx, req)
}

func (s *GRPCServer) GetService(ctx context.Context, req *catalogv1.GetServiceRequest) (*catalogv1.GetServiceResponse, error) {
	return s.getService.Serve(ctx, req)
}

func (s *GRPCServer) ListProviderServices(ctx context.Context, req *catalogv1.ListProviderServicesRequest) (*catalogv1.ListServicesResponse, error) {
	return s.listProviderServices.Serve(ctx, req)
}

func (s *GRPCServer) CreateService(ctx context.Context, req *catalogv1.CreateServiceRequest) (*catalogv1.ServiceMutationResponse, error) {
	return s.createService.Serve(ctx, req)
}

func (s *GRPCServer) UpdateService(ctx context.Context, req *catalogv1.UpdateServiceRequest) (*catalogv1.ServiceMutationResponse, error) {
	return s.updateService.Serve(ctx, req)
}

func (s *GRPCServer) DeleteService(ctx context.Context, req *catalogv1.DeleteServiceRequest) (*catalogv1.DeleteServiceResponse, error) {
	return s.deleteService.Serve(ctx, req)
}

func (s *GRPCServer) GetMySchedule(ctx context.Context, req *catalogv1.GetMyScheduleRequest) (*catalogv1.ScheduleResponse, error) {
	return s.getMySchedule.Serve(ctx, req)
}

func (s *GRPCServer) SetQueue(ctx context.Context, req *catalogv1.SetQueueRequest) (*catalogv1.ScheduleResponse, error) {
	return s.setQueue.Serve(ctx, req)
}

func (s *GRPCServer) AddClosure(ctx context.Context, req *catalogv1.AddClosureRequest) (*catalogv1.ScheduleResponse, error) {
	return s.addClosure.Serve(ctx, req)
}

func (s *GRPCServer) DeleteClosure(ctx context.Context, req *catalogv1.DeleteClosureRequest) (*catalogv1.ScheduleResponse, error) {
	return s.deleteClosure.Serve(ctx, req)
}

func (s *GRPCServer) ListStaff(ctx context.Context, req *catalogv1.ListStaffRequest) (*catalogv1.StaffListResponse, error) {
	return s.listStaff.Serve(ctx, req)
}

func (s *GRPCServer) CreateStaff(ctx context.Context, req *catalogv1.CreateStaffRequest) (*catalogv1.StaffResponse, error) {
	return s.createStaff.Serve(ctx, req)
}

func (s *GRPCServer) UpdateStaff(ctx context.Context, req *catalogv1.UpdateStaffRequest) (*catalogv1.StaffResponse, error) {
	return s.updateStaff.Serve(ctx, req)
}

func (s *GRPCServer) DeleteStaff(ctx context.Context, req *catalogv1.DeleteStaffRequest) (*catalogv1.DeleteStaffResponse, error) {
	return s.deleteStaff.Serve(ctx, req)
}

func (s *GRPCServer) AddStaffClosure(ctx context.Context, req *catalogv1.AddStaffClosureRequest) (*catalogv1.StaffResponse, error) {
	return s.addStaffClosure.Serve(ctx, req)
}

func (s *GRPCServer) DeleteStaffClosure(ctx context.Context, req *catalogv1.DeleteStaffClosureRequest) (*catalogv1.StaffResponse, error) {
	return s.deleteStaffClosure.Serve(ctx, req)
}

func (s *GRPCServer) GetServiceStaff(ctx context.Context, req *catalogv1.GetServiceStaffRequest) (*catalogv1.GetServiceStaffResponse, error) {
	return s.getServiceStaff.Serve(ctx, req)
}

func (s *GRPCServer) GetServicesStaff(ctx context.Context, req *catalogv1.GetServicesStaffRequest) (*catalogv1.GetServicesStaffResponse, error) {
	return s.getServicesStaff.Serve(ctx, req)
}

func (s *GRPCServer) GetMemberProvider(ctx context.Context, req *catalogv1.GetMemberProviderRequest) (*catalogv1.GetMemberProviderResponse, error) {
	return s.getMemberProvider.Serve(ctx, req)
}

func (s *GRPCServer) CatalogStats(ctx context.Context, req *catalogv1.CatalogStatsRequest) (*catalogv1.CatalogStatsResponse, error) {
	return s.catalogStats.Serve(ctx, req)
}

func decodeList(_ context.Context, req *catalogv1.ListServicesRequest) catalog.Query {
	return catalog.Query{Category: req.GetCategory(), Name: req.GetName(), Q: req.GetQ(), Location: req.GetLocation(),
		MaxPrice: req.MaxPrice, Limit: int(req.GetLimit()), Offset: int(req.GetOffset())}
}

func encodeList(_ context.Context, p catalog.Page) *catalogv1.ListServicesResponse {
	return &catalogv1.ListServicesResponse{Success: true, Services: servicesProto(p.Services), Total: int32(p.Total),
		TotalCapped: p.TotalCapped}
}

func decodeOwn(_ context.Context, r *catalogv1.ListProviderServicesRequest) catalog.OwnPageRequest {
	return catalog.OwnPageRequest{Cursor: r.GetCursor(), Limit: int(r.GetLimit())}
}

// encodeOwn is a page of a provider's own list; total is the page's.
func encodeOwn(_ context.Context, p catalog.OwnPage) *catalogv1.ListServicesResponse {
	return &catalogv1.ListServicesResponse{Success: true, Services: servicesProto(p.Services), Total: int32(len(p.Services)), NextCursor: p.Next}
}

func servicesProto(list []catalog.Offering) []*catalogv1.Service {
	out := make([]*catalogv1.Service, len(list))
	for i, o := range list {
		out[i] = serviceProto(o)
	}
	return out
}

func decodeGet(_ context.Context, req *catalogv1.GetServiceRequest) string { return req.GetId() }

func encodeGet(_ context.Context, o catalog.Offering) *catalogv1.GetServiceResponse {
	return &catalogv1.GetServiceResponse{Success: true, Service: serviceProto(o)}
}

func decodeCreate(_ context.Context, req *catalogv1.CreateServiceRequest) catalog.Input {
	return catalog.Input{
		Name: req.GetName(), Category: req.GetCategory(), Description: req.GetDescription(), Price: req.Price,
		Duration: intPtr(req.Duration), Provider: req.GetProvider(), Location: req.GetLocation(), Contact: req.GetContact(),
		ImageURL: req.GetImageUrl(), Icon: req.GetIcon(), TimeSlots: req.GetTimeSlots(), IsActive: req.IsActive,
		MinNotice: intPtr(req.MinNoticeMinutes), Buffer: intPtr(req.BufferMinutes),
	}
}

// encodeCreate answers 201 with the new service.
func encodeCreate(ctx context.Context, o catalog.Offering) *catalogv1.ServiceMutationResponse {
	grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	return &catalogv1.ServiceMutationResponse{Success: true, Data: serviceProto(o), Message: "Service created successfully"}
}

func decodeUpdate(_ context.Context, req *catalogv1.UpdateServiceRequest) UpdateRequest {
	return UpdateRequest{ID: req.GetId(), Patch: catalog.Patch{
		Name: req.Name, Category: req.Category, Description: req.Description, Price: req.Price, Duration: intPtr(req.Duration),
		Provider: req.Provider, Location: req.Location, Contact: req.Contact, ImageURL: req.ImageUrl, Icon: req.Icon,
		TimeSlots: req.GetTimeSlots(), IsActive: req.IsActive, MinNotice: intPtr(req.MinNoticeMinutes),
		Buffer: intPtr(req.BufferMinutes),
	}}
}

func encodeUpdate(_ context.Context, u Updated) *catalogv1.ServiceMutationResponse {
	msg := "Service updated successfully"
	if u.Toggle && u.Service.IsActive {
		msg = "Service activated"
	} else if u.Toggle {
		msg = "Service deactivated"
	}
	return &catalogv1.ServiceMutationResponse{Success: true, Data: serviceProto(u.Service), Message: msg}
}

func decodeDelete(_ context.Context, req *catalogv1.DeleteServiceRequest) string { return req.GetId() }

func encodeDelete(context.Context, struct{}) *catalogv1.DeleteServiceResponse {
	return &catalogv1.DeleteServiceResponse{Success: true, Message: "Service deleted successfully"}
}

func encodeCatalogStats(_ context.Context, st catalog.Stats) *catalogv1.CatalogStatsResponse {
	return &catalogv1.CatalogStatsResponse{Businesses: st.Businesses}
}

func intPtr(v *int32) *int {
	if v == nil {
		return nil
	}
	i := int(*v)
	return &i
}

func serviceProto(o catalog.Offering) *catalogv1.Service {
	slots := o.TimeSlots
	if slots == nil {
		slots = []string{}
	}
	return &catalogv1.Service{
		Id: o.ID, Name: o.Name, Category: o.Category, Description: o.Description, Price: o.Price,
		Duration: int32(o.Duration), Provider: o.Provider, Location: o.Location, Contact: o.Contact,
		ImageUrl: o.ImageURL, IsActive: o.IsActive, TimeSlots: slots, AvgRating: o.AvgRating(),
		TotalReviews: int32(o.TotalReviews), Icon: o.Icon, ProviderId: o.ProviderID,
		CreatedAt: timestamppb.New(o.CreatedAt), UpdatedAt: timestamppb.New(o.UpdatedAt),
		QueueOpen: o.QueueOpen, Closures: closuresProto(o.Closures), MinNoticeMinutes: int32(o.MinNotice),
		BufferMinutes: int32(o.Buffer), Staff: staffRefsProto(o.Staff),
	}
}
