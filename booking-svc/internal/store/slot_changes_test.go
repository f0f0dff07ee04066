package store

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/platform/logging"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// slotListener is a connection listening on SlotsChannel.
type slotListener struct {
	t    *testing.T
	conn *pgx.Conn
	pool *pgxpool.Pool
}

func listenForSlots(t *testing.T, pool *pgxpool.Pool) slotListener {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if _, err := conn.Exec(ctx, "LISTEN "+SlotsChannel); err != nil {
		t.Fatal(err)
	}
	return slotListener{t: t, conn: conn, pool: pool}
}

// announced is every service named on the channel from now on up to a
// marker s announces after them (its announcements go out in order, so
// everything queued before this call is read, and nothing after), and
// fails the test when one payload names a service twice.
func (l slotListener) announced(s Appointments) []string {
	l.t.Helper()
	const marker = "-marker-"
	s.announce([]string{marker})
	seen := map[string]bool{}
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		n, err := l.conn.WaitForNotification(ctx)
		cancel()
		if err != nil {
			l.t.Fatalf("waiting for announcements: %v", err)
		}
		ids := strings.Split(n.Payload, ",")
		if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != len(ids) {
			l.t.Errorf("payload %q names a service twice", n.Payload)
		}
		for _, id := range ids {
			seen[id] = true
		}
		if seen[marker] {
			delete(seen, marker)
			return slices.Sorted(maps.Keys(seen))
		}
	}
}

// Concurrent bookings announce exactly the services they booked, not one
// whose slot was held; a cancel announces its service; so does a booking
// made one transaction at a time (createOne).
func TestBookingsAndUpdatesAnnounceTheirServices(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	slots := listenForSlots(t, pool)

	held := appointment("svc-held", 0)
	if err := s.Create(ctx, held, nil); err != nil {
		t.Fatal(err)
	}
	if got := slots.announced(s); !slices.Equal(got, []string{"svc-held"}) {
		t.Fatalf("after booking svc-held: announced %v", got)
	}

	bookings := []booking.Appointment{appointment("svc-a", 0), appointment("svc-b", 0), appointment("svc-b", 1),
		appointment("svc-c", 0), appointment("svc-held", 0)}
	errs := make([]error, len(bookings))
	var wg sync.WaitGroup
	for i, a := range bookings {
		wg.Go(func() { errs[i] = s.Create(ctx, a, nil) })
	}
	wg.Wait()
	for i, err := range errs[:4] {
		if err != nil {
			t.Fatalf("booking %d: %v", i, err)
		}
	}
	if !errors.Is(errs[4], booking.ErrSlotTaken) {
		t.Fatalf("second booking of svc-held's slot: %v, want ErrSlotTaken", errs[4])
	}
	if got := slots.announced(s); !slices.Equal(got, []string{"svc-a", "svc-b", "svc-c"}) {
		t.Errorf("after the concurrent bookings: announced %v, want [svc-a svc-b svc-c]", got)
	}

	_, err := s.Update(ctx, bookings[0].ID, func(a *booking.Appointment) (booking.Change, error) {
		prev := a.Status
		a.Status, a.Version, a.UpdatedAt = booking.StatusCancelled, a.Version+1, time.Now().UTC()
		return booking.Change{Type: booking.EventStatusChanged, PreviousStatus: prev}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := slots.announced(s); !slices.Equal(got, []string{"svc-a"}) {
		t.Errorf("after cancelling svc-a's booking: announced %v", got)
	}

	if err := (Appointments{Pool: pool}).Create(ctx, appointment("svc-d", 0), nil); err != nil {
		t.Fatal(err)
	}
	if got := slots.announced(s); !slices.Equal(got, []string{"svc-d"}) {
		t.Errorf("after a booking in a transaction of its own: announced %v", got)
	}
}

// An announcement PostgreSQL refuses (a payload over its 8000 bytes) fails
// no booking: the booking is stored and the failure logged once, with the
// service.
func TestFailedAnnouncementIsLoggedAndTheBookingStands(t *testing.T) {
	pool := testkit.NewPool(t, "booking", Migrations, "migrations", 4)
	var logs strings.Builder
	// One transaction at a time: its announcement is sent before Create
	// returns, so the log is there to read (NewAppointments queues it).
	s := Appointments{Pool: pool, log: logging.New(&logs, "booking-svc", "info")}
	long := strings.Repeat("s", 9000) // compresses under the index's row limit
	if err := s.Create(context.Background(), appointment(long, 0), nil); err != nil {
		t.Fatalf("booking: %v", err)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments`); n != 1 {
		t.Fatalf("%d appointments stored, want 1", n)
	}
	lines := testkit.LogLines(t, logs.String())
	if len(lines) != 1 {
		t.Fatalf("%d log lines, want 1: %s", len(lines), logs.String())
	}
	l := lines[0]
	ids, _ := l["service_ids"].([]any)
	if l["level"] != "WARN" || l["err"] == nil || len(ids) != 1 || ids[0] != long {
		t.Errorf("log line %v: want a warning with the error and the service", l)
	}
}

func TestSlotPayloadsAreDedupedAndShort(t *testing.T) {
	if got := slotPayloads([]string{"b", "a", "b", "", "a"}); !slices.Equal(got, []string{"a,b"}) {
		t.Errorf("slotPayloads: %q, want [a,b]", got)
	}
	if got := slotPayloads(nil); got != nil {
		t.Errorf("slotPayloads(nil): %q", got)
	}
	var ids []string
	for i := range 1000 {
		ids = append(ids, strings.Repeat("0", 32)+time.Duration(i).String()) // about 36 bytes each
	}
	payloads := slotPayloads(ids)
	if len(payloads) < 2 {
		t.Fatalf("%d payloads for 1000 ids of about 36 bytes", len(payloads))
	}
	var back []string
	for _, p := range payloads {
		if len(p) > maxPayload {
			t.Errorf("payload of %d bytes, over %d", len(p), maxPayload)
		}
		back = append(back, strings.Split(p, ",")...)
	}
	if !slices.Equal(back, slices.Sorted(slices.Values(ids))) {
		t.Errorf("the payloads do not carry every id once")
	}
}
