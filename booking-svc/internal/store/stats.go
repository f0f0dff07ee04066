package store

import (
	"context"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// Stats counts every appointment, the completed ones, and those that took
// place or were missed.
func (s Appointments) Stats(ctx context.Context) (booking.Stats, error) {
	var st booking.Stats
	err := s.Pool.QueryRow(ctx, `SELECT count(*),
		count(*) FILTER (WHERE status = $1),
		count(*) FILTER (WHERE status IN ($1, $2)) FROM appointments`,
		booking.StatusCompleted, booking.StatusNoShow).Scan(&st.Bookings, &st.Completed, &st.Ended)
	return st, err
}
