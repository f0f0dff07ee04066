// Package transport is review-svc's go-kit layer: one endpoint Set
// (endpoints.go) over the domain, with every method of ReviewService and
// ReviewInternal, and one gRPC server (grpc.go) that decodes requests into
// the endpoints' and encodes their results; moderation.go holds the
// endpoints and codecs of replies, reports, testimonials and the stats.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Set is the review service's endpoints, one per gRPC method of
// ReviewService and of ReviewInternal (the calls only other programs make,
// docs/adr/0067-internal-calls-in-internal-services.md).
type Set struct {
	CreateReview        endpoint.Endpoint
	ListServiceReviews  endpoint.Endpoint
	ListProviderReviews endpoint.Endpoint
	PutReviewReply      endpoint.Endpoint
	DeleteReviewReply   endpoint.Endpoint
	ReportReview        endpoint.Endpoint
	ListReports         endpoint.Endpoint
	DecideReports       endpoint.Endpoint
	ListTestimonials    endpoint.Endpoint

	// ReviewInternal's: ListMyReviews is the caller's (the gateway's data
	// export passes their token on).
	ListMyReviews endpoint.Endpoint
	ReviewStats   endpoint.Endpoint
}

// NewSet wraps the methods of s in the middleware middlewares gives for the
// gRPC service each belongs to (svc.Runtime.Middlewares), so every call is
// counted, logged and traced under its own gRPC name. A service's reviews,
// the testimonials and the stats are public; the rest is on behalf of a
// logged-in user.
func NewSet(s review.Service, middlewares func(service string) kit.Middlewares) Set {
	mw := middlewares(reviewv1.ReviewService_ServiceDesc.ServiceName)
	internal := middlewares(reviewv1.ReviewInternal_ServiceDesc.ServiceName)
	return Set{
		CreateReview:        mw.Wrap("CreateReview", makeCreateReview(s), mw.Authenticated),
		ListServiceReviews:  mw.Wrap("ListServiceReviews", makeListServiceReviews(s)),
		ListProviderReviews: mw.Wrap("ListProviderReviews", makeListProviderReviews(s), mw.Authenticated),
		PutReviewReply:      mw.Wrap("PutReviewReply", makePutReply(s), mw.Authenticated),
		DeleteReviewReply:   mw.Wrap("DeleteReviewReply", makeDeleteReply(s), mw.Authenticated),
		ReportReview:        mw.Wrap("ReportReview", makeReport(s), mw.Authenticated),
		ListReports:         mw.Wrap("ListReports", makeListReports(s), mw.Authenticated),
		DecideReports:       mw.Wrap("DecideReports", makeDecide(s), mw.Authenticated),
		ListTestimonials:    mw.Wrap("ListTestimonials", makeTestimonials(s)),

		ListMyReviews: internal.Wrap("ListMyReviews", makeListMyReviews(s), internal.Authenticated),
		ReviewStats:   internal.Wrap("ReviewStats", makeStats(s)),
	}
}

func makeCreateReview(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, in review.Input) (review.Review, error) {
		telemetry.Annotate(ctx, telemetry.AppointmentID.String(in.AppointmentID))
		r, err := s.Create(ctx, c, in)
		if err == nil {
			telemetry.Annotate(ctx, telemetry.ReviewID.String(r.ID), telemetry.ServiceID.String(r.ServiceID))
		}
		return r, err
	})
}

// ServiceReviewsRequest asks for a page of a service's reviews.
type ServiceReviewsRequest struct {
	ServiceID string
	Page      review.PageRequest
}

func makeListServiceReviews(s review.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, r ServiceReviewsRequest) (review.Page, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(r.ServiceID))
		return s.ListForService(ctx, r.ServiceID, r.Page)
	})
}

func makeListProviderReviews(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, r review.PageRequest) (review.ProviderPage, error) {
		return s.ListForProvider(ctx, c, r)
	})
}

func makeListMyReviews(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, r review.PageRequest) (review.Page, error) {
		return s.ListMine(ctx, c, r)
	})
}
