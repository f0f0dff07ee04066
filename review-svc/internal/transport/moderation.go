package transport

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	"google.golang.org/protobuf/types/known/timestamppb"

	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// The endpoints of replies, reports, testimonials and the stats
// (docs/product.md "Replies and reports").

type replyRequest struct{ id, text string }

type decision struct{ id, decision string }

func makePutReply(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, req replyRequest) (review.Review, error) {
		telemetry.Annotate(ctx, telemetry.ReviewID.String(req.id))
		return s.PutReply(ctx, c, req.id, req.text)
	})
}

func makeDeleteReply(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, id string) (review.Review, error) {
		telemetry.Annotate(ctx, telemetry.ReviewID.String(id))
		return s.DeleteReply(ctx, c, id)
	})
}

func makeReport(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, in review.ReportInput) (struct{}, error) {
		telemetry.Annotate(ctx, telemetry.ReviewID.String(in.ReviewID))
		return struct{}{}, s.Report(ctx, c, in)
	})
}

func makeListReports(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, r review.PageRequest) (review.ReportsPage, error) {
		return s.OpenReports(ctx, c, r)
	})
}

func makeDecide(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, d decision) (string, error) {
		telemetry.Annotate(ctx, telemetry.ReviewID.String(d.id))
		return s.Decide(ctx, c, d.id, d.decision)
	})
}

func makeTestimonials(s review.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, _ struct{}) ([]review.Review, error) {
		return s.Testimonials(ctx)
	})
}

func makeStats(s review.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, _ struct{}) (review.Stats, error) {
		return s.Stats(ctx)
	})
}

func decodePutReply(_ context.Context, req *reviewv1.PutReviewReplyRequest) replyRequest {
	return replyRequest{id: req.GetId(), text: req.GetText()}
}

func decodeDeleteReply(_ context.Context, req *reviewv1.DeleteReviewReplyRequest) string {
	return req.GetId()
}

func encodeReply(message string) func(context.Context, review.Review) *reviewv1.ReviewResponse {
	return func(_ context.Context, r review.Review) *reviewv1.ReviewResponse {
		return &reviewv1.ReviewResponse{Success: true, Message: message, Data: reviewProto(r)}
	}
}

func decodeReport(_ context.Context, req *reviewv1.ReportReviewRequest) review.ReportInput {
	return review.ReportInput{ReviewID: req.GetId(), Reason: req.GetReason(), Details: req.GetDetails()}
}

// encodeReport answers 201: a report was created.
func encodeReport(ctx context.Context, _ struct{}) *reviewv1.ReportReviewResponse {
	grpcx.SetHTTPStatus(ctx, http.StatusCreated)
	return &reviewv1.ReportReviewResponse{Success: true, Message: review.MsgReported}
}

func decodeReports(_ context.Context, req *reviewv1.ListReportsRequest) review.PageRequest {
	return review.PageRequest{Cursor: req.GetCursor(), Limit: int(req.GetLimit())}
}

func encodeReports(_ context.Context, p review.ReportsPage) *reviewv1.ListReportsResponse {
	out := &reviewv1.ListReportsResponse{Success: true, Data: make([]*reviewv1.ReviewReport, 0, len(p.Reported)), NextCursor: p.Next}
	for _, x := range p.Reported {
		rr := &reviewv1.ReviewReport{Review: reviewProto(review.Public(x.Review)), ReporterCount: int32(x.Reporters())}
		for i, rep := range x.Reports {
			if i == 0 {
				rr.FirstReportedAt = timestamppb.New(rep.CreatedAt)
			}
			rr.Reasons = append(rr.Reasons, &reviewv1.ReportReason{Reason: rep.Reason, Details: rep.Details, CreatedAt: timestamppb.New(rep.CreatedAt)})
		}
		out.Data = append(out.Data, rr)
	}
	return out
}

func decodeDecide(_ context.Context, req *reviewv1.DecideReportsRequest) decision {
	return decision{id: req.GetId(), decision: req.GetDecision()}
}

func encodeDecide(_ context.Context, message string) *reviewv1.DecideReportsResponse {
	return &reviewv1.DecideReportsResponse{Success: true, Message: message}
}

func encodeStats(_ context.Context, st review.Stats) *reviewv1.ReviewStatsResponse {
	return &reviewv1.ReviewStatsResponse{RatingCount: st.Count, AverageRating: st.Average}
}
