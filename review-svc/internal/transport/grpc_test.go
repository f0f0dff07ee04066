package transport

import (
	"testing"

	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/kit/kittest"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

// noReviews is a domain that is never reached without panicking.
type noReviews struct{ review.Service }

// One Set and one server answer every method of both services, each
// through its endpoint.
func TestEveryCallThroughItsEndpoint(t *testing.T) {
	kittest.EveryCallThroughItsEndpoint(t, func(middlewares func(string) kit.Middlewares) any {
		return NewGRPCServer(NewSet(noReviews{}, middlewares))
	}, &reviewv1.ReviewService_ServiceDesc, &reviewv1.ReviewInternal_ServiceDesc)
}
