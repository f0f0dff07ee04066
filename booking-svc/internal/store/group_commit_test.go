package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/testkit"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// These tests run group commit against a real PostgreSQL: a booking's
// outcome must be what it would have been in a transaction of its own.

func newStore(t *testing.T) (Appointments, *pgxpool.Pool) {
	pool := testkit.NewPool(t, "booking", Migrations, "migrations", 8)
	return NewAppointments(pool, nil, noop.NewTracerProvider()), pool
}

var start = time.Date(2026, 12, 1, 3, 30, 0, 0, time.UTC)

func appointment(service string, slot int) booking.Appointment {
	now := time.Now().UTC()
	return booking.Appointment{ID: uuid.NewString(), ServiceID: service, ServiceName: "Dental check-up", ServiceCategory: "Healthcare & Wellness",
		ProviderID: "p1", Provider: "Smile Clinic", Location: "12 MG Road", CustomerID: "c1", CustomerName: "Asha Rao",
		CustomerEmail: "asha@example.com", CustomerPhone: "9876543210", CustomerAddress: "Bengaluru",
		StartsAt: start.Add(time.Duration(slot) * 30 * time.Minute), Time: "09:00", Status: booking.StatusPending,
		Version: 1, CreatedAt: now, UpdatedAt: now,
		// The provider's owner, for the slot's 30 minutes.
		StaffID: identity.OwnerMemberID("p1"), StaffName: "Smile Clinic", EndsAt: start.Add(time.Duration(slot+1) * 30 * time.Minute)}
}

// Many concurrent bookings, ten per slot: exactly one per slot is stored,
// with exactly one event; every other gets ErrSlotTaken; batches did form.
func TestGroupCommitOneBookingPerSlot(t *testing.T) {
	s, pool := newStore(t)
	const slots, perSlot = 40, 10
	var mu sync.Mutex
	ok, taken := map[int]int{}, 0
	var wg sync.WaitGroup
	for i := range slots * perSlot {
		wg.Go(func() {
			err := s.Create(context.Background(), appointment("svc-1", i%slots), nil)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok[i%slots]++
			case errors.Is(err, booking.ErrSlotTaken):
				taken++
			default:
				t.Errorf("booking %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	for slot := range slots {
		if ok[slot] != 1 {
			t.Errorf("slot %d booked %d times", slot, ok[slot])
		}
	}
	if taken != slots*(perSlot-1) {
		t.Errorf("%d refused, want %d", taken, slots*(perSlot-1))
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments`); n != slots {
		t.Errorf("%d appointments stored, want %d", n, slots)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM outbox o JOIN appointments a ON a.id::text = o.key`); n != slots {
		t.Errorf("%d events for stored appointments, want %d", n, slots)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM outbox`); n != slots {
		t.Errorf("%d events in all, want %d", n, slots)
	}
}

// One batch, run directly: a booking PostgreSQL refuses (a status the CHECK
// forbids) fails alone; the rest of its batch is settled one by one and
// booked.
func TestGroupCommitRefusedBatchIsSettledOneByOne(t *testing.T) {
	s, pool := newStore(t)
	var calls []*createCall
	for i := range 5 {
		a := appointment("svc-2", i)
		if i == 2 {
			a.Status = "bogus"
		}
		calls = append(calls, newCall(t, context.Background(), a))
	}
	calls = append(calls, newCall(t, context.Background(), appointment("svc-2", 0)))
	s.createBatch(calls)
	for i, c := range calls {
		err := <-c.done
		switch {
		case i == 2:
			if err == nil {
				t.Errorf("the bogus booking was stored")
			}
		case i == 5:
			if !errors.Is(err, booking.ErrSlotTaken) {
				t.Errorf("second booking of slot 0: %v, want ErrSlotTaken", err)
			}
		case err != nil:
			t.Errorf("booking %d: %v", i, err)
		}
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments`); n != 4 {
		t.Errorf("%d appointments stored, want 4", n)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM outbox`); n != 4 {
		t.Errorf("%d events, want 4", n)
	}
}

// Keyed bookings: the record is stored with its booking; a keyed booking of a
// held slot leaves no record (a retry is decided afresh); concurrent requests
// with one key store one booking and the others see the key as used.
func TestGroupCommitIdempotencyRecords(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	keyed := func(a booking.Appointment, key string) *booking.IdempotencyRecord {
		return &booking.IdempotencyRecord{CustomerID: a.CustomerID, Key: key, RequestHash: "h-" + key, Appointment: a, CreatedAt: a.CreatedAt}
	}
	first := appointment("svc-3", 0)
	if err := s.Create(ctx, first, keyed(first, "k1")); err != nil {
		t.Fatal(err)
	}
	rec, err := s.Idempotent(ctx, first.CustomerID, "k1", time.Now().Add(-time.Hour))
	if err != nil || rec.Appointment.ID != first.ID || rec.RequestHash != "h-k1" {
		t.Fatalf("record of k1: %+v, %v", rec, err)
	}

	clash := appointment("svc-3", 0)
	if err := s.Create(ctx, clash, keyed(clash, "k2")); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("keyed booking of a held slot: %v, want ErrSlotTaken", err)
	}
	if _, err := s.Idempotent(ctx, clash.CustomerID, "k2", time.Now().Add(-time.Hour)); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("a refused keyed booking left a record: %v", err)
	}

	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			a := appointment("svc-3", 10+i)
			errs[i] = s.Create(ctx, a, keyed(a, "k3"))
		})
	}
	wg.Wait()
	stored := 0
	for i, err := range errs {
		switch {
		case err == nil:
			stored++
		case !errors.Is(err, booking.ErrIdempotencyKeyUsed):
			t.Errorf("request %d with key k3: %v", i, err)
		}
	}
	if stored != 1 {
		t.Errorf("%d bookings stored under one key, want 1", stored)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments WHERE starts_at >= $1`, start.Add(10*30*time.Minute)); n != 1 {
		t.Errorf("%d appointments from the k3 requests, want 1", n)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM idempotency_keys`); n != 2 {
		t.Errorf("%d idempotency records, want 2 (k1, k3)", n)
	}
}

// A call whose caller has gone is dropped before its batch runs.
func TestGroupCommitSkipsCancelledCalls(t *testing.T) {
	s, pool := newStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gone := newCall(t, ctx, appointment("svc-4", 0))
	s.createBatch([]*createCall{gone})
	if err := <-gone.done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call: %v", err)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM appointments`); n != 0 {
		t.Fatalf("%d appointments stored for a cancelled call", n)
	}
}

func newCall(t *testing.T, ctx context.Context, a booking.Appointment) *createCall {
	t.Helper()
	call, err := newCreateCall(ctx, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	return call
}
