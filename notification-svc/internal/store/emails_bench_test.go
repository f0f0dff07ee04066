package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/identity"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// BenchmarkEmailLifecycle is a booking's email from its event to its record,
// in the postman's batches: a batch of new bookings applied in one
// transaction (each makes the provider's notification and queues its email),
// the batch claimed, then recorded as sent. It reports the time and the
// WAL (PostgreSQL's write-ahead log, which every commit waits to flush) per
// email; the WAL is counted across the whole database, so run it alone.
func BenchmarkEmailLifecycle(b *testing.B) {
	const batch = 48
	pool := openPool(b)
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)}
	effects := Effects{Pool: pool, Now: c.Now, NewID: uuid.NewString}
	emails := Emails{Pool: pool}
	n := 0
	walAt := func() (lsn int64) {
		b.Helper()
		if err := pool.QueryRow(ctx, `SELECT pg_current_wal_lsn() - '0/0'`).Scan(&lsn); err != nil {
			b.Fatal(err)
		}
		return lsn
	}
	wal0 := walAt()
	for b.Loop() {
		batchOf := make([]Effect, batch)
		for i := range batchOf {
			n++
			batchOf[i] = effectOf(appt(fmt.Sprintf("a%d", n), 1, notification.EventCreated, "", notification.StatusPending, identity.RoleCustomer))
		}
		if err := effects.Apply(ctx, "appointments", batchOf); err != nil {
			b.Fatal(err)
		}
		claimed, err := emails.Claim(ctx, c.Now(), batch, time.Minute)
		if err != nil || len(claimed) != batch {
			b.Fatalf("claimed %d of %d: %v", len(claimed), batch, err)
		}
		ids := make([]string, len(claimed))
		for i, d := range claimed {
			ids[i] = d.Notification.ID
		}
		if err := emails.SentAll(ctx, ids, c.Now()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/email")
	b.ReportMetric(float64(walAt()-wal0)/float64(n), "WAL-B/email")
}
