package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime/pprof"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Targets of issue 12.
const (
	BookingTarget = 0.5
	ListingTarget = 0.6
)

// Comparison is one figure next to its baseline, measured in the same run
// (interleaved rounds).
type Comparison struct {
	Name     string  `json:"name"`
	Clients  int     `json:"clients"`
	System   Load    `json:"system"`
	Baseline Load    `json:"baseline"`
	Ratio    float64 `json:"ratio"`
	Target   float64 `json:"target"`
	Pass     bool    `json:"pass"`
	Notes    string  `json:"notes,omitempty"`
}

// interleave runs baseline and system alternately for rounds rounds of d
// each and merges each side.
func interleave(ctx context.Context, rounds int, d time.Duration, baseline, system func(time.Duration) Load) (Load, Load) {
	var b, s Load
	for i := range rounds {
		// Alternate which goes first so neither always runs on a warmer machine.
		if i%2 == 0 {
			b, s = b.Merge(baseline(d)), s.Merge(system(d))
		} else {
			s, b = s.Merge(system(d)), b.Merge(baseline(d))
		}
		if ctx.Err() != nil {
			break
		}
	}
	return b, s
}

// BookingThroughput books distinct slots through the gateway with each
// client count, next to a raw single-row insert transaction via pgx on the
// same PostgreSQL.
func (e *Env) BookingThroughput(ctx context.Context, clientCounts []int, rounds int, d time.Duration, slotsWanted int) ([]Comparison, error) {
	p, err := e.NewUser(ctx, "provider")
	if err != nil {
		return nil, err
	}
	slots, err := e.NewSlots(ctx, p, slotsWanted)
	if err != nil {
		return nil, err
	}
	if _, err := e.DB.Exec(ctx, `CREATE TABLE IF NOT EXISTS public.bench_raw (id uuid PRIMARY KEY, service_id text NOT NULL,
		starts_at timestamptz NOT NULL, payload text NOT NULL, UNIQUE (service_id, starts_at))`); err != nil {
		return nil, err
	}
	// Warm up: connections, JWKS, prepared statements.
	warm := e.Token("customer")
	for range 20 {
		if s, ok := slots.Take(); ok {
			e.Book(ctx, "", warm, s, "")
		}
	}
	if e.Opts.BookingProfile != "" {
		if f, err := os.Create(e.Opts.BookingProfile); err == nil {
			pprof.StartCPUProfile(f)
			defer func() { pprof.StopCPUProfile(); f.Close() }()
		}
	}
	var out []Comparison
	for _, clients := range clientCounts {
		poolSize := int32(min(clients, 16))
		cfg, err := pgxpool.ParseConfig(e.DatabaseURL)
		if err != nil {
			return nil, err
		}
		cfg.MaxConns, cfg.MinConns = poolSize, poolSize
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			return nil, err
		}
		tokens := make([]string, clients)
		conns := make([]*LoadConn, clients)
		for i := range tokens {
			tokens[i] = e.Token("customer")
			if conns[i], err = e.NewLoadConn(); err != nil {
				return nil, err
			}
		}
		base := time.Now()
		baseline := func(d time.Duration) Load {
			return Run(ctx, clients, d, func(ctx context.Context, c int) (bool, bool) {
				err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
					id := uuid.New()
					_, err := tx.Exec(ctx, `INSERT INTO public.bench_raw (id, service_id, starts_at, payload) VALUES ($1, $2, $3, $4)`,
						id, id.String(), base, "Asha Rao, 12 MG Road, Bengaluru")
					return err
				})
				return err == nil, false
			})
		}
		system := func(d time.Duration) Load {
			return Run(ctx, clients, d, func(ctx context.Context, c int) (bool, bool) {
				s, ok := slots.Take()
				if !ok {
					return false, true
				}
				status, err := conns[c].Book(tokens[c], s)
				return err == nil && status == http.StatusCreated, false
			})
		}
		b, s := interleave(ctx, rounds, d, baseline, system)
		pool.Close()
		for _, c := range conns {
			c.Close()
		}
		c := Comparison{Name: "booking", Clients: clients, System: s, Baseline: b, Ratio: Ratio(s.PerSec, b.PerSec), Target: BookingTarget,
			Notes: fmt.Sprintf("baseline: BEGIN; INSERT one row (uuid PK + unique (service_id, starts_at)); COMMIT via pgxpool of %d conns", poolSize)}
		c.Pass = c.Ratio >= c.Target && s.Errors == 0
		if slots.Left() == 0 {
			// The rounds ended early: the figure is not a measurement.
			c.Notes += "; ran out of slots (raise Plan.BookingSlots)"
			c.Pass = false
		}
		e.Logf("booking %d clients: %.0f/s (p99 %.1f ms, %d errors) vs raw insert %.0f/s: ratio %.2f", clients, s.PerSec, s.P99ms, s.Errors, b.PerSec, c.Ratio)
		out = append(out, c)
	}
	return out, nil
}

// Categories maps the ten category keys to their form names (docs/product.md#constants).
var Categories = [][2]string{
	{"healthcare", "Healthcare & Wellness"}, {"beauty", "Beauty & Personal Care"}, {"home-repair", "Home & Repair Services"},
	{"education", "Education & Coaching"}, {"government-legal", "Government / Legal Services"}, {"automobile", "Automobile Services"},
	{"retail", "Retail & Local Businesses"}, {"private-events", "Private Events"}, {"hotel-restaurant", "Hotel & Restaurant"},
	{"others", "Others"},
}

// SeedServices inserts n active services spread over the ten categories
// straight into catalog's table (a read benchmark needs rows, not the
// create path).
func (e *Env) SeedServices(ctx context.Context, n int) error {
	keys, names := make([]string, len(Categories)), make([]string, len(Categories))
	for i, c := range Categories {
		keys[i], names[i] = c[0], c[1]
	}
	_, err := e.DB.Exec(ctx, `INSERT INTO catalog.services (id, provider_id, name, category, category_key, description, price,
		duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
		SELECT gen_random_uuid(), 'bench-provider-' || (i % 50), 'Seeded service ' || i, ($2::text[])[1 + i % 10], ($3::text[])[1 + i % 10],
		  'A seeded service for the listing benchmark', 499, 30, 'Smile Clinic', '12 MG Road, Bengaluru', '9876543210',
		  ARRAY['09:00','10:00','11:00','14:30'], true, now() - i * interval '1 second', now()
		FROM generate_series(1, $1) AS i`, n, names, keys)
	if err != nil {
		return err
	}
	_, err = e.DB.Exec(ctx, `ANALYZE catalog.services`)
	return err
}

// listingSQL is catalog-svc's List query (catalog-svc/internal/store
// listSQL) for a category key, limit and offset.
const listingSQL = `SELECT id::text, provider_id, name, category, category_key, description, price::float8, duration,
	provider, location, contact, image_url, icon, time_slots, is_active, rating_sum, total_reviews, created_at, updated_at FROM services JOIN (SELECT id AS page_id, created_at AS page_at FROM services WHERE is_active AND deleted_at IS NULL AND category_key = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) page ON services.id = page.page_id
		ORDER BY page.page_at DESC, page.page_id DESC`

type bareService struct {
	ID           string    `json:"_id"`
	Name         string    `json:"name"`
	Category     string    `json:"category"`
	Description  string    `json:"description"`
	Price        float64   `json:"price"`
	Duration     int32     `json:"duration"`
	Provider     string    `json:"provider"`
	Location     string    `json:"location"`
	Contact      string    `json:"contact"`
	ImageURL     string    `json:"imageUrl"`
	IsActive     bool      `json:"isActive"`
	TimeSlots    []string  `json:"timeSlots"`
	AvgRating    float64   `json:"avgRating"`
	TotalReviews int32     `json:"totalReviews"`
	Icon         string    `json:"icon"`
	ProviderID   string    `json:"providerId"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

// bareListing serves GET /services?category=<key> with net/http + pgx and
// nothing else: the same SQL, the same JSON fields.
func bareListing(pool *pgxpool.Pool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rows, err := pool.Query(r.Context(), listingSQL, r.URL.Query().Get("category"), 500, 0)
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		defer rows.Close()
		out := []bareService{}
		for rows.Next() {
			var s bareService
			var key string
			var sum int64
			if err := rows.Scan(&s.ID, &s.ProviderID, &s.Name, &s.Category, &key, &s.Description, &s.Price, &s.Duration,
				&s.Provider, &s.Location, &s.Contact, &s.ImageURL, &s.Icon, &s.TimeSlots, &s.IsActive, &sum, &s.TotalReviews,
				&s.CreatedAt, &s.UpdatedAt); err != nil {
				http.Error(w, err.Error(), 500)
				return
			}
			if s.TotalReviews > 0 {
				s.AvgRating = float64(sum) / float64(s.TotalReviews)
			}
			out = append(out, s)
		}
		if rows.Err() != nil {
			http.Error(w, rows.Err().Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"success": true, "services": out})
	})
}

// Listing measures GET /services?category= through the gateway with n
// services seeded, next to bareListing on the same database.
func (e *Env) Listing(ctx context.Context, n, clients, rounds int, d time.Duration) (Comparison, error) {
	if err := e.SeedServices(ctx, n); err != nil {
		return Comparison{}, err
	}
	cfg, err := pgxpool.ParseConfig(e.DatabaseURL)
	if err != nil {
		return Comparison{}, err
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = "catalog"
	cfg.MaxConns = 4 // catalog-svc's pool: pgxpool's default on this machine
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return Comparison{}, err
	}
	defer pool.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return Comparison{}, err
	}
	srv := &http.Server{Handler: bareListing(pool), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(lis)
	defer srv.Close()
	bare := "http://" + lis.Addr().String()

	gwPath := "/services?limit=500&category=" + url.QueryEscape(Categories[0][1])
	barePath := "/services?category=" + Categories[0][0]
	check := func(base, path string) error {
		r := e.Call(ctx, base, "GET", path, "", nil, nil)
		list, _ := r.Field("services").([]any)
		if r.Status != 200 || len(list) != 500 {
			return fmt.Errorf("GET %s%s: %d with %d services, want 200 with 500", base, path, r.Status, len(list))
		}
		return nil
	}
	if err := check("", gwPath); err != nil {
		return Comparison{}, err
	}
	if err := check(bare, barePath); err != nil {
		return Comparison{}, err
	}
	get := func(base, path string) func(time.Duration) Load {
		return func(d time.Duration) Load {
			return Run(ctx, clients, d, func(ctx context.Context, c int) (bool, bool) {
				r := e.Call(ctx, base, "GET", path, "", nil, nil)
				return r.Err == nil && r.Status == 200, false
			})
		}
	}
	b, s := interleave(ctx, rounds, d, get(bare, barePath), get("", gwPath))
	c := Comparison{Name: "listing", Clients: clients, System: s, Baseline: b, Ratio: Ratio(s.PerSec, b.PerSec), Target: ListingTarget,
		Notes: fmt.Sprintf("%d services (%d per category), a page of 500; baseline: net/http + pgx (pool of 4) running catalog-svc's SQL, encoding/json", n, n/10)}
	c.Pass = c.Ratio >= c.Target && s.Errors == 0
	e.Logf("listing %d clients: %.0f req/s (p99 %.1f ms) vs bare %.0f req/s (p99 %.1f ms): ratio %.2f", clients, s.PerSec, s.P99ms, b.PerSec, b.P99ms, c.Ratio)
	return c, nil
}
