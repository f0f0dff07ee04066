// Package reviewsvc runs the review service: persisted reviews and their
// eligibility, fed by booking events.
package reviewsvc

import (
	"context"
	"time"

	"github.com/google/uuid"

	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/config"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/svc"

	"github.com/slotwise/slotwise/review-svc/internal/events"
	"github.com/slotwise/slotwise/review-svc/internal/review"
	"github.com/slotwise/slotwise/review-svc/internal/store"
	"github.com/slotwise/slotwise/review-svc/internal/transport"
)

// Config is the review service's environment.
type Config struct {
	svc.Config
	Location *time.Location
	// Clock is the time source; nil means time.Now (tests inject one).
	Clock func() time.Time
}

// LoadConfig reads the environment.
func LoadConfig(r *config.Reader) Config {
	return Config{
		Config:   svc.LoadConfig(r, "review-svc", ":7004", true, true),
		Location: r.Location("APP_TIMEZONE", "Asia/Kolkata"),
	}
}

// Program is what cmd/review-svc runs.
var Program = svc.ProgramFor(LoadConfig)

// Run serves until ctx ends (the devstack runs it in-process).
func Run(ctx context.Context, cfg Config) error { return svc.RunService(ctx, cfg) }

// Spec wires the service into the shared runtime: the review API, and the
// projection of booking events that decides who may review what.
func (cfg Config) Spec() svc.Spec {
	now := svc.Clock(cfg.Clock)
	return svc.Spec{
		Schema:     "review",
		Migrations: svc.Dir(store.Migrations, "migrations"),
		Produces:   []string{topics.Reviews},
		Erasure:    &svc.Erasure{Group: topics.ReviewErasureGroup, Erase: erasure.Statements(store.EraseStatements...)},
		Setup: func(ctx context.Context, rt *svc.Runtime) error {
			repo := store.Reviews{Pool: rt.Pool, Kick: rt.Relay.Kick}
			domain := review.NewService(repo, now, uuid.NewString)
			rt.Serve(transport.NewGRPCServer(transport.NewSet(domain, rt.Middlewares)),
				&reviewv1.ReviewService_ServiceDesc, &reviewv1.ReviewInternal_ServiceDesc)
			rt.ConsumeBatch(topics.Appointments, topics.ReviewAppointmentsGroup, events.AppointmentHandler(store.Appointments{Pool: rt.Pool}, rt.Logger))
			return nil
		},
	}
}
