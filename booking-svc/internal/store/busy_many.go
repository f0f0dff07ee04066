package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// BusyMany is Busy for a listing page in one query, off
// appointments_live_by_provider (migration 013), with the same predicate: the active
// appointments of the page's providers holding any of their members. A
// member id is one provider's (catalog-svc's ids; the owner's is derived
// from the provider), so one list of ids serves every provider. End is
// left zero where it is not known yet (booked before teams): the domain
// gives it the length of the service it asks about, as Busy's fallback.
func (s Appointments) BusyMany(ctx context.Context, staffIDs map[string][]string, from, to time.Time) (map[string][]booking.Busy, error) {
	providers := make([]string, 0, len(staffIDs))
	var members []string
	for p, ids := range staffIDs {
		providers = append(providers, p)
		members = append(members, ids...)
	}
	rows, err := s.Pool.Query(ctx, `SELECT provider_id, id::text, `+staffIs+`::text, service_id, starts_at, ends_at
		FROM appointments
		WHERE provider_id = ANY($1) AND starts_at >= $2 AND starts_at < $3 AND status NOT IN ('cancelled', 'rejected')
		AND `+staffIs+` = ANY($4::uuid[])`, providers, from, to, validMembers(members))
	if err != nil {
		return nil, err
	}
	out := map[string][]booking.Busy{}
	var provider string
	var ends *time.Time
	var b booking.Busy
	_, err = pgx.ForEachRow(rows, []any{&provider, &b.AppointmentID, &b.StaffID, &b.ServiceID, &b.Start, &ends}, func() error {
		b.End = time.Time{}
		if ends != nil {
			b.End = *ends
		}
		out[provider] = append(out[provider], b)
		return nil
	})
	return out, err
}

// validMembers keeps the ids that are UUIDs (catalog-svc's members all
// are): anything else would fail the whole page's cast.
func validMembers(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if uuid.Validate(id) == nil {
			out = append(out, id)
		}
	}
	return out
}
