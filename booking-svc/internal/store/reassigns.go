package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/booking-svc/internal/booking"
)

// spendReassign counts a reassignment of appointment id at now against its
// budget (booking.CheckReassignBudget), refusing it when spent. The caller
// holds the appointment's row lock, so concurrent reassignments of it on
// any replica count one after another.
func spendReassign(ctx context.Context, tx pgx.Tx, id string, now time.Time) error {
	if _, err := tx.Exec(ctx, `DELETE FROM reassigns WHERE appointment_id = $1 AND reassigned_at <= $2`,
		id, now.Add(-booking.ReassignWindow)); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT reassigned_at FROM reassigns WHERE appointment_id = $1 ORDER BY reassigned_at`, id)
	if err != nil {
		return err
	}
	earlier, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	if err != nil {
		return err
	}
	if err := booking.CheckReassignBudget(earlier, now); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO reassigns (appointment_id, reassigned_at) VALUES ($1, $2)`, id, now)
	return err
}
