package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/postgres"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Schedules reads the queues and the closures ending on or after today of
// providerIDs, in one query whatever their number (a single service's
// read is every availability answer's catalog lookup): a row per closure,
// or one without a closure, each with the provider's queue (none stored:
// open).
func (s Services) Schedules(ctx context.Context, providerIDs []string, today string) (map[string]catalog.Schedule, error) {
	rows, err := s.Pool.Query(ctx, `SELECT p.provider_id, q.queue_open, c.id::text, to_char(c.from_date, 'YYYY-MM-DD'),
		to_char(c.to_date, 'YYYY-MM-DD'), c.note
		FROM unnest($1::text[]) AS p(provider_id)
		LEFT JOIN provider_queues q ON q.provider_id = p.provider_id
		LEFT JOIN closures c ON c.provider_id = p.provider_id AND c.to_date >= $2::date
		ORDER BY c.from_date, c.to_date, c.id`, providerIDs, today)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]catalog.Schedule{}
	for rows.Next() {
		var provider string
		var open *bool
		var id, from, to, note *string
		if err := rows.Scan(&provider, &open, &id, &from, &to, &note); err != nil {
			return nil, err
		}
		sc, seen := out[provider]
		if !seen {
			sc = catalog.OpenSchedule()
			if open != nil {
				sc.QueueOpen = *open
			}
		}
		if id != nil {
			sc.Closures = append(sc.Closures, catalog.Closure{ID: *id, From: *from, To: *to, Note: *note})
		}
		out[provider] = sc
	}
	return out, rows.Err()
}

func (s Services) SetQueue(ctx context.Context, providerID string, open bool, at time.Time) error {
	return s.scheduleWrite(ctx, providerID, at, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO provider_queues (provider_id, queue_open, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (provider_id) DO UPDATE SET queue_open = EXCLUDED.queue_open, updated_at = EXCLUDED.updated_at`,
			providerID, open, at)
		return err
	})
}

func (s Services) AddClosure(ctx context.Context, providerID string, c catalog.Closure, today string, max int, at time.Time) error {
	return s.scheduleWrite(ctx, providerID, at, func(tx pgx.Tx) error {
		var ahead int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM closures WHERE provider_id = $1 AND to_date >= $2::date`,
			providerID, today).Scan(&ahead); err != nil {
			return err
		}
		if ahead >= max {
			return catalog.ErrTooManyClosures
		}
		_, err := tx.Exec(ctx, `INSERT INTO closures (id, provider_id, from_date, to_date, note, created_at)
			VALUES ($1, $2, $3::date, $4::date, $5, $6)`, c.ID, providerID, c.From, c.To, c.Note, at)
		return err
	})
}

func (s Services) DeleteClosure(ctx context.Context, providerID, id string, at time.Time) error {
	if !postgres.IsUUID(id) {
		return catalog.ErrNotFound
	}
	return s.scheduleWrite(ctx, providerID, at, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM closures WHERE id = $1 AND provider_id = $2`, id, providerID)
		if err == nil && tag.RowsAffected() == 0 {
			err = catalog.ErrNotFound
		}
		return err
	})
}

// scheduleWrite runs change under the provider's lock (so two closures
// cannot both pass the count) with a "schedule" event for each of the
// provider's services, and wakes the relay after the commit.
func (s Services) scheduleWrite(ctx context.Context, providerID string, at time.Time, change func(tx pgx.Tx) error) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('schedule:' || $1, 0))`, providerID); err != nil {
			return err
		}
		if err := change(tx); err != nil {
			return err
		}
		list, err := scanAll(tx.Query(ctx, `SELECT `+columns+` FROM services WHERE provider_id = $1 AND deleted_at IS NULL`, providerID))
		if err != nil {
			return err
		}
		for _, o := range list {
			o.UpdatedAt = at
			if err := outbox.Write(ctx, tx, topics.Services, o.ID, serviceEvent(o, EventSchedule)); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && s.Kick != nil {
		s.Kick()
	}
	return err
}
