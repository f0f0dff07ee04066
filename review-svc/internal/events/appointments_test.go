package events

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"

	"github.com/slotwise/slotwise/review-svc/internal/review"
)

type fakeProjector struct {
	applied []review.Appointment
	err     error
}

func (f *fakeProjector) Apply(_ context.Context, _ string, a review.Appointment) (bool, error) {
	if f.err != nil {
		return false, f.err
	}
	f.applied = append(f.applied, a)
	return true, nil
}

func TestReviewAppointmentHandler(t *testing.T) {
	start := time.Date(2026, 12, 2, 4, 30, 0, 0, time.UTC)
	full := &eventsv1.AppointmentEvent{EventId: "e1", Type: "status_changed", AppointmentId: "a1", ServiceId: "s1", ServiceName: "Cut",
		CustomerId: "c1", CustomerEmail: "c@example.com", ProviderId: "p1", Status: "confirmed", StartsAt: timestamppb.New(start), Version: 2}
	enc := func(ev *eventsv1.AppointmentEvent) []byte { b, _ := proto.Marshal(ev); return b }
	without := func(mod func(*eventsv1.AppointmentEvent)) []byte {
		ev := proto.Clone(full).(*eventsv1.AppointmentEvent)
		mod(ev)
		return enc(ev)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cases := []struct {
		name    string
		value   []byte
		projErr error
		applied bool
		wantErr bool
	}{
		{"full event is applied", enc(full), nil, true, false},
		{"undecodable is skipped", []byte{0xff, 0xff, 0xff}, nil, false, false},
		{"no event id is skipped", without(func(e *eventsv1.AppointmentEvent) { e.EventId = "" }), nil, false, false},
		{"no appointment id is skipped", without(func(e *eventsv1.AppointmentEvent) { e.AppointmentId = "" }), nil, false, false},
		{"no start is skipped", without(func(e *eventsv1.AppointmentEvent) { e.StartsAt = nil }), nil, false, false},
		{"no customer is skipped", without(func(e *eventsv1.AppointmentEvent) { e.CustomerId = "" }), nil, false, false},
		{"store failure is retried", enc(full), errors.New("db down"), false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &fakeProjector{err: c.projErr}
			err := AppointmentHandler(p, log)(context.Background(), kafka.Message{Value: c.value})
			if (err != nil) != c.wantErr || (len(p.applied) == 1) != c.applied {
				t.Fatalf("err=%v applied=%v", err, p.applied)
			}
			if c.applied {
				a := p.applied[0]
				if a.ID != "a1" || a.ServiceID != "s1" || a.ServiceName != "Cut" || a.CustomerID != "c1" || a.CustomerEmail != "c@example.com" ||
					a.ProviderID != "p1" || a.Status != "confirmed" || !a.StartsAt.Equal(start) || a.Version != 2 {
					t.Fatalf("projected %+v", a)
				}
			}
		})
	}
}
