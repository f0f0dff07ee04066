package store

import (
	"context"
	"slices"
	"strings"
	"time"
)

// SlotsChannel is the PostgreSQL notification channel on which booking-svc
// announces the services whose booked slots changed, as their ids joined
// with "," (service ids are catalog UUIDs: no commas). internal/slotwatch
// listens to it and streams it to the gateways (WatchSlots in
// api/proto/slotwise/booking/v1/booking.proto), which drop those services'
// availability answers.
const SlotsChannel = "booking_slots"

// maxPayload keeps a notification under PostgreSQL's limit of 8000 bytes.
const maxPayload = 7900

// announceTimeout bounds an announcement. It runs after its booking
// committed, so it runs even when the caller has gone.
const announceTimeout = 5 * time.Second

// announceMax is the most services one announcement gathers.
const announceMax = 4096

// announceSQL sends each payload ($2) on the channel ($1) in a transaction
// of its own, after the change it announces committed, not by a trigger or
// NOTIFY in the booking's transaction: PostgreSQL serializes the commits of
// transactions that notify (one lock, held through their WAL flush), so
// notifying bookings would commit one at a time (measured with pgbench, 16
// clients, single-row inserts: 3,841 tps without a NOTIFY trigger, 1,043
// with one). With synchronous_commit off for this transaction alone, the
// announcement holds that lock without waiting for a flush: it writes no
// data whose loss a crash could make matter.
const announceSQL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, p) FROM unnest($2::text[]) AS p`

// announce tells the listeners on SlotsChannel that the booked slots of
// serviceIDs changed, once their change has committed. With
// NewAppointments it queues them and returns: one statement at a time
// carries what was queued meanwhile (the combiner of group_commit.go), so
// a booking's reply does not wait for it and a busy system sends one per
// several commits. Waiting cost a round trip per batch before the next
// could start: 16 clients booked 20 % fewer a second. The booker's own
// gateway drops its answer as the reply passes; the others hear within an
// announcement's round trip.
func (s Appointments) announce(serviceIDs []string) {
	if s.announcements == nil {
		s.sendAnnouncement(serviceIDs)
		return
	}
	for _, id := range serviceIDs {
		s.announcements.add(id)
	}
}

// sendAnnouncement sends serviceIDs on SlotsChannel. The change has
// committed, so a failure fails nothing: it is logged, and the gateways
// may then show those services' old availability until their answers'
// maximum age (a minute) passes, as without announcements.
func (s Appointments) sendAnnouncement(serviceIDs []string) {
	payloads := slotPayloads(serviceIDs)
	if len(payloads) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), announceTimeout)
	defer cancel()
	if _, err := s.Pool.Exec(ctx, announceSQL, SlotsChannel, payloads); err != nil {
		s.logger().WarnContext(ctx, "announcing changed slots failed: gateways may show these services' old availability for up to a minute",
			"err", err, "service_ids", serviceIDs)
	}
}

// slotPayloads is ids without repeats, joined with "," into payloads of at
// most maxPayload bytes (an id longer than that would go alone, and
// PostgreSQL refuse it).
func slotPayloads(ids []string) []string {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	var payloads []string
	var b strings.Builder
	for _, id := range ids {
		if id == "" {
			continue
		}
		if b.Len() > 0 && b.Len()+1+len(id) > maxPayload {
			payloads = append(payloads, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
	}
	if b.Len() > 0 {
		payloads = append(payloads, b.String())
	}
	return payloads
}
