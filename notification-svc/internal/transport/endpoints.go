// Package transport is notification-svc's go-kit layer: the endpoint Set
// (endpoints.go) over the domain, and the gRPC transport (grpc.go) that
// decodes requests into the endpoints' and encodes their results.
package transport

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Set is the notification service's endpoints, one per gRPC method; every
// one is on behalf of the logged-in recipient.
type Set struct {
	ListNotifications endpoint.Endpoint
	MarkRead          endpoint.Endpoint
	MarkAllRead       endpoint.Endpoint
}

// NewSet wraps the methods of s in the middleware middlewares gives for
// NotificationService (svc.Runtime.Middlewares), so every call is counted,
// logged and traced under its gRPC name.
func NewSet(s notification.Service, middlewares func(service string) kit.Middlewares) Set {
	mw := middlewares(notificationv1.NotificationService_ServiceDesc.ServiceName)
	return Set{
		ListNotifications: mw.Wrap("ListNotifications", makeList(s), mw.Authenticated),
		MarkRead:          mw.Wrap("MarkRead", makeMarkRead(s), mw.Authenticated),
		MarkAllRead:       mw.Wrap("MarkAllRead", makeMarkAllRead(s), mw.Authenticated),
	}
}

type pageRequest struct{ page, limit int }

func makeList(s notification.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c notification.Caller, in pageRequest) (notification.Page, error) {
		return s.List(ctx, c, in.page, in.limit)
	})
}

type marked struct {
	n      notification.Notification
	unread int
}

func makeMarkRead(s notification.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c notification.Caller, id string) (marked, error) {
		n, unread, err := s.MarkRead(ctx, c, id)
		return marked{n, unread}, err
	})
}

type markedAll struct{ marked, unread int }

func makeMarkAllRead(s notification.Service) endpoint.Endpoint {
	return kit.CallerEndpoint(func(ctx context.Context, c notification.Caller, _ struct{}) (markedAll, error) {
		m, unread, err := s.MarkAllRead(ctx, c)
		return markedAll{m, unread}, err
	})
}
