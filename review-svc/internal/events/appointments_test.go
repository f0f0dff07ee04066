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

func (f *fakeProjector) ApplyAll(_ context.Context, states []review.Appointment) error {
	if f.err != nil {
		return f.err
	}
	f.applied = append(f.applied, states...)
	return nil
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
			err := AppointmentHandler(p, log)(context.Background(), []kafka.Message{{Value: c.value}})
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

// A batch applies its good events in order and skips the ones that can never
// apply; a store failure fails the whole batch (it is retried as a whole).
func TestReviewAppointmentHandlerBatch(t *testing.T) {
	start := time.Date(2026, 12, 2, 4, 30, 0, 0, time.UTC)
	ev := func(id, status string, version int64) []byte {
		b, _ := proto.Marshal(&eventsv1.AppointmentEvent{EventId: id, AppointmentId: "a1", ServiceId: "s1", CustomerId: "c1",
			Status: status, StartsAt: timestamppb.New(start), Version: version})
		return b
	}
	batch := []kafka.Message{{Value: ev("e1", "pending", 1)}, {Value: []byte{0xff}}, {Value: ev("", "scheduled", 2)}, {Value: ev("e3", "confirmed", 3)}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	p := &fakeProjector{}
	if err := AppointmentHandler(p, log)(context.Background(), batch); err != nil {
		t.Fatal(err)
	}
	if len(p.applied) != 2 || p.applied[0].Status != "pending" || p.applied[1].Status != "confirmed" {
		t.Fatalf("applied %+v, want e1 then e3", p.applied)
	}
	failing := &fakeProjector{err: errors.New("db down")}
	if err := AppointmentHandler(failing, log)(context.Background(), batch); err == nil {
		t.Fatal("a store failure must fail the batch")
	}
}
