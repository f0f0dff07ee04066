package transport

import (
	"context"
	"net/http"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	"github.com/slotwise/slotwise/platform/grpcx"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// GRPCServer is the gRPC transport of the catalog domain.
type GRPCServer struct {
	catalogv1.UnimplementedCatalogServiceServer
	list, get, listOwn, create, update, remove kitgrpc.Handler
}

// NewGRPCServer decodes protobuf requests into domain inputs and back.
func NewGRPCServer(e Endpoints) *GRPCServer {
	h := func(ep func(context.Context, any) (any, error), dec kitgrpc.DecodeRequestFunc, enc kitgrpc.EncodeResponseFunc) kitgrpc.Handler {
		return kitgrpc.NewServer(ep, dec, enc)
	}
	return &GRPCServer{
		list:    h(e.List, decodeList, encodeList),
		get:     h(e.Get, decodeGet, encodeGet),
		listOwn: h(e.ListOwn, grpcx.Passthrough, encodeList),
		create:  h(e.Create, decodeCreate, encodeCreate),
		update:  h(e.Update, decodeUpdate, encodeUpdate),
		remove:  h(e.Delete, decodeDelete, encodeDelete),
	}
}

func (s *GRPCServer) ListServices(ctx context.Context, req *catalogv1.ListServicesRequest) (*catalogv1.ListServicesResponse, error) {
	return grpcx.Serve[*catalogv1.ListServicesResponse](ctx, s.list, req)
}

func (s *GRPCServer) GetService(ctx context.Context, req *catalogv1.GetServiceRequest) (*catalogv1.GetServiceResponse, error) {
	return grpcx.Serve[*catalogv1.GetServiceResponse](ctx, s.get, req)
}

func (s *GRPCServer) ListProviderServices(ctx context.Context, req *catalogv1.ListProviderServicesRequest) (*catalogv1.ListServicesResponse, error) {
	return grpcx.Serve[*catalogv1.ListServicesResponse](ctx, s.listOwn, req)
}

func (s *GRPCServer) CreateService(ctx context.Context, req *catalogv1.CreateServiceRequest) (*catalogv1.ServiceMutationResponse, error) {
	resp, err := grpcx.Serve[*catalogv1.ServiceMutationResponse](ctx, s.create, req)
	if err == nil {
		grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	}
	return resp, err
}

func (s *GRPCServer) UpdateService(ctx context.Context, req *catalogv1.UpdateServiceRequest) (*catalogv1.ServiceMutationResponse, error) {
	return grpcx.Serve[*catalogv1.ServiceMutationResponse](ctx, s.update, req)
}

func (s *GRPCServer) DeleteService(ctx context.Context, req *catalogv1.DeleteServiceRequest) (*catalogv1.DeleteServiceResponse, error) {
	return grpcx.Serve[*catalogv1.DeleteServiceResponse](ctx, s.remove, req)
}

func decodeList(_ context.Context, r any) (any, error) {
	req := r.(*catalogv1.ListServicesRequest)
	return catalog.Query{Category: req.GetCategory(), Name: req.GetName(), Limit: int(req.GetLimit()), Offset: int(req.GetOffset())}, nil
}

func encodeList(_ context.Context, r any) (any, error) {
	list := r.([]catalog.Offering)
	out := make([]*catalogv1.Service, len(list))
	for i, o := range list {
		out[i] = serviceProto(o)
	}
	return &catalogv1.ListServicesResponse{Success: true, Services: out}, nil
}

func decodeGet(_ context.Context, r any) (any, error) {
	return r.(*catalogv1.GetServiceRequest).GetId(), nil
}

func encodeGet(_ context.Context, r any) (any, error) {
	return &catalogv1.GetServiceResponse{Success: true, Service: serviceProto(r.(catalog.Offering))}, nil
}

func decodeCreate(_ context.Context, r any) (any, error) {
	req := r.(*catalogv1.CreateServiceRequest)
	return catalog.Input{
		Name: req.GetName(), Category: req.GetCategory(), Description: req.GetDescription(), Price: req.Price,
		Duration: intPtr(req.Duration), Provider: req.GetProvider(), Location: req.GetLocation(), Contact: req.GetContact(),
		ImageURL: req.GetImageUrl(), Icon: req.GetIcon(), TimeSlots: req.GetTimeSlots(), IsActive: req.IsActive,
	}, nil
}

func encodeCreate(_ context.Context, r any) (any, error) {
	return &catalogv1.ServiceMutationResponse{Success: true, Data: serviceProto(r.(catalog.Offering)), Message: "Service created successfully"}, nil
}

func decodeUpdate(_ context.Context, r any) (any, error) {
	req := r.(*catalogv1.UpdateServiceRequest)
	return UpdateRequest{ID: req.GetId(), Patch: catalog.Patch{
		Name: req.Name, Category: req.Category, Description: req.Description, Price: req.Price, Duration: intPtr(req.Duration),
		Provider: req.Provider, Location: req.Location, Contact: req.Contact, ImageURL: req.ImageUrl, Icon: req.Icon,
		TimeSlots: req.GetTimeSlots(), IsActive: req.IsActive,
	}}, nil
}

func encodeUpdate(_ context.Context, r any) (any, error) {
	u := r.(Updated)
	msg := "Service updated successfully"
	if u.Toggle && u.Service.IsActive {
		msg = "Service activated"
	} else if u.Toggle {
		msg = "Service deactivated"
	}
	return &catalogv1.ServiceMutationResponse{Success: true, Data: serviceProto(u.Service), Message: msg}, nil
}

func decodeDelete(_ context.Context, r any) (any, error) {
	return r.(*catalogv1.DeleteServiceRequest).GetId(), nil
}

func encodeDelete(context.Context, any) (any, error) {
	return &catalogv1.DeleteServiceResponse{Success: true, Message: "Service deleted successfully"}, nil
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
	}
}
