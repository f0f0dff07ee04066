package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/postgres"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// hoursJSON is a member's week as staff_members.hours keeps it.
type hoursJSON struct {
	Weekday int    `json:"weekday"`
	From    string `json:"from"`
	To      string `json:"to"`
}

func encodeHours(h []catalog.WorkingHours) []byte {
	out := make([]hoursJSON, len(h))
	for i, w := range h {
		out[i] = hoursJSON(w)
	}
	raw, _ := json.Marshal(out)
	return raw
}

// staffSQL reads members not removed with their services and the closures
// ending on or after $2, owner first then by name; the caller adds the
// WHERE on m.
const staffSQL = `SELECT m.id::text, m.provider_id, m.name, m.email, m.is_owner, m.hours,
	coalesce((SELECT array_agg(ss.service_id::text ORDER BY ss.service_id) FROM staff_services ss
		JOIN services s ON s.id = ss.service_id AND s.deleted_at IS NULL WHERE ss.staff_id = m.id), '{}'),
	coalesce((SELECT json_agg(json_build_object('id', c.id::text, 'from', to_char(c.from_date, 'YYYY-MM-DD'),
		'to', to_char(c.to_date, 'YYYY-MM-DD'), 'note', c.note) ORDER BY c.from_date, c.to_date, c.id)
		FROM staff_closures c WHERE c.staff_id = m.id AND c.to_date >= $2::date), '[]')
	FROM staff_members m `

const staffOrder = ` ORDER BY m.is_owner DESC, m.name, m.id`

func (s Services) Staff(ctx context.Context, providerID, today string) ([]catalog.Member, error) {
	return scanStaff(s.Pool.Query(ctx, staffSQL+`WHERE m.provider_id = $1 AND m.removed_at IS NULL`+staffOrder, providerID, today))
}

func (s Services) ServiceStaff(ctx context.Context, serviceID, today string) ([]catalog.Member, error) {
	if !postgres.IsUUID(serviceID) {
		return []catalog.Member{}, nil
	}
	return scanStaff(s.Pool.Query(ctx, staffSQL+`WHERE m.removed_at IS NULL
		AND EXISTS (SELECT 1 FROM staff_services ss WHERE ss.staff_id = m.id AND ss.service_id = $1::uuid)`+staffOrder, serviceID, today))
}

// ServicesStaff reads the members performing any of serviceIDs in one
// query (off staff_services_by_service), each once.
func (s Services) ServicesStaff(ctx context.Context, serviceIDs []string, today string) ([]catalog.Member, error) {
	return scanStaff(s.Pool.Query(ctx, staffSQL+`WHERE m.removed_at IS NULL
		AND EXISTS (SELECT 1 FROM staff_services ss WHERE ss.staff_id = m.id AND ss.service_id = ANY($1::uuid[]))`+staffOrder,
		validUUIDs(serviceIDs), today))
}

// MemberProvider implements catalog.StaffRepository.
func (s Services) MemberProvider(ctx context.Context, id string) (string, error) {
	if !postgres.IsUUID(id) {
		return "", catalog.ErrNotFound
	}
	var providerID string
	err := s.Pool.QueryRow(ctx, `SELECT provider_id FROM staff_members WHERE id = $1::uuid AND removed_at IS NULL`, id).Scan(&providerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", catalog.ErrNotFound
	}
	return providerID, err
}

func scanStaff(rows pgx.Rows, err error) ([]catalog.Member, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []catalog.Member{}
	for rows.Next() {
		var m catalog.Member
		var hours, closures []byte
		if err := rows.Scan(&m.ID, &m.ProviderID, &m.Name, &m.Email, &m.IsOwner, &hours, &m.ServiceIDs, &closures); err != nil {
			return nil, err
		}
		var hs []hoursJSON
		if err := json.Unmarshal(hours, &hs); err != nil {
			return nil, err
		}
		m.Hours = make([]catalog.WorkingHours, len(hs))
		for i, h := range hs {
			m.Hours[i] = catalog.WorkingHours(h)
		}
		var cs []struct{ ID, From, To, Note string }
		if err := json.Unmarshal(closures, &cs); err != nil {
			return nil, err
		}
		m.Closures = make([]catalog.Closure, len(cs))
		for i, c := range cs {
			m.Closures[i] = catalog.Closure{ID: c.ID, From: c.From, To: c.To, Note: c.Note}
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// StaffRefs reads the performing members of a page of services in one
// query, off staff_services_by_service.
func (s Services) StaffRefs(ctx context.Context, serviceIDs []string) (map[string][]catalog.StaffRef, error) {
	rows, err := s.Pool.Query(ctx, `SELECT ss.service_id::text, m.id::text, m.name FROM staff_services ss
		JOIN staff_members m ON m.id = ss.staff_id AND m.removed_at IS NULL
		WHERE ss.service_id = ANY($1::uuid[])
		ORDER BY ss.service_id, m.is_owner DESC, m.name, m.id`, validUUIDs(serviceIDs))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]catalog.StaffRef{}
	for rows.Next() {
		var sid string
		var r catalog.StaffRef
		if err := rows.Scan(&sid, &r.ID, &r.Name); err != nil {
			return nil, err
		}
		out[sid] = append(out[sid], r)
	}
	return out, rows.Err()
}

func validUUIDs(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if postgres.IsUUID(id) {
			out = append(out, id)
		}
	}
	return out
}

// ensureOwner creates the provider's owner member when missing (a provider
// from before teams gets one from migration 008; a new one with the first
// service or member).
func ensureOwner(ctx context.Context, tx pgx.Tx, owner catalog.Member, at time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO staff_members (id, provider_id, name, email, is_owner, hours, created_at, updated_at)
		VALUES ($1, $2, $3, '', true, $4, $5, $5) ON CONFLICT DO NOTHING`,
		owner.ID, owner.ProviderID, owner.Name, encodeHours(owner.Hours), at)
	return err
}

// lockTeam serialises writes to one provider's team (the member count).
func lockTeam(ctx context.Context, tx pgx.Tx, providerID string) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('staff:' || $1, 0))`, providerID)
	return err
}

// setServices replaces the member's services, all of which must be the
// provider's and not deleted.
func setServices(ctx context.Context, tx pgx.Tx, m catalog.Member) error {
	valid := validUUIDs(m.ServiceIDs)
	if len(valid) != len(m.ServiceIDs) {
		return catalog.ErrUnknownService
	}
	var owned int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM services WHERE id = ANY($1::uuid[]) AND provider_id = $2 AND deleted_at IS NULL`,
		valid, m.ProviderID).Scan(&owned); err != nil {
		return err
	}
	if owned != len(valid) {
		return catalog.ErrUnknownService
	}
	if _, err := tx.Exec(ctx, `DELETE FROM staff_services WHERE staff_id = $1`, m.ID); err != nil {
		return err
	}
	// provider_id: PostgreSQL holds the pair to one business (migration 013).
	_, err := tx.Exec(ctx, `INSERT INTO staff_services (staff_id, service_id, provider_id) SELECT $1, unnest($2::uuid[]), $3`,
		m.ID, valid, m.ProviderID)
	return err
}

func (s Services) CreateMember(ctx context.Context, m catalog.Member, owner catalog.Member, max int, at time.Time) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := lockTeam(ctx, tx, m.ProviderID); err != nil {
			return err
		}
		if err := ensureOwner(ctx, tx, owner, at); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM staff_members WHERE provider_id = $1 AND removed_at IS NULL`,
			m.ProviderID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return catalog.ErrTooManyStaff
		}
		if _, err := tx.Exec(ctx, `INSERT INTO staff_members (id, provider_id, name, email, is_owner, hours, created_at, updated_at)
			VALUES ($1, $2, $3, $4, false, $5, $6, $6)`, m.ID, m.ProviderID, m.Name, m.Email, encodeHours(m.Hours), at); err != nil {
			return err
		}
		return setServices(ctx, tx, m)
	})
}

func (s Services) UpdateMember(ctx context.Context, m catalog.Member, at time.Time) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := lockTeam(ctx, tx, m.ProviderID); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE staff_members SET name = $3, email = $4, hours = $5, updated_at = $6
			WHERE id = $1 AND provider_id = $2 AND removed_at IS NULL`, m.ID, m.ProviderID, m.Name, m.Email, encodeHours(m.Hours), at)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return catalog.ErrNotFound
		}
		if err := keepsPerformers(ctx, tx, m.ID, m.Name, validUUIDs(m.ServiceIDs)); err != nil {
			return err
		}
		return setServices(ctx, tx, m)
	})
}

func (s Services) RemoveMember(ctx context.Context, providerID, id string, at time.Time) error {
	if !postgres.IsUUID(id) {
		return catalog.ErrNotFound
	}
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := lockTeam(ctx, tx, providerID); err != nil {
			return err
		}
		var owner bool
		var name string
		err := tx.QueryRow(ctx, `SELECT is_owner, name FROM staff_members WHERE id = $1 AND provider_id = $2 AND removed_at IS NULL`,
			id, providerID).Scan(&owner, &name)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return catalog.ErrNotFound
		case err != nil:
			return err
		case owner:
			return catalog.ErrOwner
		}
		if err := keepsPerformers(ctx, tx, id, name, nil); err != nil {
			return err
		}
		if _, err = tx.Exec(ctx, `UPDATE staff_members SET removed_at = $3, updated_at = $3 WHERE id = $1 AND provider_id = $2`,
			id, providerID, at); err != nil {
			return err
		}
		// booking-svc hands the member's upcoming appointments back to the
		// owner (docs/product.md#team-members): told by an event, as
		// catalog-svc never calls booking-svc.
		return outbox.Write(ctx, tx, topics.Services, providerID, memberRemovedEvent(providerID, id, at))
	})
	if err == nil && s.Kick != nil {
		s.Kick()
	}
	return err
}

// keepsPerformers refuses (*LastPerformerError) when member id, named
// name, is the only member not removed performing one of their services
// (not deleted) outside keep: keep nil is removing them. The caller holds
// the team's lock.
func keepsPerformers(ctx context.Context, tx pgx.Tx, id, name string, keep []string) error {
	rows, err := tx.Query(ctx, `SELECT s.name FROM staff_services ss
		JOIN services s ON s.id = ss.service_id AND s.deleted_at IS NULL
		WHERE ss.staff_id = $1 AND NOT (ss.service_id = ANY(coalesce($2::uuid[], '{}')))
		AND NOT EXISTS (SELECT 1 FROM staff_services o JOIN staff_members om ON om.id = o.staff_id AND om.removed_at IS NULL
			WHERE o.service_id = ss.service_id AND o.staff_id <> $1)
		ORDER BY s.name, s.id`, id, keep)
	if err != nil {
		return err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(names) == 0 {
		return err
	}
	return &catalog.LastPerformerError{Member: name, Services: names}
}

func (s Services) AddMemberClosure(ctx context.Context, providerID, memberID string, c catalog.Closure, today string, max int, at time.Time) error {
	return s.memberScheduleWrite(ctx, providerID, memberID, at, func(tx pgx.Tx) error {
		var ahead int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM staff_closures WHERE staff_id = $1 AND to_date >= $2::date`,
			memberID, today).Scan(&ahead); err != nil {
			return err
		}
		if ahead >= max {
			return catalog.ErrTooManyClosures
		}
		_, err := tx.Exec(ctx, `INSERT INTO staff_closures (id, staff_id, provider_id, from_date, to_date, note, created_at)
			VALUES ($1, $2, $3, $4::date, $5::date, $6, $7)`, c.ID, memberID, providerID, c.From, c.To, c.Note, at)
		return err
	})
}

func (s Services) DeleteMemberClosure(ctx context.Context, providerID, memberID, closureID string, at time.Time) error {
	if !postgres.IsUUID(closureID) || !postgres.IsUUID(memberID) {
		return catalog.ErrNotFound
	}
	return s.memberScheduleWrite(ctx, providerID, memberID, at, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM staff_closures WHERE id = $1 AND staff_id = $2 AND provider_id = $3`,
			closureID, memberID, providerID)
		if err == nil && tag.RowsAffected() == 0 {
			err = catalog.ErrNotFound
		}
		return err
	})
}

// memberScheduleWrite is scheduleWrite for a member's days off: the
// provider's services all get a "schedule" event, so booking-svc tells the
// customers booked with the member on a day now closed (its closed-day
// notices read the member's closures with the service's).
func (s Services) memberScheduleWrite(ctx context.Context, providerID, memberID string, at time.Time, change func(tx pgx.Tx) error) error {
	if !postgres.IsUUID(memberID) {
		return catalog.ErrNotFound
	}
	return s.scheduleWrite(ctx, providerID, at, func(tx pgx.Tx) error {
		var found bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM staff_members WHERE id = $1 AND provider_id = $2 AND removed_at IS NULL)`,
			memberID, providerID).Scan(&found); err != nil {
			return err
		}
		if !found {
			return catalog.ErrNotFound
		}
		return change(tx)
	})
}
