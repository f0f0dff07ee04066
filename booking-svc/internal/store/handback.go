package store

import (
	"context"
	"time"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// UpcomingWith implements booking.HandBackStore: one range scan of the
// member's appointments (appointments_page_by_member, whose member
// expression it repeats), stopped at limit, so a step reads at most limit
// rows whatever the member's history.
func (s Appointments) UpcomingWith(ctx context.Context, providerID, staffID string, after time.Time, limit int) ([]booking.Appointment, error) {
	return s.list(ctx, selectAppointment+`WHERE provider_id = $1
		AND coalesce(staff_id, md5('owner:' || provider_id)::uuid) = $2::uuid
		AND starts_at > $3 AND status IN ('pending', 'scheduled', 'confirmed')
		ORDER BY starts_at, id LIMIT $4`, providerID, staffID, after, limit)
}
