package transport

import (
	"context"
	"net/http"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/grpcx"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// GRPCServer is the gRPC transport of the review domain.
type GRPCServer struct {
	reviewv1.UnimplementedReviewServiceServer
	create, listForService, listForProvider kitgrpc.Handler
}

// NewGRPCServer decodes protobuf requests into domain inputs and back.
func NewGRPCServer(e Endpoints) *GRPCServer {
	return &GRPCServer{
		create:          kitgrpc.NewServer(e.Create, decodeCreate, encodeCreate),
		listForService:  kitgrpc.NewServer(e.ListForService, decodeListForService, encodeList),
		listForProvider: kitgrpc.NewServer(e.ListForProvider, grpcx.Passthrough, encodeList),
	}
}

func (s *GRPCServer) CreateReview(ctx context.Context, req *reviewv1.CreateReviewRequest) (*reviewv1.CreateReviewResponse, error) {
	resp, err := grpcx.Serve[*reviewv1.CreateReviewResponse](ctx, s.create, req)
	if err == nil {
		grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	}
	return resp, err
}

func (s *GRPCServer) ListServiceReviews(ctx context.Context, req *reviewv1.ListServiceReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return grpcx.Serve[*reviewv1.ListReviewsResponse](ctx, s.listForService, req)
}

func (s *GRPCServer) ListProviderReviews(ctx context.Context, req *reviewv1.ListProviderReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return grpcx.Serve[*reviewv1.ListReviewsResponse](ctx, s.listForProvider, req)
}

func decodeCreate(_ context.Context, r any) (any, error) {
	req := r.(*reviewv1.CreateReviewRequest)
	return review.Input{AppointmentID: req.GetAppointmentId(), Rating: req.Rating, Comment: req.GetComment()}, nil
}

func encodeCreate(_ context.Context, r any) (any, error) {
	return &reviewv1.CreateReviewResponse{Success: true, Message: "Thank you for your review!", Data: reviewProto(r.(review.Review))}, nil
}

func decodeListForService(_ context.Context, r any) (any, error) {
	return r.(*reviewv1.ListServiceReviewsRequest).GetId(), nil
}

func encodeList(_ context.Context, r any) (any, error) {
	reviews := r.([]review.Review)
	out := &reviewv1.ListReviewsResponse{Success: true, Data: make([]*reviewv1.Review, 0, len(reviews))}
	for _, x := range reviews {
		out.Data = append(out.Data, reviewProto(x))
	}
	return out, nil
}

func reviewProto(r review.Review) *reviewv1.Review {
	return &reviewv1.Review{
		Id: r.ID, Rating: r.Rating, Comment: r.Comment, CreatedAt: timestamppb.New(r.CreatedAt),
		UserId:    &reviewv1.ReviewUser{Id: r.CustomerID, Email: r.CustomerEmail},
		ServiceId: r.ServiceID, AppointmentId: r.AppointmentID, ServiceName: r.ServiceName,
	}
}
