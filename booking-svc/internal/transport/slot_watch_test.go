package transport

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.opentelemetry.io/otel/trace/noop"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
	"github.com/slotwise/slotwise/booking-svc/internal/slotwatch"
	"github.com/slotwise/slotwise/booking-svc/internal/store"
)

const wait = 10 * time.Second

// serveSlotWatch serves WatchSlots fed by slots on a loopback port, as
// booking-svc registers it, and returns a client of it.
func serveSlotWatch(t *testing.T, slots SlotChanges) bookingv1.BookingServiceClient {
	t.Helper()
	srv, _ := grpcx.NewServer(grpcx.ServerOptions{Logger: slog.Default(), TracerProvider: noop.NewTracerProvider()})
	bookingv1.RegisterBookingServiceServer(srv, WithSlotWatch(WithAnalytics(
		WithCalendars(NewGRPCServer(Set{}, time.UTC), CalendarSet{}, time.UTC, time.Now), nil), slots))
	return bookingv1.NewBookingServiceClient(testkit.GRPCConn(t, srv))
}

func watch(t *testing.T, client bookingv1.BookingServiceClient) grpc.ServerStreamingClient[bookingv1.SlotChanges] {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	t.Cleanup(cancel)
	stream, err := client.WatchSlots(ctx, &bookingv1.WatchSlotsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return stream
}

func next(t *testing.T, stream grpc.ServerStreamingClient[bookingv1.SlotChanges]) []string {
	t.Helper()
	m, err := stream.Recv()
	if err != nil {
		t.Fatalf("Recv: %v", err)
	}
	return m.GetServiceIds()
}

// Against PostgreSQL: the watch opens with an empty message, then names the
// service of a booking committed after it; when the listening connection is
// lost the watch ends with Unavailable.
func TestWatchSlotsStreamsBookingsUntilTheListenerIsLost(t *testing.T) {
	pool := testkit.NewPool(t, "booking", store.Migrations, "migrations", 4)
	listener := slotwatch.New(pool, slog.Default())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- listener.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-listener.Ready():
	case <-time.After(wait):
		t.Fatal("the listener is not listening")
	}
	stream := watch(t, serveSlotWatch(t, listener))
	if ids := next(t, stream); len(ids) != 0 {
		t.Fatalf("first message names %v, want none", ids)
	}

	repo := store.NewAppointments(pool, nil, noop.NewTracerProvider(), slog.Default())
	now := time.Now().UTC()
	a := booking.Appointment{ID: uuid.NewString(), ServiceID: "svc-watched", ServiceName: "Haircut", ProviderID: "p1",
		CustomerID: "c1", CustomerName: "Asha Rao", StartsAt: now.Add(24 * time.Hour).Truncate(time.Hour), Time: "10:00",
		Status: booking.StatusPending, Version: 1, CreatedAt: now, UpdatedAt: now}
	if err := repo.Create(ctx, a, nil); err != nil {
		t.Fatal(err)
	}
	if ids := next(t, stream); !slices.Equal(ids, []string{"svc-watched"}) {
		t.Fatalf("after a booking: %v, want [svc-watched]", ids)
	}

	if _, err := pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%'`); err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); status.Code(err) != codes.Unavailable {
		t.Fatalf("after the listener lost its connection: %v, want Unavailable", err)
	}
}

// fakeSlots hands out one channel, or refuses.
type fakeSlots struct {
	ch      chan []string
	refuse  bool
	stopped chan struct{}
}

func (f *fakeSlots) Subscribe() (<-chan []string, func(), error) {
	if f.refuse {
		return nil, nil, errors.New("not listening")
	}
	return f.ch, func() { close(f.stopped) }, nil
}

func TestWatchSlotsIsUnavailableWhileNotListening(t *testing.T) {
	stream := watch(t, serveSlotWatch(t, &fakeSlots{refuse: true}))
	_, err := stream.Recv()
	if status.Code(err) != codes.Unavailable || status.Convert(err).Message() == "" {
		t.Fatalf("watch while not listening: %v, want Unavailable with a message", err)
	}
}

// Batches queued together leave as one message without repeats; a closed
// channel ends the watch with Unavailable, after what was queued before it.
func TestWatchSlotsCoalescesAndEndsWhenChangesMayBeMissed(t *testing.T) {
	slots := &fakeSlots{ch: make(chan []string, 8), stopped: make(chan struct{})}
	stream := watch(t, serveSlotWatch(t, slots))
	if ids := next(t, stream); len(ids) != 0 {
		t.Fatalf("first message names %v, want none", ids)
	}
	slots.ch <- []string{"a", "b"}
	slots.ch <- []string{"b", "c"}
	slots.ch <- []string{"a"}
	close(slots.ch)
	var got []string
	for {
		m, err := stream.Recv()
		if err != nil {
			if status.Code(err) != codes.Unavailable {
				t.Fatalf("end of the watch: %v, want Unavailable", err)
			}
			break
		}
		ids := m.GetServiceIds()
		if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != len(ids) {
			t.Errorf("message %v names a service twice", ids)
		}
		got = append(got, ids...)
	}
	if slices.Sort(got); !slices.Equal(slices.Compact(got), []string{"a", "b", "c"}) {
		t.Errorf("services sent: %v, want a, b and c", got)
	}
	select {
	case <-slots.stopped:
	case <-time.After(wait):
		t.Error("the subscription was not stopped")
	}
}

// When the caller goes, the watch stops its subscription.
func TestWatchSlotsStopsWhenTheCallerGoes(t *testing.T) {
	slots := &fakeSlots{ch: make(chan []string), stopped: make(chan struct{})}
	client := serveSlotWatch(t, slots)
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := client.WatchSlots(ctx, &bookingv1.WatchSlotsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	next(t, stream)
	cancel()
	select {
	case <-slots.stopped:
	case <-time.After(wait):
		t.Fatal("the subscription outlived its caller")
	}
}

func TestCoalesce(t *testing.T) {
	ch := make(chan []string, 4)
	ch <- []string{"b", "c"}
	ch <- []string{"c", "d"}
	if ids, open := coalesce([]string{"a", "b"}, ch); !open || !slices.Equal(ids, []string{"a", "b", "c", "d"}) {
		t.Errorf("coalesce: %v, %v", ids, open)
	}
	ch <- []string{"e"}
	close(ch)
	if ids, open := coalesce([]string{"a"}, ch); open || !slices.Equal(ids, []string{"a", "e"}) {
		t.Errorf("coalesce of a closed channel: %v, %v", ids, open)
	}
	big := make(chan []string, 3)
	many := make([]string, maxServicesPerMessage)
	for i := range many {
		many[i] = uuid.NewString()
	}
	big <- []string{"x"}
	if ids, open := coalesce(many, big); !open || len(ids) != maxServicesPerMessage || len(big) != 1 {
		t.Errorf("coalesce past the cap took %d services, left %d batches", len(ids), len(big))
	}
}
