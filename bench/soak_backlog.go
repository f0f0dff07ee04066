package bench

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// backlogApp names the backlog writer's connection, which the soak's CPU
// sample leaves out: it is history written fast, not work the system does
// for a request.
const backlogApp = "soak-backlog"

// writeBacklog adds perSecond cancelled appointments every second to the
// slots the soak's clients book (the instants of the service's first
// bookings), as weeks of booking and cancelling there would have left
// them, until ctx ends. It makes a short run see what a read that walks
// cancelled rows costs after a long one; rows it writes carry customer
// "backlog" and publish no event.
func (e *Env) writeBacklog(ctx context.Context, serviceID string, slots, perSecond int) {
	cfg, err := pgx.ParseConfig(e.DB.Config().ConnConfig.ConnString())
	if err != nil {
		e.Logf("soak backlog: %v", err)
		return
	}
	cfg.RuntimeParams["application_name"] = backlogApp
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		e.Logf("soak backlog: %v", err)
		return
	}
	defer conn.Close(context.WithoutCancel(ctx))
	t := time.NewTicker(time.Second)
	defer t.Stop()
	var at []time.Time
	var provider, staff string
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if len(at) < slots {
			at = at[:0]
			rows, err := conn.Query(ctx, `SELECT DISTINCT starts_at, provider_id, staff_id::text FROM booking.appointments WHERE service_id = $1`, serviceID)
			if err != nil {
				continue
			}
			for rows.Next() {
				var s time.Time
				if rows.Scan(&s, &provider, &staff) == nil {
					at = append(at, s)
				}
			}
			rows.Close()
			if len(at) < slots {
				continue // not every client has booked yet
			}
		}
		if _, err := conn.Exec(ctx, `INSERT INTO booking.appointments (id, service_id, service_name, service_category, provider_id,
			provider, location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
			status, version, created_at, updated_at, staff_id, ends_at, cancelled_by)
			SELECT gen_random_uuid(), $1, 'Soak', '', $2, '', '', 'backlog', '', '', '', '', s, '',
				'cancelled', 2, now(), now(), $3::uuid, s + interval '30 minutes', 'customer'
			FROM unnest($4::timestamptz[]) s, generate_series(1, $5::int) g`,
			serviceID, provider, staff, at, max(perSecond/len(at), 1)); err != nil && ctx.Err() == nil {
			e.Logf("soak backlog: %v", err)
		}
	}
}
