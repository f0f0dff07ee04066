// Command notification-svc serves the notification service; "notification-svc migrate" applies its migrations.
package main

import (
	"github.com/slotwise/slotwise/platform/svc"

	notificationsvc "github.com/slotwise/slotwise/notification-svc"
)

func main() { svc.Main("notification-svc", notificationsvc.Program) }
