package erasure

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"
)

// Every service keeps the ids of the users it erased in its own
// erased_users table (platform/postgres creates it in every schema), written
// in the erasure's first transaction (Handler; auth-svc in the one that
// deletes the account). It is what makes an erasure final: a token of an
// erased user is refused (Refuse) and a consumer that copies personal data
// from another service's event skips or blanks it for an erased user
// (Guard), whatever order the events arrive in
// (docs/adr/0064-erased-users-refused-and-never-copied-again.md).
//
// A consumer's check and the erasure's record serialise on one advisory
// lock per user: the record takes it exclusively, a copying consumer
// shared. Either the consumer's rows commit before the record (and the
// erasure, which runs after the record, finds and erases them), or the
// consumer waits for the record and sees it.

// Record marks users as erased in tx, under the exclusive lock.
func Record(ctx context.Context, tx pgx.Tx, users ...string) error {
	users = sorted(users)
	if len(users) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, lockStatement("pg_advisory_xact_lock"), users); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO erased_users (user_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, users)
	return err
}

const erasedSQL = `SELECT user_id FROM erased_users WHERE user_id = ANY($1::text[])`

// Guard is what a consumer that copies users' personal data calls first in
// the transaction that copies it: it takes the users' locks (shared) and
// returns which of them are erased, whose data the consumer must then skip
// or blank. The query runs after the locks are held, so under READ
// COMMITTED it sees a record that committed while it waited; both go in
// one round trip.
func Guard(ctx context.Context, tx pgx.Tx, users ...string) (map[string]bool, error) {
	users = sorted(users)
	erased := map[string]bool{}
	if len(users) == 0 {
		return erased, nil
	}
	b := &pgx.Batch{}
	b.Queue(lockStatement("pg_advisory_xact_lock_shared"), users)
	b.Queue(erasedSQL, users).Query(func(rows pgx.Rows) error {
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		for _, id := range ids {
			erased[id] = true
		}
		return err
	})
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return nil, err
	}
	return erased, nil
}

// QueueGuard is Guard's lock for a consumer that writes in one pipelined
// batch (one implicit transaction): queued before the batch's writes, whose
// own statements then test IsErased.
func QueueGuard(b *pgx.Batch, users ...string) {
	if users = sorted(users); len(users) > 0 {
		b.Queue(lockStatement("pg_advisory_xact_lock_shared"), users)
	}
}

// IsErased is the SQL condition "the user whose id is the placeholder p
// (e.g. "$4") is erased", for a statement queued after QueueGuard.
func IsErased(p string) string {
	return `EXISTS (SELECT 1 FROM erased_users WHERE user_id = ` + p + `)`
}

// lockStatement takes the per-user advisory lock with fn; $1 is the users,
// sorted, so two transactions locking several users cannot deadlock on the
// order (unnest yields them in order, the aggregate takes each in turn).
func lockStatement(fn string) string {
	return `SELECT count(` + fn + `(hashtextextended('erased-user:' || u, 0))) FROM unnest($1::text[]) AS u`
}

// sorted returns the distinct non-empty ids of users in order.
func sorted(users []string) []string {
	out := make([]string, 0, len(users))
	for _, u := range users {
		if u != "" {
			out = append(out, u)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
