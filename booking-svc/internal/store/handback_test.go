package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// countingHandBack records the most rows one UpcomingWith step read.
type countingHandBack struct {
	Appointments
	most, steps int
}

func (r *countingHandBack) UpcomingWith(ctx context.Context, providerID, staffID string, after time.Time, limit int) ([]booking.Appointment, error) {
	list, err := r.Appointments.UpcomingWith(ctx, providerID, staffID, after, limit)
	r.most, r.steps = max(r.most, len(list)), r.steps+1
	return list, err
}

// ownerNamed is a catalogue whose services list the provider's owner
// under the name the provider gave them.
type ownerNamed struct{ provider, name string }

func (o ownerNamed) Service(_ context.Context, id string) (booking.ServiceInfo, error) {
	return booking.ServiceInfo{ID: id, ProviderID: o.provider, Provider: "Smile Clinic",
		Staff: []booking.Member{{ID: identity.OwnerMemberID(o.provider), Name: o.name, IsOwner: true}}}, nil
}

func (ownerNamed) Staff(context.Context, []booking.ServiceInfo) (map[string][]booking.Member, error) {
	return nil, nil
}

// TestRemovedMembersAppointmentsGoBackToTheOwner: a member with 2,000
// past appointments and 250 upcoming ones is removed. Each step reads at
// most one batch (100); every upcoming one becomes the owner's with a
// "reassigned" event by the server that names the member but not their
// address (no more mail to them), one already reassigned 3 times this
// hour too; one at a time the owner is busy keeps no member (shown as the
// owner's); the past, the cancelled and another member's stay as they
// were; and the event handled again changes nothing.
func TestRemovedMembersAppointmentsGoBackToTheOwner(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 4, 30, 0, 0, time.UTC)
	const provider, history, upcoming = "p-handback", 2000, 250
	member, other, owner := uuid.NewString(), uuid.NewString(), identity.OwnerMemberID(provider)
	insert := `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider, location,
		customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label, status,
		version, created_at, updated_at, staff_id, staff_name, staff_email, ends_at)
		SELECT gen_random_uuid(), 'svc-handback', 'Dental', 'Healthcare & Wellness', $1, 'Smile Clinic', 'MG Road',
		'c-' || (n % 50), 'Asha', 'asha@example.com', '9876543210', 'Bengaluru', $2::timestamptz + n * interval '30 minutes', '09:00', $3,
		1, $2, $2, $5, 'Ravi', 'ravi@example.com', $2::timestamptz + n * interval '30 minutes' + interval '30 minutes'
		FROM generate_series(1, $4::int) AS n`
	for _, batch := range []struct {
		from   time.Time
		status string
		n      int
		staff  string
	}{
		{now.Add(-time.Duration(history+10) * 30 * time.Minute), booking.StatusCompleted, history, member},
		{now, booking.StatusScheduled, upcoming, member},
		{now.Add(time.Duration(upcoming+10) * 30 * time.Minute), booking.StatusCancelled, 3, member},
		{now, booking.StatusScheduled, 5, other},
	} {
		if _, err := pool.Exec(ctx, insert, provider, batch.from, batch.status, batch.n, batch.staff); err != nil {
			t.Fatal(err)
		}
	}
	// The owner's own appointment at the member's first slot, and the
	// member's second one already reassigned 3 times this hour.
	busy := now.Add(30 * time.Minute)
	if _, err := pool.Exec(ctx, `UPDATE appointments SET staff_id = $2, staff_name = 'Dr Rao', staff_email = ''
		WHERE provider_id = $1 AND staff_id = $3 AND starts_at = $4`, provider, owner, other, busy); err != nil {
		t.Fatal(err)
	}
	var spent string
	if err := pool.QueryRow(ctx, `SELECT id FROM appointments WHERE staff_id = $1 AND starts_at = $2`,
		member, now.Add(time.Hour)).Scan(&spent); err != nil {
		t.Fatal(err)
	}
	for i := range booking.ReassignsPerWindow {
		if _, err := pool.Exec(ctx, `INSERT INTO reassigns (appointment_id, reassigned_at) VALUES ($1, $2)`,
			spent, now.Add(-time.Duration(i+1)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}

	store := &countingHandBack{Appointments: s}
	h := booking.HandBack{Catalog: ownerNamed{provider, "Dr Rao"}, Store: store, Now: func() time.Time { return now }}
	n, err := h.MemberRemoved(ctx, provider, member)
	if err != nil || n != upcoming {
		t.Fatalf("handed back %d (%v), want %d", n, err, upcoming)
	}
	if store.most > 100 {
		t.Fatalf("a step read %d appointments, want at most 100", store.most)
	}

	var mine, owners, unassigned, past, cancelled, others int
	if err := pool.QueryRow(ctx, `SELECT
		count(*) FILTER (WHERE staff_id = $2 AND starts_at > $4 AND status = 'scheduled'),
		count(*) FILTER (WHERE staff_id = $3 AND staff_name = 'Dr Rao' AND starts_at <> $5),
		count(*) FILTER (WHERE staff_id IS NULL AND staff_name = 'Dr Rao' AND staff_email = '' AND status = 'scheduled'),
		count(*) FILTER (WHERE staff_id = $2 AND status = 'completed'),
		count(*) FILTER (WHERE staff_id = $2 AND status = 'cancelled'),
		count(*) FILTER (WHERE staff_id = $6)
		FROM appointments WHERE provider_id = $1`, provider, member, owner, now, busy, other).
		Scan(&mine, &owners, &unassigned, &past, &cancelled, &others); err != nil {
		t.Fatal(err)
	}
	if mine != 0 || owners != upcoming-1 || unassigned != 1 || past != history || cancelled != 3 || others != 4 {
		t.Fatalf("after the hand-back: %d still the member's, %d the owner's, %d with no member, %d past, %d cancelled, %d another's",
			mine, owners, unassigned, past, cancelled, others)
	}

	events := func() []*eventsv1.AppointmentEvent {
		t.Helper()
		rows, err := pool.Query(ctx, `SELECT payload FROM outbox ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []*eventsv1.AppointmentEvent
		for rows.Next() {
			var payload []byte
			if err := rows.Scan(&payload); err != nil {
				t.Fatal(err)
			}
			ev := &eventsv1.AppointmentEvent{}
			if err := proto.Unmarshal(payload, ev); err != nil {
				t.Fatal(err)
			}
			out = append(out, ev)
		}
		return out
	}
	written := events()
	if len(written) != upcoming {
		t.Fatalf("%d events, want one per appointment handed back", len(written))
	}
	for _, ev := range written {
		if ev.GetType() != booking.EventReassigned || ev.GetActorRole() != booking.ActorSystem ||
			ev.GetPreviousStaffId() != member || ev.GetPreviousStaffName() != "Ravi" || ev.GetPreviousStaffEmail() != "" ||
			ev.GetStaffName() != "Dr Rao" || ev.GetStaffEmail() != "" {
			t.Fatalf("event %+v", ev)
		}
	}

	// The event delivered again, and then once more: nothing changes.
	for range 2 {
		if n, err := h.MemberRemoved(ctx, provider, member); err != nil || n != 0 {
			t.Fatalf("handled again: handed back %d (%v), want 0", n, err)
		}
	}
	if again := events(); len(again) != upcoming {
		t.Fatalf("%d events after a replay, want %d", len(again), upcoming)
	}
}
