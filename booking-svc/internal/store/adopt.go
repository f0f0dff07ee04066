package store

import (
	"context"
	"time"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Unadopted reads appointments from before teams (booking/legacy.go) still
// to adopt, oldest booking first.
func (s Appointments) Unadopted(ctx context.Context, from time.Time, limit int) ([]booking.Appointment, error) {
	return s.list(ctx, selectAppointment+`WHERE staff_id IS NULL AND ends_at IS NULL AND starts_at >= $1
		AND status NOT IN ('cancelled', 'rejected') ORDER BY created_at, id LIMIT $2`, from, limit)
}

// Adopt gives a the owner and its end; when the exclusion constraint
// refuses (the owner holds an overlapping appointment) it sets only the
// end. Each is one statement: no event (nothing the customer sees changes,
// the owner was already shown).
func (s Appointments) Adopt(ctx context.Context, a booking.Appointment, end time.Time) (bool, error) {
	_, err := s.Pool.Exec(ctx, `UPDATE appointments SET staff_id = `+staffIs+`, staff_name = provider, ends_at = $2
		WHERE id = $1 AND staff_id IS NULL AND ends_at IS NULL`, a.ID, end)
	if constraintViolated(err, staffOverlap) {
		_, err = s.Pool.Exec(ctx, `UPDATE appointments SET ends_at = $2 WHERE id = $1 AND staff_id IS NULL AND ends_at IS NULL`, a.ID, end)
		return false, err
	}
	return err == nil, err
}
