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

// GRPCServer is the gRPC transport of the review domain, ReviewService and
// ReviewInternal on one server: each method runs its endpoint between a
// decoder and an encoder.
type GRPCServer struct {
	reviewv1.UnimplementedReviewServiceServer
	reviewv1.UnimplementedReviewInternalServer
	createReview        kit.Handler[*reviewv1.CreateReviewRequest, *reviewv1.CreateReviewResponse]
	listServiceReviews  kit.Handler[*reviewv1.ListServiceReviewsRequest, *reviewv1.ListReviewsResponse]
	listProviderReviews kit.Handler[*reviewv1.ListProviderReviewsRequest, *reviewv1.ListProviderReviewsResponse]
	listMyReviews       kit.Handler[*reviewv1.ListMyReviewsRequest, *reviewv1.ListReviewsResponse]
	putReply            kit.Handler[*reviewv1.PutReviewReplyRequest, *reviewv1.ReviewResponse]
	deleteReply         kit.Handler[*reviewv1.DeleteReviewReplyRequest, *reviewv1.ReviewResponse]
	report              kit.Handler[*reviewv1.ReportReviewRequest, *reviewv1.ReportReviewResponse]
	listReports         kit.Handler[*reviewv1.ListReportsRequest, *reviewv1.ListReportsResponse]
	decide              kit.Handler[*reviewv1.DecideReportsRequest, *reviewv1.DecideReportsResponse]
	testimonials        kit.Handler[*reviewv1.ListTestimonialsRequest, *reviewv1.ListReviewsResponse]
	stats               kit.Handler[*reviewv1.ReviewStatsRequest, *reviewv1.ReviewStatsResponse]
}

var (
	_ reviewv1.ReviewServiceServer  = (*GRPCServer)(nil)
	_ reviewv1.ReviewInternalServer = (*GRPCServer)(nil)
)

// NewGRPCServer serves set.
func NewGRPCServer(set Set) *GRPCServer {
	return &GRPCServer{
		createReview:        kit.NewHandler(set.CreateReview, decodeCreate, encodeCreate),
		listServiceReviews:  kit.NewHandler(set.ListServiceReviews, decodeListForService, encodePage),
		listProviderReviews: kit.NewHandler(set.ListProviderReviews, decodeListForProvider, encodeProviderPage),
		listMyReviews:       kit.NewHandler(set.ListMyReviews, decodeListMine, encodePage),
		putReply:            kit.NewHandler(set.PutReviewReply, decodePutReply, encodeReply(review.MsgReplySaved)),
		deleteReply:         kit.NewHandler(set.DeleteReviewReply, decodeDeleteReply, encodeReply(review.MsgReplyDeleted)),
		report:              kit.NewHandler(set.ReportReview, decodeReport, encodeReport),
		listReports:         kit.NewHandler(set.ListReports, decodeReports, encodeReports),
		decide:              kit.NewHandler(set.DecideReports, decodeDecide, encodeDecide),
		testimonials:        kit.NewHandler(set.ListTestimonials, kit.NoRequest[*reviewv1.ListTestimonialsRequest], encodeList),
		stats:               kit.NewHandler(set.ReviewStats, kit.NoRequest[*reviewv1.ReviewStatsRequest], encodeStats),
	}
}

func (s *GRPCServer) CreateReview(ctx context.Context, req *reviewv1.CreateReviewRequest) (*reviewv1.CreateReviewResponse, error) {
	return s.createReview.Serve(ctx, req)
}

func (s *GRPCServer) ListServiceReviews(ctx context.Context, req *reviewv1.ListServiceReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return s.listServiceReviews.Serve(ctx, req)
}

func (s *GRPCServer) ListProviderReviews(ctx context.Context, req *reviewv1.ListProviderReviewsRequest) (*reviewv1.ListProviderReviewsResponse, error) {
	return s.listProviderReviews.Serve(ctx, req)
}

func (s *GRPCServer) ListMyReviews(ctx context.Context, req *reviewv1.ListMyReviewsRequest) (*reviewv1.ListReviewsResponse, error) {
	return s.listMyReviews.Serve(ctx, req)
}

func (s *GRPCServer) PutReviewReply(ctx context.Context, req *reviewv1.PutReviewReplyRequest) (*reviewv1.ReviewResponse, error) {
	return s.putReply.Serve(ctx, req)
}

func (s *GRPCServer) DeleteReviewReply(ctx context.Context, req *reviewv1.DeleteReviewReplyRequest) (*reviewv1.ReviewResponse, error) {
	return s.deleteReply.Serve(ctx, req)
}

func (s *GRPCServer) ReportReview(ctx context.Context, req *reviewv1.ReportReviewRequest) (*reviewv1.ReportReviewResponse, error) {
	return s.report.Serve(ctx, req)
}

func (s *GRPCServer) ListReports(ctx context.Context, req *reviewv1.ListReportsRequest) (*reviewv1.ListReportsResponse, error) {
	return s.listReports.Serve(ctx, req)
}

func (s *GRPCServer) DecideReports(ctx context.Context, req *reviewv1.DecideReportsRequest) (*reviewv1.DecideReportsResponse, error) {
	return s.decide.Serve(ctx, req)
}

func (s *GRPCServer) ListTestimonials(ctx context.Context, req *reviewv1.ListTestimonialsRequest) (*reviewv1.ListReviewsResponse, error) {
	return s.testimonials.Serve(ctx, req)
}

func (s *GRPCServer) ReviewStats(ctx context.Context, req *reviewv1.ReviewStatsRequest) (*reviewv1.ReviewStatsResponse, error) {
	return s.stats.Serve(ctx, req)
}

func decodeCreate(_ context.Context, req *reviewv1.CreateReviewRequest) review.Input {
	return review.Input{AppointmentID: req.GetAppointmentId(), Rating: req.Rating, Comment: req.GetComment()}
}

// encodeCreate answers 201 with the review.
func encodeCreate(ctx context.Context, r review.Review) *reviewv1.CreateReviewResponse {
	grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	return &reviewv1.CreateReviewResponse{Success: true, Message: "Thank you for your review!", Data: reviewProto(r)}
}

func decodeListForService(_ context.Context, req *reviewv1.ListServiceReviewsRequest) ServiceReviewsRequest {
	return ServiceReviewsRequest{ServiceID: req.GetId(), Page: review.PageRequest{Cursor: req.GetCursor(), Limit: int(req.GetLimit())}}
}

func encodePage(ctx context.Context, p review.Page) *reviewv1.ListReviewsResponse {
	out := encodeList(ctx, p.Reviews)
	out.NextCursor = p.Next
	return out
}

func decodeListForProvider(_ context.Context, req *reviewv1.ListProviderReviewsRequest) review.PageRequest {
	return review.PageRequest{Cursor: req.GetCursor(), Limit: int(req.GetLimit())}
}

func decodeListMine(_ context.Context, req *reviewv1.ListMyReviewsRequest) review.PageRequest {
	return review.PageRequest{Cursor: req.GetCursor(), Limit: int(req.GetLimit())}
}

func encodeProviderPage(ctx context.Context, p review.ProviderPage) *reviewv1.ListProviderReviewsResponse {
	list := encodeList(ctx, p.Reviews)
	return &reviewv1.ListProviderReviewsResponse{
		Success: true, Data: list.Data, NextCursor: p.Next,
		Summary: &reviewv1.ReviewSummary{Count: int32(p.Summary.Count), Average: p.Summary.Average},
	}
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
		ServiceId: r.ServiceID, AppointmentId: r.AppointmentID, ServiceName: r.ServiceName, Reply: replyProto(r.Reply),
	}
}

func replyProto(r *review.Reply) *reviewv1.ReviewReply {
	if r == nil {
		return nil
	}
	return &reviewv1.ReviewReply{Text: r.Text, BusinessName: r.BusinessName, CreatedAt: timestamppb.New(r.CreatedAt), UpdatedAt: timestamppb.New(r.UpdatedAt)}
}
