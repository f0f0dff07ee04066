package transport

import (
	"context"
	"net/http"

	"google.golang.org/protobuf/types/known/timestamppb"

	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// GRPCServer is the gRPC transport of the review domain: each method runs
// its endpoint between a decoder and an encoder.
type GRPCServer struct {
	reviewv1.UnimplementedReviewServiceServer
	createReview        kit.Handler[*reviewv1.CreateReviewRequest, *reviewv1.CreateReviewResponse]
	listServiceReviews  kit.Handler[*reviewv1.ListServiceReviewsRequest, *reviewv1.ListReviewsResponse]
	listProviderReviews kit.Handler[*reviewv1.ListProviderReviewsRequest, *reviewv1.ListReviewsResponse]
	listMyReviews       kit.Handler[*reviewv1.ListMyReviewsRequest, *reviewv1.ListReviewsResponse]
}

// NewGRPCServer serves set.
func NewGRPCServer(set Set) *GRPCServer {
	return &GRPCServer{
		createReview:        kit.NewHandler(set.CreateReview, decodeCreate, encodeCreate),
		listServiceReviews:  kit.NewHandler(set.ListServiceReviews, decodeListForService, encodeList),
		listProviderReviews: kit.NewHandler(set.ListProviderReviews, kit.NoRequest[*reviewv1.ListProviderReviewsRequest], encodeList),
		listMyReviews:       kit.NewHandler(set.ListMyReviews, kit.NoRequest[*reviewv1.ListMyReviewsRequest], encodeList),
	}
}

func (s *GRPCServer) CreateReview(ctx context.Context, req *reviewv1.CreateReviewRequest) (*reviewv1.CreateReviewResponse, error) {
	return s.createReview.Serve(ctx, req)
}

func (s *GRPCServer) ListServiceReviews(ctx context.Context, req *reviewv1.ListServiceReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return s.listServiceReviews.Serve(ctx, req)
}

func (s *GRPCServer) ListProviderReviews(ctx context.Context, req *reviewv1.ListProviderReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return s.listProviderReviews.Serve(ctx, req)
}

func (s *GRPCServer) ListMyReviews(ctx context.Context, req *reviewv1.ListMyReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return s.listMyReviews.Serve(ctx, req)
}

func decodeCreate(_ context.Context, req *reviewv1.CreateReviewRequest) review.Input {
	return review.Input{AppointmentID: req.GetAppointmentId(), Rating: req.Rating, Comment: req.GetComment()}
}

// encodeCreate answers 201 with the review.
func encodeCreate(ctx context.Context, r review.Review) *reviewv1.CreateReviewResponse {
	grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	return &reviewv1.CreateReviewResponse{Success: true, Message: "Thank you for your review!", Data: reviewProto(r)}
}

func decodeListForService(_ context.Context, req *reviewv1.ListServiceReviewsRequest) string {
	return req.GetId()
}

func encodeList(_ context.Context, reviews []review.Review) *reviewv1.ListReviewsResponse {
	out := &reviewv1.ListReviewsResponse{Success: true, Data: make([]*reviewv1.Review, 0, len(reviews))}
	for _, x := range reviews {
		out.Data = append(out.Data, reviewProto(x))
	}
	return out
}

func reviewProto(r review.Review) *reviewv1.Review {
	return &reviewv1.Review{
		Id: r.ID, Rating: r.Rating, Comment: r.Comment, CreatedAt: timestamppb.New(r.CreatedAt),
		UserId:    &reviewv1.ReviewUser{Id: r.CustomerID, Email: r.CustomerEmail, DisplayName: review.Reviewer(r)},
		ServiceId: r.ServiceID, AppointmentId: r.AppointmentID, ServiceName: r.ServiceName,
	}
}
