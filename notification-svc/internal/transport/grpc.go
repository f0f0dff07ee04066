package transport

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	"github.com/slotwise/slotwise/platform/kit"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// GRPCServer is the gRPC transport of the notification domain.
type GRPCServer struct {
	notificationv1.UnimplementedNotificationServiceServer
	list        kit.Handler[*notificationv1.ListNotificationsRequest, *notificationv1.ListNotificationsResponse]
	markRead    kit.Handler[*notificationv1.MarkReadRequest, *notificationv1.MarkReadResponse]
	markAllRead kit.Handler[*notificationv1.MarkAllReadRequest, *notificationv1.MarkAllReadResponse]
}

// NewGRPCServer serves set.
func NewGRPCServer(set Set) *GRPCServer {
	return &GRPCServer{
		list:        kit.NewHandler(set.ListNotifications, decodeList, encodeList),
		markRead:    kit.NewHandler(set.MarkRead, decodeMarkRead, encodeMarkRead),
		markAllRead: kit.NewHandler(set.MarkAllRead, kit.NoRequest[*notificationv1.MarkAllReadRequest], encodeMarkAllRead),
	}
}

func (s *GRPCServer) ListNotifications(ctx context.Context, req *notificationv1.ListNotificationsRequest) (*notificationv1.ListNotificationsResponse, error) {
	return s.list.Serve(ctx, req)
}

func (s *GRPCServer) MarkRead(ctx context.Context, req *notificationv1.MarkReadRequest) (*notificationv1.MarkReadResponse, error) {
	return s.markRead.Serve(ctx, req)
}

func (s *GRPCServer) MarkAllRead(ctx context.Context, req *notificationv1.MarkAllReadRequest) (*notificationv1.MarkAllReadResponse, error) {
	return s.markAllRead.Serve(ctx, req)
}

func decodeList(_ context.Context, req *notificationv1.ListNotificationsRequest) pageRequest {
	return pageRequest{page: int(req.GetPage()), limit: int(req.GetLimit())}
}

func encodeList(_ context.Context, p notification.Page) *notificationv1.ListNotificationsResponse {
	out := &notificationv1.ListNotificationsResponse{Success: true, UnreadCount: int32(p.Unread),
		Page: int32(p.Page), Limit: int32(p.Limit), Total: int32(p.Total),
		Notifications: make([]*notificationv1.Notification, 0, len(p.Notifications))}
	for _, n := range p.Notifications {
		out.Notifications = append(out.Notifications, notificationProto(n))
	}
	return out
}

func decodeMarkRead(_ context.Context, req *notificationv1.MarkReadRequest) string {
	return req.GetId()
}

func encodeMarkRead(_ context.Context, m marked) *notificationv1.MarkReadResponse {
	return &notificationv1.MarkReadResponse{Success: true, Notification: notificationProto(m.n), UnreadCount: int32(m.unread)}
}

func encodeMarkAllRead(_ context.Context, m markedAll) *notificationv1.MarkAllReadResponse {
	return &notificationv1.MarkAllReadResponse{Success: true, Marked: int32(m.marked), UnreadCount: int32(m.unread)}
}

func notificationProto(n notification.Notification) *notificationv1.Notification {
	return &notificationv1.Notification{Id: n.ID, Type: n.Kind, Text: n.Text, Unread: n.Unread,
		CreatedAt: timestamppb.New(n.CreatedAt), AppointmentId: n.AppointmentID}
}
