package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// countingRepo records the most rows one UpcomingOf step read.
type countingRepo struct {
	Appointments
	most int
}

func (r *countingRepo) UpcomingOf(ctx context.Context, userID string, after time.Time, limit int) ([]booking.Appointment, error) {
	list, err := r.Appointments.UpcomingOf(ctx, userID, after, limit)
	r.most = max(r.most, len(list))
	return list, err
}

// finished records FinishClosing's calls.
type finished struct{ users []string }

func (f *finished) Contact(context.Context, string) (booking.Contact, error) {
	return booking.Contact{}, nil
}
func (f *finished) FinishClosing(_ context.Context, userID string) error {
	f.users = append(f.users, userID)
	return nil
}

// TestClosingAProviderWithALongHistory: a provider with 20,000 past
// appointments and 250 upcoming ones closes their account. Each step
// reads at most two batches (100 as customer, 100 as provider), every
// upcoming one is cancelled, the history is left as it was, auth-svc is
// told once, and the provider can be booked no more.
func TestClosingAProviderWithALongHistory(t *testing.T) {
	s, pool := newStore(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 4, 30, 0, 0, time.UTC)
	const provider, history, upcoming = "p-closing", 20000, 250
	insert := `INSERT INTO appointments (id, service_id, service_name, service_category, provider_id, provider, location,
		customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label, status,
		version, created_at, updated_at, staff_id, staff_name, ends_at)
		SELECT gen_random_uuid(), 'svc-closing', 'Dental', 'Healthcare & Wellness', $1, 'Smile Clinic', 'MG Road',
		'c-' || (n % 50), 'Asha', 'asha@example.com', '9876543210', 'Bengaluru', $2::timestamptz + n * interval '30 minutes', '09:00', $3,
		1, $2, $2, gen_random_uuid(), 'Member', $2::timestamptz + n * interval '30 minutes' + interval '30 minutes'
		FROM generate_series(1, $4::int) AS n`
	if _, err := pool.Exec(ctx, insert, provider, now.Add(-time.Duration(history+10)*30*time.Minute), booking.StatusCompleted, history); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, insert, provider, now, booking.StatusPending, upcoming); err != nil {
		t.Fatal(err)
	}

	repo := &countingRepo{Appointments: s}
	auth := &finished{}
	domain := booking.NewService(repo, nil, auth, time.UTC, func() time.Time { return now }, uuid.NewString, time.Hour)
	n, err := domain.CloseAccount(ctx, provider)
	if err != nil || n != upcoming {
		t.Fatalf("cancelled %d (%v), want %d", n, err, upcoming)
	}
	if repo.most > 200 {
		t.Fatalf("a step read %d appointments, want at most 200", repo.most)
	}
	if len(auth.users) != 1 || auth.users[0] != provider {
		t.Fatalf("auth-svc told %v", auth.users)
	}
	var holding, completed, closed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status IN ('pending', 'scheduled', 'confirmed')),
		count(*) FILTER (WHERE status = 'completed'),
		count(*) FILTER (WHERE status = 'cancelled' AND reason = $2 AND cancelled_by = 'provider')
		FROM appointments WHERE provider_id = $1`, provider, booking.ReasonProviderClosed).Scan(&holding, &completed, &closed); err != nil {
		t.Fatal(err)
	}
	if holding != 0 || completed != history || closed != upcoming {
		t.Fatalf("after the closing: %d holding, %d completed, %d cancelled for it", holding, completed, closed)
	}
	var events int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&events); err != nil || events != upcoming {
		t.Fatalf("%d events (%v), want one per cancellation", events, err)
	}

	a := appointment("svc-after", 1)
	a.ProviderID = provider
	if err := s.Create(ctx, a, nil); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("booked a closing provider: %v", err)
	}
	if closing, err := s.Closing(ctx, provider); err != nil || !closing {
		t.Fatalf("closing %v, %v", closing, err)
	}
}
