// Package transport is review-svc's go-kit layer: the endpoint Set
// (endpoints.go) over the domain, and the gRPC transport (grpc.go) that
// decodes requests into the endpoints' and encodes their results.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/telemetry"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// Set is the review service's endpoints, one per gRPC method.
type Set struct {
	CreateReview        endpoint.Endpoint
	ListServiceReviews  endpoint.Endpoint
	ListProviderReviews endpoint.Endpoint
	ListMyReviews       endpoint.Endpoint
	PutReviewReply      endpoint.Endpoint
	DeleteReviewReply   endpoint.Endpoint
	ReportReview        endpoint.Endpoint
	ListReports         endpoint.Endpoint
	DecideReports       endpoint.Endpoint
	ListTestimonials    endpoint.Endpoint
	ReviewStats         endpoint.Endpoint
}

// NewSet wraps s in mw. A service's reviews are public; writing a review and
// a provider's list are on behalf of a logged-in user.
func NewSet(s review.Service, mw kit.Middlewares) Set {
	return Set{
		CreateReview:        mw.Wrap("CreateReview", makeCreateReview(s), mw.Authenticated),
		ListServiceReviews:  mw.Wrap("ListServiceReviews", makeListServiceReviews(s)),
		ListProviderReviews: mw.Wrap("ListProviderReviews", makeListProviderReviews(s), mw.Authenticated),
		ListMyReviews:       mw.Wrap("ListMyReviews", makeListMyReviews(s), mw.Authenticated),
		PutReviewReply:      mw.Wrap("PutReviewReply", makePutReply(s), mw.Authenticated),
		DeleteReviewReply:   mw.Wrap("DeleteReviewReply", makeDeleteReply(s), mw.Authenticated),
		ReportReview:        mw.Wrap("ReportReview", makeReport(s), mw.Authenticated),
		ListReports:         mw.Wrap("ListReports", makeListReports(s), mw.Authenticated),
		DecideReports:       mw.Wrap("DecideReports", makeDecide(s), mw.Authenticated),
		ListTestimonials:    mw.Wrap("ListTestimonials", makeTestimonials(s)),
		ReviewStats:         mw.Wrap("ReviewStats", makeStats(s)),
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

func makeListServiceReviews(s review.Service) endpoint.Endpoint {
	return kit.Endpoint(func(ctx context.Context, serviceID string) ([]review.Review, error) {
		telemetry.Annotate(ctx, telemetry.ServiceID.String(serviceID))
		return s.ListForService(ctx, serviceID)
	})
}

func makeListProviderReviews(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, _ struct{}) ([]review.Review, error) {
		return s.ListForProvider(ctx, c)
	})
}

func makeListMyReviews(s review.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c review.Caller, _ struct{}) ([]review.Review, error) {
		return s.ListMine(ctx, c)
	})
}
