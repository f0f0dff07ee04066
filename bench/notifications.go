package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// NotificationLag books n appointments at about perSec on a caught-up
// system and measures booking commit → the provider's notification stored,
// from the two rows' timestamps (booking's created_at is stamped just before
// its insert transaction; the notification's created_at when notification-svc
// writes it). It bounds "event on the topic → notification stored" from
// above: the outbox relay's publication is inside it.
func (e *Env) NotificationLag(ctx context.Context, n int, perSec float64) (Latencies, error) {
	if !stacktest.Poll(ctx, 300*time.Second, func() bool {
		c, err := e.Count(ctx, `SELECT (SELECT count(*) FROM booking.appointments WHERE created_at > now() - interval '1 hour')
			- (SELECT count(DISTINCT appointment_id) FROM notification.notifications WHERE kind = 'new_booking' AND created_at > now() - interval '1 hour')`)
		return err == nil && c <= 0
	}) {
		return Latencies{}, fmt.Errorf("notification-svc did not catch up with the booking backlog within 300s")
	}
	ids, err := e.bookPaced(ctx, n, perSec)
	if err != nil {
		return Latencies{}, err
	}
	if !stacktest.Poll(ctx, 60*time.Second, func() bool {
		c, err := e.Count(ctx, `SELECT count(*) FROM notification.notifications WHERE kind = 'new_booking' AND appointment_id = ANY($1)`, ids)
		return err == nil && c == len(ids)
	}) {
		return Latencies{}, fmt.Errorf("not every booking made its provider's notification within 60s")
	}
	l, err := e.lags(ctx, `SELECT extract(epoch FROM n.created_at - b.created_at)::float8 FROM booking.appointments b
		JOIN notification.notifications n ON n.appointment_id = b.id::text AND n.kind = 'new_booking' WHERE n.appointment_id = ANY($1)`, ids)
	e.Logf("notification lag over %d bookings at %.0f/s: p50 %.1f ms, p99 %.1f ms, max %.1f ms", n, perSec, l.P50ms, l.P99ms, l.MaxMs)
	return l, err
}

// Mails checks, once every booking the bench made has been told, that each
// notification's email was sent (and received by the bench's SMTP server
// exactly once) or recorded as failed with a reason: none still queued after
// the drain, none lost.
func (e *Env) Mails(ctx context.Context, drain time.Duration) (Drill, error) {
	d := Drill{Name: "notification mails", Pass: true}
	t0 := time.Now()
	queued := -1
	stacktest.Poll(ctx, drain, func() bool {
		var err error
		queued, err = e.Count(ctx, `SELECT count(*) FROM notification.emails WHERE status = 'queued'`)
		return err == nil && queued == 0
	})
	took := time.Since(t0)
	count := func(sql string) int {
		n, err := e.Count(ctx, sql)
		if err != nil {
			d.fail("%s: %v", sql, err)
		}
		return n
	}
	total := count(`SELECT count(*) FROM notification.notifications`)
	sent := count(`SELECT count(*) FROM notification.emails WHERE status = 'sent'`)
	failed := count(`SELECT count(*) FROM notification.emails WHERE status = 'failed'`)
	off := count(`SELECT count(*) FROM notification.emails WHERE status = 'off'`)
	unexplained := count(`SELECT count(*) FROM notification.emails WHERE status = 'failed' AND error = ''`)
	received := map[string]int{}
	for _, m := range e.Mail.Mails() {
		received[m.Notification]++
	}
	twice := 0
	for _, c := range received {
		if c > 1 {
			twice++
		}
	}
	if queued != 0 {
		d.fail("%d emails still queued after %v", queued, drain)
	}
	if unexplained > 0 {
		d.fail("%d emails failed without a reason", unexplained)
	}
	if len(received) != sent {
		d.fail("%d notifications recorded as sent, %d received by the SMTP server", sent, len(received))
	}
	if twice > 0 {
		d.fail("%d notifications mailed more than once", twice)
	}
	if sent+failed+off != total {
		d.fail("%d notifications, %d sent + %d failed + %d off", total, sent, failed, off)
	}
	d.Figures = map[string]any{"notifications": total, "sent": sent, "failed": failed, "off": off, "queued": queued,
		"received": len(received), "mailedTwice": twice, "drainSeconds": round(took.Seconds())}
	d.Summary = fmt.Sprintf("%d notifications from the bench's bookings: %d mailed (each received once), %d failed with a reason, %d off, %d queued after %.1fs",
		total, sent, failed, off, queued, took.Seconds())
	return d, nil
}

// NotificationsAlone is -only notifications: the booking load of the
// throughput scenarios, then the notification lag (into r) and the mails
// drill, which also fails when the lag misses its target.
func (e *Env) NotificationsAlone(ctx context.Context, plan Plan, r *Report) (Drill, error) {
	if _, err := e.BookingThroughput(ctx, plan.BookingCounts, plan.Rounds, plan.Round, plan.BookingSlots); err != nil {
		return Drill{}, err
	}
	l, err := e.NotificationLag(ctx, plan.LagBookings, 20)
	if err != nil {
		return Drill{}, err
	}
	r.NotificationLag = &l
	d, err := e.Mails(ctx, 5*time.Minute)
	if err == nil && l.P99ms >= 100 {
		d.fail("notification lag p99 %.1f ms, the target is under 100 ms", l.P99ms)
	}
	return d, err
}
