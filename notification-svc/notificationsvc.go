// Package notificationsvc runs the notification service: who is told what
// when appointments and reviews change, the reminders before an
// appointment, and each recipient's list.
package notificationsvc

import (
	"context"
	"time"

	"github.com/google/uuid"

	notificationv1 "github.com/slotwise/slotwise/api/gen/notification/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/notification-svc/internal/events"
	"github.com/slotwise/slotwise/notification-svc/internal/notification"
	"github.com/slotwise/slotwise/notification-svc/internal/store"
	"github.com/slotwise/slotwise/notification-svc/internal/transport"
)

// Config is the notification service's environment.
type Config struct {
	svc.Config
	// Location is the business time zone starts are written in.
	Location *time.Location
	// ReminderInterval is how often due reminders are looked for
	// (REMINDER_INTERVAL).
	ReminderInterval time.Duration
	// Clock is the time source; nil means time.Now (tests inject one).
	Clock func() time.Time
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{
		Config:           svc.LoadConfig(r, "notification-svc", ":7005", true, true),
		Location:         r.Location("APP_TIMEZONE", "Asia/Kolkata"),
		ReminderInterval: r.Duration("REMINDER_INTERVAL", notification.DefaultReminderInterval),
	}
}

// Program is what cmd/notification-svc runs.
var Program = svc.ProgramFor(LoadConfig)

// Run serves until ctx ends (the devstack runs it in-process).
func Run(ctx context.Context, cfg Config) error { return svc.RunService(ctx, cfg) }

// Spec wires the service into the shared runtime: the recipients' API, the
// consumers of appointment and review events, and the reminder scheduler.
func (cfg Config) Spec() svc.Spec {
	now := svc.Clock(cfg.Clock)
	every := cfg.ReminderInterval
	if every <= 0 {
		every = notification.DefaultReminderInterval
	}
	return svc.Spec{
		Schema:     "notification",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			domain := notification.NewService(store.Notifications{Pool: rt.Pool})
			set := transport.NewSet(domain, rt.Middlewares(notificationv1.NotificationService_ServiceDesc.ServiceName))
			notificationv1.RegisterNotificationServiceServer(rt.Server, transport.NewGRPCServer(set))
			effects := store.Effects{Pool: rt.Pool, Now: now, NewID: uuid.NewString}
			rt.ConsumeBatch(topics.Appointments, topics.NotificationAppointmentsGroup, events.AppointmentHandler(effects, cfg.Location, rt.Logger))
			rt.ConsumeBatch(topics.Reviews, topics.NotificationReviewsGroup, events.ReviewHandler(effects, rt.Logger))
			scheduler := notification.Scheduler{Store: store.Reminders{Pool: rt.Pool, NewID: uuid.NewString}, Now: now, Every: every, Logger: rt.Logger}
			rt.Go("reminders", scheduler.Run)
			return nil
		},
	}
}
