package transport

import (
	"testing"

	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/kit/kittest"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// noNotifications is a domain that is never reached without panicking.
type noNotifications struct{ notification.Service }

// One Set and one server answer every method, each through its endpoint.
func TestEveryCallThroughItsEndpoint(t *testing.T) {
	kittest.EveryCallThroughItsEndpoint(t, func(middlewares func(string) kit.Middlewares) any {
		return NewGRPCServer(NewSet(noNotifications{}, middlewares))
	}, &notificationv1.NotificationService_ServiceDesc)
}
