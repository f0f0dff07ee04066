package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/inbox"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/postgres"

	"github.com/slotwise/slotwise/catalog-svc/internal/catalog"
)

// Services implements catalog.Repository.
type Services struct {
	Pool *pgxpool.Pool
	// Kick wakes the outbox relay after a commit (nil: wait for its poll).
	Kick func()
}

// columns are read as the domain wants them; id is cast to text, so ORDER BY
// must say services.id (a bare "id" would sort the text output column and
// miss the indexes).
const columns = `id::text, provider_id, name, category, category_key, description, price::float8, duration,
	provider, location, contact, image_url, icon, time_slots, is_active, rating_sum, total_reviews, created_at, updated_at,
	min_notice_minutes, buffer_minutes`

func (s Services) Create(ctx context.Context, o catalog.Offering) error {
	return s.write(ctx, func(tx pgx.Tx) (catalog.Offering, error) {
		_, err := tx.Exec(ctx, `INSERT INTO services (id, provider_id, name, category, category_key, description, price,
			duration, provider, location, contact, image_url, icon, time_slots, is_active, created_at, updated_at, min_notice_minutes,
			buffer_minutes)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)`,
			o.ID, o.ProviderID, o.Name, o.Category, o.CategoryKey, o.Description, o.Price, o.Duration, o.Provider,
			o.Location, o.Contact, o.ImageURL, o.Icon, o.TimeSlots, o.IsActive, o.CreatedAt, o.UpdatedAt, o.MinNotice, o.Buffer)
		if err != nil {
			return o, err
		}
		// A new service is performed by the owner (created with the
		// provider's first service).
		owner := catalog.Owner(o.ProviderID, o.Provider)
		if err := ensureOwner(ctx, tx, owner, o.CreatedAt); err != nil {
			return o, err
		}
		_, err = tx.Exec(ctx, `INSERT INTO staff_services (staff_id, service_id, provider_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
			owner.ID, o.ID, o.ProviderID)
		return o, err
	}, EventCreated)
}

func (s Services) Get(ctx context.Context, id string) (catalog.Offering, error) {
	if !postgres.IsUUID(id) {
		return catalog.Offering{}, catalog.ErrNotFound
	}
	return scanOne(s.Pool.QueryRow(ctx, `SELECT `+columns+` FROM services WHERE id = $1 AND deleted_at IS NULL`, id))
}

// List reads one page of active services and how many match, counted up
// to SearchCap (TotalCapped past it): counting a whole category of 10,000
// services was nine tenths of a deep page's query, and nobody pages through
// a thousand. Each filter maps onto a partial index (001_init.sql: category
// key, trigram on name; 003_search_prefixes.sql: the search document).
func (s Services) List(ctx context.Context, f catalog.Filter) (catalog.Page, error) {
	sql, args := listSQL(f)
	args = plannedForWords(f, args)
	page := catalog.Page{Services: []catalog.Offering{}}
	rows, err := s.Pool.Query(ctx, sql, args...)
	if err != nil {
		return catalog.Page{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var total int
		o, err := scan(rows, &total)
		if err != nil {
			return catalog.Page{}, err
		}
		page.Services, page.Total = append(page.Services, o), total
	}
	if err := rows.Err(); err != nil {
		return catalog.Page{}, err
	}
	if len(page.Services) == 0 && f.Offset > 0 {
		// Past the last page the count has no row to ride on.
		sql, args := countSQL(f)
		err = s.Pool.QueryRow(ctx, sql, plannedForWords(f, args)...).Scan(&page.Total)
	}
	page.TotalCapped = page.Total >= SearchCap
	return page, err
}

// plannedForWords has a search planned for its words every time: a cached
// statement turns to PostgreSQL's generic plan after five runs, which
// cannot know whether a word is common (walk the newest services) or rare
// (read the search index), and took 30–240 ms where the plan made for the
// words takes 5–25 (docs/adr/0014-full-text-search.md). Other listings keep their
// cached statements: their plan is the same for every value.
func plannedForWords(f catalog.Filter, args []any) []any {
	if len(f.Search) == 0 {
		return args
	}
	return append([]any{pgx.QueryExecModeExec}, args...)
}

// listSQL is List's query (the benchmark EXPLAINs it). The page's ids come
// first, off an index alone (no heap visits for the rows an OFFSET skips);
// only the page's rows are then read in full. The capped match count
// (countSQL, the same parameters) rides on each row of the page.
//
// A search ranks only its newest SearchCap matches
// (docs/adr/0014-full-text-search.md): ranking every match visited every
// matching row — 17,778 of 100,000 services for one common word — while the newest SearchCap come
// off the listing index, newest first, stopping as soon as that many
// matched (a rare word's few matches come off the search index instead).
func listSQL(f catalog.Filter) (string, []any) {
	order := `created_at DESC, id DESC`
	what := `id AS page_id, created_at AS page_at, ` + rankExpr(f) + ` AS rank`
	page, args := matchSQL(f, what)
	count, _ := countSQL(f)
	total := `(` + count + `)`
	if len(f.Search) > 0 {
		// The newest SearchCap matches are at hand: counted as they are ranked.
		order, total = `rank DESC, page_at DESC, page_id DESC`, `page.total`
		page, args = matchSQL(f, `id, created_at, search`)
		page = `SELECT ` + what + `, count(*) OVER () AS total FROM (` + page +
			` ORDER BY created_at DESC, id DESC LIMIT ` + strconv.Itoa(SearchCap) + `) newest`
	}
	args = append(args, f.Limit, f.Offset)
	page += ` ORDER BY ` + order + ` LIMIT $` + strconv.Itoa(len(args)-1) + ` OFFSET $` + strconv.Itoa(len(args))
	return `SELECT ` + columns + `, ` + total + ` FROM services JOIN (` + page + `) page ON services.id = page.page_id
		ORDER BY page.rank DESC, page.page_at DESC, page.page_id DESC`, args
}

// SearchCap is how many matches a listing counts, and a search ranks: the
// newest. Nobody pages through a thousand results; past that, a listing is
// refined.
const SearchCap = 1000

// countSQL counts what List's query pages through, at most SearchCap.
func countSQL(f catalog.Filter) (string, []any) {
	sql, args := matchSQL(f, "1")
	return `SELECT count(*) FROM (` + sql + ` LIMIT ` + strconv.Itoa(SearchCap) + `) capped`, args
}

// rankExpr scores a search match: ts_rank over the weighted document
// (a name word counts more than a description word); 0 without a search.
func rankExpr(f catalog.Filter) string {
	if len(f.Search) == 0 {
		return `0::real`
	}
	return `ts_rank(search, ` + tsQuery(len(f.Search)) + `)`
}

// matchSQL selects what over the services a listing with f matches. With a
// search, its words are always $1… (tsQuery refers to them).
func matchSQL(f catalog.Filter, what string) (string, []any) {
	where := []string{"is_active", "deleted_at IS NULL"}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if len(f.Search) > 0 {
		for _, w := range f.Search {
			arg(w + ":*")
		}
		where = append(where, "search @@ "+tsQuery(len(f.Search)))
	}
	if f.CategoryKey != "" {
		where = append(where, "category_key = "+arg(f.CategoryKey))
	}
	if f.CategoryText != "" {
		where = append(where, "lower(category) = lower("+arg(f.CategoryText)+")")
	}
	if f.NameContains != "" {
		where = append(where, "name ILIKE "+arg("%"+escapeLike(f.NameContains)+"%"))
	}
	if f.LocationContains != "" {
		where = append(where, "location ILIKE "+arg("%"+escapeLike(f.LocationContains)+"%"))
	}
	if f.MaxPrice != nil {
		where = append(where, "price <= "+arg(*f.MaxPrice))
	}
	return `SELECT ` + what + ` FROM services WHERE ` + strings.Join(where, " AND "), args
}

// tsQuery is the search of n words, the parameters $1…$n (each "word:*"):
// every word must match, as a prefix ("hairc" finds "haircut") so the
// search box finds while the user is still typing, either stemmed or as
// written (003_search_prefixes.sql). The words are letters and digits only
// (catalog.SearchWords), so none is an operator.
func tsQuery(n int) string {
	parts := make([]string, n)
	for i := range n {
		p := "$" + strconv.Itoa(i+1)
		parts[i] = "(to_tsquery('english', " + p + ") || to_tsquery('simple', " + p + "))"
	}
	return "(" + strings.Join(parts, " && ") + ")"
}

func (s Services) ListByProvider(ctx context.Context, providerID string) ([]catalog.Offering, error) {
	return scanAll(s.Pool.Query(ctx, `SELECT `+columns+` FROM services WHERE provider_id = $1 AND deleted_at IS NULL
		ORDER BY services.created_at DESC, services.id DESC`, providerID))
}

// PageByProvider reads a page off services_by_provider (provider_id,
// created_at DESC, id DESC).
func (s Services) PageByProvider(ctx context.Context, providerID string, after *catalog.OwnKey, limit int) ([]catalog.Offering, error) {
	if after == nil {
		return scanAll(s.Pool.Query(ctx, `SELECT `+columns+` FROM services WHERE provider_id = $1 AND deleted_at IS NULL
		ORDER BY created_at DESC, id DESC LIMIT $2`, providerID, limit))
	}
	return scanAll(s.Pool.Query(ctx, `SELECT `+columns+` FROM services WHERE provider_id = $1 AND deleted_at IS NULL
		AND (created_at, id) < ($3, $4::uuid) ORDER BY created_at DESC, id DESC LIMIT $2`, providerID, limit, after.CreatedAt, after.ID))
}

func (s Services) Update(ctx context.Context, o catalog.Offering) error {
	return s.write(ctx, func(tx pgx.Tx) (catalog.Offering, error) {
		tag, err := tx.Exec(ctx, `UPDATE services SET name=$3, category=$4, category_key=$5, description=$6, price=$7,
			duration=$8, provider=$9, location=$10, contact=$11, image_url=$12, icon=$13, time_slots=$14, is_active=$15,
			updated_at=$16, min_notice_minutes=$17, buffer_minutes=$18 WHERE id=$1 AND provider_id=$2 AND deleted_at IS NULL`,
			o.ID, o.ProviderID, o.Name, o.Category, o.CategoryKey, o.Description, o.Price, o.Duration, o.Provider,
			o.Location, o.Contact, o.ImageURL, o.Icon, o.TimeSlots, o.IsActive, o.UpdatedAt, o.MinNotice, o.Buffer)
		if err == nil && tag.RowsAffected() == 0 {
			err = catalog.ErrNotFound
		}
		return o, err
	}, EventUpdated)
}

func (s Services) SetActive(ctx context.Context, id, providerID string, active bool, at time.Time) (catalog.Offering, error) {
	var o catalog.Offering
	err := s.write(ctx, func(tx pgx.Tx) (catalog.Offering, error) {
		var err error
		o, err = scanOne(tx.QueryRow(ctx, `UPDATE services SET is_active=$3, updated_at=$4
			WHERE id=$1 AND provider_id=$2 AND deleted_at IS NULL RETURNING `+columns, id, providerID, active, at))
		return o, err
	}, EventUpdated)
	return o, err
}

func (s Services) SoftDelete(ctx context.Context, id, providerID string, at time.Time) error {
	return s.write(ctx, func(tx pgx.Tx) (catalog.Offering, error) {
		o, err := scanOne(tx.QueryRow(ctx, `UPDATE services SET deleted_at=$3, updated_at=$3
			WHERE id=$1 AND provider_id=$2 AND deleted_at IS NULL RETURNING `+columns, id, providerID, at))
		return o, err
	}, EventDeleted)
}

// write runs change in a transaction together with the ServiceEvent of its
// result (the service after the change), and wakes the relay after the
// commit.
func (s Services) write(ctx context.Context, change func(tx pgx.Tx) (catalog.Offering, error), event string) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		o, err := change(tx)
		if err != nil {
			return err
		}
		return outbox.Write(ctx, tx, topics.Services, o.ID, serviceEvent(o, event))
	})
	if err == nil && s.Kick != nil {
		s.Kick()
	}
	return err
}

// AddRating applies a review once: the inbox row and the aggregate change
// commit together, so a redelivered event finds its id and changes nothing.
// A review of an unknown service is recorded and otherwise ignored. Deleted
// services still count their reviews (a restore would show them).
func (s Services) AddRating(ctx context.Context, consumer string, r catalog.ReviewRating) (bool, error) {
	changed := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		first, err := inbox.FirstTime(ctx, tx, consumer, r.EventID)
		if err != nil || !first || !postgres.IsUUID(r.ServiceID) {
			return err
		}
		rating, count := r.Rating, 1
		if r.Removed {
			rating, count = -r.Rating, -1
		}
		o, err := scanOne(tx.QueryRow(ctx, `UPDATE services SET rating_sum = rating_sum + $2, total_reviews = total_reviews + $3
			WHERE id = $1 RETURNING `+columns, r.ServiceID, rating, count))
		if errors.Is(err, catalog.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		// The service's new rating is a fact of catalog.services.v1.
		err = outbox.Write(ctx, tx, topics.Services, o.ID, serviceEvent(o, EventRated))
		changed = err == nil
		return err
	})
	if changed && s.Kick != nil {
		s.Kick()
	}
	return changed, err
}

func scanOne(row pgx.Row) (catalog.Offering, error) {
	o, err := scan(row)
	if errors.Is(err, pgx.ErrNoRows) {
		return catalog.Offering{}, catalog.ErrNotFound
	}
	return o, err
}

func scanAll(rows pgx.Rows, err error) ([]catalog.Offering, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []catalog.Offering{}
	for rows.Next() {
		o, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// scan reads columns, then extra destinations (List's match count).
func scan(row pgx.Row, extra ...any) (catalog.Offering, error) {
	var o catalog.Offering
	err := row.Scan(append([]any{&o.ID, &o.ProviderID, &o.Name, &o.Category, &o.CategoryKey, &o.Description, &o.Price,
		&o.Duration, &o.Provider, &o.Location, &o.Contact, &o.ImageURL, &o.Icon, &o.TimeSlots, &o.IsActive, &o.RatingSum,
		&o.TotalReviews, &o.CreatedAt, &o.UpdatedAt, &o.MinNotice, &o.Buffer}, extra...)...)
	if o.TimeSlots == nil {
		o.TimeSlots = []string{}
	}
	return o, err
}

// escapeLike makes s match literally inside a LIKE pattern ('\' is the
// default escape character).
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
