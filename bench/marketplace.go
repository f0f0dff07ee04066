package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Targets of issue 24 (docs/bench/README.md).
const (
	PageVsBareTarget    = 2.0
	PageVsBytesTarget   = 0.5
	SearchP99Ms         = 25.0
	AvailabilityP99Ms   = 10.0
	NextAvailableP99Ms  = 15.0
	marketplaceBusyDays = 6 // booked days before today (and as many after)
)

// MarketplacePlan sizes issue 24's scenarios.
type MarketplacePlan struct {
	Services     int // seeded services (10 categories)
	Appointments int // seeded appointments
	Busy         int // services that hold them (the newest: the first pages of every category)
	PageClients  int
	SearchClient int
	AvailClients int
	// AvailPaced is the rate (requests a second) of the paced availability
	// row, an open loop beside the closed-loop one (0: no such row).
	AvailPaced  int
	NextClients int
	// Rows, when set, names the only rows to run (bench -rows): pages,
	// search, availability, paced, next, booking.
	Rows []string
}

// Runs reports whether the row named row is to run.
func (p MarketplacePlan) Runs(row string) bool {
	return len(p.Rows) == 0 || slices.Contains(p.Rows, row)
}

// LatencyCheck is a latency target measured on its own (no baseline).
type LatencyCheck struct {
	Name        string  `json:"name"`
	Clients     int     `json:"clients"`
	System      Load    `json:"system"`
	P99TargetMs float64 `json:"p99TargetMs"`
	Pass        bool    `json:"pass"`
	Notes       string  `json:"notes,omitempty"`
}

// Marketplace is what the marketplace scenarios measured.
type Marketplace struct {
	Services     int            `json:"services"`
	Appointments int            `json:"appointments"`
	SeedSeconds  float64        `json:"seedSeconds"`
	Pages        []Comparison   `json:"pages"`
	Latency      []LatencyCheck `json:"latency"`
	Plans        []string       `json:"plans,omitempty"`
	// LoadAverage is /proc/loadavg before and after the scenarios: the
	// machine is shared, and p99s move with what else runs.
	LoadAverage string `json:"loadAverage,omitempty"`
}

// Pass reports whether every target held.
func (m Marketplace) Pass() bool {
	ok := true
	for _, c := range m.Pages {
		ok = ok && c.Pass
	}
	for _, l := range m.Latency {
		ok = ok && l.Pass
	}
	return ok
}

// Words of the seeded services' names and descriptions: search terms with
// many matches (a word is in one name in twenty) and few.
var marketWords = []string{"spa", "massage", "repair", "tutor", "clinic", "salon", "garage", "notary", "caterer", "boutique",
	"yoga", "plumbing", "physio", "hostel", "florist", "dentist", "barber", "coach", "lawyer", "decor"}
var marketCities = []string{"Bengaluru", "Mumbai", "Pune", "Delhi", "Chennai", "Hyderabad", "Kolkata", "Jaipur"}

// SeedMarketplace inserts services (straight into catalog's table, with
// varied names, descriptions, cities and prices) and appointments (straight
// into booking's: the newest busy services each hold appointments/busy of
// them, every slot from marketplaceBusyDays ago on) with generate_series:
// one statement each, no round trip per row.
func (e *Env) SeedMarketplace(ctx context.Context, p MarketplacePlan) (time.Duration, error) {
	start := time.Now()
	keys, names := make([]string, len(Categories)), make([]string, len(Categories))
	for i, c := range Categories {
		keys[i], names[i] = c[0], c[1]
	}
	w := len(marketWords)
	if _, err := e.DB.Exec(ctx, `INSERT INTO catalog.services (id, provider_id, name, category, category_key, description, price,
		duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
		SELECT gen_random_uuid(), 'bench-provider-' || (i % 500),
		  initcap(($4::text[])[1 + i % $6]) || ' ' || ($4::text[])[1 + (i / $6) % $6] || ' ' || i,
		  ($2::text[])[1 + i % 10], ($3::text[])[1 + i % 10],
		  'A friendly ' || ($4::text[])[1 + (i / 7) % $6] || ' service with ' || ($4::text[])[1 + (i / 11) % $6] || ' in ' || ($5::text[])[1 + i % 8],
		  100 + (i * 37) % 4900, 30 + (i % 4) * 15, 'Bench Co ' || (i % 500), (i % 97) || ' Main Road, ' || ($5::text[])[1 + i % 8],
		  '9876543210', ARRAY['09:00','10:00','11:00','14:30'], true, now() - i * interval '1 second', now()
		FROM generate_series(1, $1) AS i`, p.Services, names, keys, marketWords, marketCities, w); err != nil {
		return 0, fmt.Errorf("seed services: %w", err)
	}
	perService := max(1, p.Appointments/p.Busy)
	loc, _ := time.LoadLocation("Asia/Kolkata")
	now := e.Clock.Now().In(loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	if _, err := e.DB.Exec(ctx, `INSERT INTO booking.appointments (id, service_id, service_name, service_category, provider_id,
		provider, location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
		status, version, created_at, updated_at)
		SELECT gen_random_uuid(), s.id::text, s.name, s.category, s.provider_id, s.provider, s.location, 'bench-customer-' || (k % 997),
		  'Bench Customer', 'bench@example.com', '9876543210', '12 MG Road, Bengaluru',
		  $1::timestamptz + ((k / 4) - $3) * interval '1 day'
		    + (ARRAY[interval '9 hours', interval '10 hours', interval '11 hours', interval '14 hours 30 minutes'])[1 + k % 4],
		  (ARRAY['09:00','10:00','11:00','14:30'])[1 + k % 4], 'confirmed', 1, now(), now()
		FROM (SELECT id, name, category, provider_id, provider, location FROM catalog.services
		  WHERE provider_id LIKE 'bench-provider-%' ORDER BY created_at DESC LIMIT $2) s
		CROSS JOIN generate_series(0, $4 - 1) AS k`, today, p.Busy, marketplaceBusyDays, perService); err != nil {
		return 0, fmt.Errorf("seed appointments: %w", err)
	}
	for _, t := range []string{"catalog.services", "booking.appointments"} {
		if _, err := e.DB.Exec(ctx, `VACUUM ANALYZE `+t); err != nil {
			return 0, err
		}
	}
	// Written behind catalog-svc's back: take an outbox number as its writes
	// do, so its writes watcher drops the pages it kept
	// (catalog-svc/internal/store/writes.go).
	if _, err := e.DB.Exec(ctx, `SELECT nextval('catalog.outbox_id_seq')`); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}

// pageSQL is catalog-svc's listing query for a category's page (catalog-svc
// /internal/store listSQL, the match count riding on each row).
const pageSQL = `SELECT id::text, provider_id, name, category, category_key, description, price::float8, duration,
	provider, location, contact, image_url, icon, time_slots, is_active, rating_sum, total_reviews, created_at, updated_at, page.total
	FROM services JOIN (SELECT id AS page_id, created_at AS page_at, 0::real AS rank, count(*) OVER () AS total FROM services
	WHERE is_active AND deleted_at IS NULL AND category_key = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) page
	ON services.id = page.page_id ORDER BY page.rank DESC, page.page_at DESC, page.page_id DESC`

// barePage serves GET /services?category=<key> with net/http + pgx and
// nothing else: the same SQL, the same fields, encoding/json.
func barePage(pool *pgxpool.Pool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rows, err := pool.Query(r.Context(), pageSQL, r.URL.Query().Get("category"), 24, 0)
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		defer rows.Close()
		out, total := []bareService{}, 0
		for rows.Next() {
			var s bareService
			var key string
			var sum int64
			if err := rows.Scan(&s.ID, &s.ProviderID, &s.Name, &s.Category, &key, &s.Description, &s.Price, &s.Duration,
				&s.Provider, &s.Location, &s.Contact, &s.ImageURL, &s.Icon, &s.TimeSlots, &s.IsActive, &sum, &s.TotalReviews,
				&s.CreatedAt, &s.UpdatedAt, &total); err != nil {
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
		json.NewEncoder(w).Encode(map[string]any{"success": true, "services": out, "total": total})
	})
}

// bytesHandler serves the bytes stored for each request URI: the ceiling
// of any server of these pages.
func bytesHandler(pages map[string][]byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := pages[r.URL.RequestURI()]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
	})
}

// serve runs h on a loopback port until the returned stop is called.
func serve(h http.Handler) (string, func(), error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(lis)
	return "http://" + lis.Addr().String(), func() { srv.Close() }, nil
}

// getLoad is a closed-loop load of anonymous GETs: client c's i-th request
// is path(c, i) on its own keep-alive connection to base; header is extra
// header lines for it (or nil). A request passes with want.
func getLoad(ctx context.Context, base string, clients int, want int, path func(c, i int) string, header func(c, i int) string) (func(time.Duration) Load, func(), error) {
	conns := make([]*LoadConn, clients)
	for i := range conns {
		var err error
		if conns[i], err = NewLoadConnTo(base); err != nil {
			return nil, nil, err
		}
	}
	count := make([]int, clients)
	run := func(d time.Duration) Load {
		return Run(ctx, clients, d, func(ctx context.Context, c int) (bool, bool) {
			i := count[c]
			count[c]++
			h := ""
			if header != nil {
				h = header(c, i)
			}
			status, _, err := conns[c].send("GET", path(c, i), "", h, nil, false) // the body is read and dropped
			return err == nil && status == want, false
		})
	}
	closeAll := func() {
		for _, c := range conns {
			c.Close()
		}
	}
	return run, closeAll, nil
}

// MarketplaceScenarios seeds the marketplace and measures issue 24's rows.
func (e *Env) MarketplaceScenarios(ctx context.Context, p MarketplacePlan, rounds int, d time.Duration) (Marketplace, error) {
	m := Marketplace{Services: p.Services, Appointments: p.Appointments}
	before := loadAverage()
	took, err := e.SeedMarketplace(ctx, p)
	if err != nil {
		return m, err
	}
	m.SeedSeconds = round(took.Seconds())
	if n, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments`); err == nil {
		m.Appointments = n
	}
	e.Logf("marketplace: seeded %d services and %d appointments in %.1f s", p.Services, m.Appointments, m.SeedSeconds)

	if p.Runs("pages") {
		pages, err := e.categoryPages(ctx, p, rounds, d)
		if err != nil {
			return m, err
		}
		m.Pages = pages
	}
	busy, err := e.busyServices(ctx, p.Busy)
	if err != nil {
		return m, err
	}
	m.Plans = e.explainMarketplace(ctx, busy[0], busy[:24])
	for _, row := range []struct {
		name  string
		check func() (LatencyCheck, error)
	}{
		{"search", func() (LatencyCheck, error) { return e.searchLatency(ctx, p.SearchClient, rounds, d) }},
		{"availability", func() (LatencyCheck, error) { return e.availabilityLatency(ctx, busy, p.AvailClients, rounds, d) }},
		{"paced", func() (LatencyCheck, error) {
			return e.availabilityPaced(ctx, busy, p.AvailClients, p.AvailPaced, rounds, d)
		}},
		{"next", func() (LatencyCheck, error) { return e.nextAvailableLatency(ctx, p, rounds, d) }},
	} {
		if !p.Runs(row.name) {
			continue
		}
		l, err := row.check()
		if err != nil {
			return m, err
		}
		e.Logf("%s, %d clients: %.0f/s, p50 %.1f ms, p99 %.1f ms (target < %.0f ms), %d errors", l.Name, l.Clients, l.System.PerSec,
			l.System.P50ms, l.System.P99ms, l.P99TargetMs, l.System.Errors)
		m.Latency = append(m.Latency, l)
	}
	m.LoadAverage = before + " → " + loadAverage()
	return m, nil
}

// categoryPages compares the first page of each category through the
// gateway with a bare handler running the same query and with a handler
// serving the gateway's own bytes; and the same pages revalidated
// (If-None-Match → 304) against those bytes.
func (e *Env) categoryPages(ctx context.Context, p MarketplacePlan, rounds int, d time.Duration) ([]Comparison, error) {
	cfg, err := pgxpool.ParseConfig(e.DatabaseURL)
	if err != nil {
		return nil, err
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = "catalog"
	cfg.MaxConns = 12 // the services' pool (Options.PoolMaxConns' default)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	bare, stopBare, err := serve(barePage(pool))
	if err != nil {
		return nil, err
	}
	defer stopBare()

	gwPaths, barePaths := make([]string, len(Categories)), make([]string, len(Categories))
	bodies, etags := map[string][]byte{}, make([]string, len(Categories))
	for i, c := range Categories {
		gwPaths[i] = "/services?category=" + url.QueryEscape(c[1])
		barePaths[i] = "/services?category=" + c[0]
		resp, err := e.do(ctx, "", "GET", gwPaths[i], "", nil, nil)
		if err != nil {
			return nil, err
		}
		var page struct {
			Services []json.RawMessage `json:"services"`
			Total    int               `json:"total"`
		}
		body, rerr := io.ReadAll(resp.Body)
		if rerr != nil {
			return nil, rerr
		}
		resp.Body.Close()
		if err := json.Unmarshal(body, &page); err != nil || resp.StatusCode != 200 || len(page.Services) != 24 || resp.Header.Get("ETag") == "" {
			return nil, fmt.Errorf("GET %s: %d with %d services, ETag %q (%v)", gwPaths[i], resp.StatusCode, len(page.Services), resp.Header.Get("ETag"), err)
		}
		bodies[gwPaths[i]], etags[i] = body, resp.Header.Get("ETag")
	}
	bytesURL, stopBytes, err := serve(bytesHandler(bodies))
	if err != nil {
		return nil, err
	}
	defer stopBytes()

	n := len(Categories)
	gwPath := func(c, i int) string { return gwPaths[(c+i)%n] }
	barePath := func(c, i int) string { return barePaths[(c+i)%n] }
	match := func(c, i int) string { return "If-None-Match: " + etags[(c+i)%n] + "\r\n" }
	clients := p.PageClients
	type side struct {
		run   func(time.Duration) Load
		close func()
	}
	mk := func(base string, want int, path func(c, i int) string, header func(c, i int) string) (side, error) {
		run, cl, err := getLoad(ctx, base, clients, want, path, header)
		return side{run, cl}, err
	}
	gw, err := mk(e.API, 200, gwPath, nil)
	if err != nil {
		return nil, err
	}
	defer gw.close()
	gw304, err := mk(e.API, 304, gwPath, match)
	if err != nil {
		return nil, err
	}
	defer gw304.close()
	bareSide, err := mk(bare, 200, barePath, nil)
	if err != nil {
		return nil, err
	}
	defer bareSide.close()
	bytesSide, err := mk(bytesURL, 200, gwPath, nil)
	if err != nil {
		return nil, err
	}
	defer bytesSide.close()

	var out []Comparison
	for _, c := range []struct {
		name      string
		base, sys side
		target    float64
		notes     string
	}{
		{"category page (24) vs bare handler", bareSide, gw, PageVsBareTarget,
			"the first page of each of the 10 categories in turn, anonymous GETs answered 200 in full (nextAvailable included); baseline: net/http + pgx running catalog-svc's page query (count included), encoding/json"},
		{"category page (24) vs pre-encoded bytes", bytesSide, gw, PageVsBytesTarget,
			"the same requests; baseline: net/http writing the gateway's own answer for that URL from memory"},
		{"category page (24) revalidated (304) vs pre-encoded bytes", bytesSide, gw304, 0,
			"clients send If-None-Match with the page's ETag and get 304 with no body (a CDN or browser revalidating); baseline as above (200 with the bytes); no target: for reading"},
	} {
		b, s := interleave(ctx, rounds, d, c.base.run, c.sys.run)
		cmp := Comparison{Name: c.name, Clients: clients, System: s, Baseline: b, Ratio: Ratio(s.PerSec, b.PerSec), Target: c.target, Notes: c.notes}
		cmp.Pass = cmp.Ratio >= cmp.Target && s.Errors == 0 && b.Errors == 0
		e.Logf("%s, %d clients: %.0f/s (p99 %.1f ms) vs %.0f/s (p99 %.1f ms): ratio %.2f", c.name, clients, s.PerSec, s.P99ms, b.PerSec, b.P99ms, cmp.Ratio)
		out = append(out, cmp)
	}
	return out, nil
}

// searchQueries are what the search clients type: every word, word pairs,
// prefixes, and some with a city or a price cap.
func searchQueries() []string {
	var qs []string
	for i, w := range marketWords {
		next := marketWords[(i+7)%len(marketWords)]
		city := marketCities[i%len(marketCities)]
		qs = append(qs, "q="+w, "q="+w[:3], "q="+url.QueryEscape(w+" "+next),
			"q="+w+"&location="+city, fmt.Sprintf("q=%s&maxPrice=%d", next, 500+i*100), "q="+url.QueryEscape(w+" "+strings.ToLower(city)))
	}
	return qs
}

func (e *Env) searchLatency(ctx context.Context, clients, rounds int, d time.Duration) (LatencyCheck, error) {
	qs := searchQueries()
	run, closeAll, err := getLoad(ctx, e.API, clients, 200, func(c, i int) string { return "/services?" + qs[(c*31+i)%len(qs)] }, nil)
	if err != nil {
		return LatencyCheck{}, err
	}
	defer closeAll()
	l := warmThenMeasure(run, rounds, d)
	return LatencyCheck{Name: "search over 100,000 services", Clients: clients, System: l, P99TargetMs: SearchP99Ms, Pass: l.P99ms < SearchP99Ms && l.Errors == 0,
		Notes: fmt.Sprintf("GET /services?q=… through the gateway, %d distinct searches in turn (each seeded word, its 3-letter prefix, word pairs, with a city or a price cap); a word is in one name in twenty and in more descriptions; the gateway keeps each answer as a listing (until a catalog write or a slot change of a service on the page, at most a minute) and reads its misses from PostgreSQL, not catalog-svc's pages (grpcx.FreshReadKey); a search not asked before costs PostgreSQL 5–25 ms (docs/bench/README.md)", len(qs))}, nil
}

func (e *Env) availabilityLatency(ctx context.Context, busy []string, clients, rounds int, d time.Duration) (LatencyCheck, error) {
	// The services' copies and pages are kept up to a minute (platform/
	// copies), and a marketplace with thousands of visitors a second reads
	// every busy service within it: so every one is read once, unmeasured,
	// before the random reads, as a steady state would have it, instead of
	// counting each service's first read of the run.
	var first atomic.Int64
	run, closeAll, err := getLoad(ctx, e.API, clients, 200, func(c, i int) string {
		if n := int(first.Add(1)) - 1; n < len(busy) {
			return "/services/" + busy[n] + "/availability"
		}
		return "/services/" + busy[rand.IntN(len(busy))] + "/availability"
	}, nil)
	if err != nil {
		return LatencyCheck{}, err
	}
	defer closeAll()
	for first.Load() < int64(len(busy)) && ctx.Err() == nil {
		run(d)
	}
	l := warmThenMeasure(run, rounds, d)
	return LatencyCheck{Name: "availability with 1,000,000 appointments", Clients: clients, System: l, P99TargetMs: AvailabilityP99Ms,
		Pass:  l.P99ms < AvailabilityP99Ms && l.Errors == 0,
		Notes: fmt.Sprintf("GET /services/{id}/availability (10 days) for a random one of the %d services holding the appointments (26 of the 40 slots of its 10-day window booked: every slot from today to five days ahead, and two on the sixth), after one unmeasured read of each (the steady state of copies kept up to a minute)", len(busy))}, nil
}

// availabilityPaced is the availability row as an open loop: requests due
// at a stated rate over AvailClients connections, each latency counted from
// when the request was due. It stands beside the closed-loop row, never for
// it: with 64 closed-loop clients latency is 64 ÷ throughput, so p99 < 10 ms
// there needs over 6,400 answers a second from two shared cores, while real
// visitors arrive at a rate, not as soon as the last answer came.
func (e *Env) availabilityPaced(ctx context.Context, busy []string, conns, rate, rounds int, d time.Duration) (LatencyCheck, error) {
	lc := make([]*LoadConn, conns)
	for i := range lc {
		var err error
		if lc[i], err = NewLoadConnTo(e.API); err != nil {
			return LatencyCheck{}, err
		}
		defer lc[i].Close()
	}
	run := func(d time.Duration) Load {
		return Paced(ctx, float64(rate), conns, d, func(ctx context.Context, w int) bool {
			status, _, err := lc[w].send("GET", "/services/"+busy[rand.IntN(len(busy))]+"/availability", "", "", nil, false)
			return err == nil && status == 200
		})
	}
	l := warmThenMeasure(run, rounds, d)
	return LatencyCheck{Name: fmt.Sprintf("availability with 1,000,000 appointments, paced at %d/s (open loop)", rate), Clients: conns, System: l,
		P99TargetMs: AvailabilityP99Ms, Pass: l.P99ms < AvailabilityP99Ms && l.Errors == 0,
		Notes: fmt.Sprintf("the same requests as the closed-loop row, due at %d a second (one every %.0f µs) over %d connections whatever the answers, each latency counted from when it was due (waiting for a free connection included); an additional row, not a replacement: the closed-loop row above stays the target's measure", rate, 1e6/float64(rate), conns)}, nil
}

func (e *Env) nextAvailableLatency(ctx context.Context, p MarketplacePlan, rounds int, d time.Duration) (LatencyCheck, error) {
	// The busy services fill the first pages of every category.
	pages := max(1, p.Busy/len(Categories)/24)
	run, closeAll, err := getLoad(ctx, e.API, p.NextClients, 200, func(c, i int) string {
		return fmt.Sprintf("/services?category=%s&offset=%d", url.QueryEscape(Categories[rand.IntN(len(Categories))][1]), 24*rand.IntN(pages))
	}, nil)
	if err != nil {
		return LatencyCheck{}, err
	}
	defer closeAll()
	l := warmThenMeasure(run, rounds, d)
	return LatencyCheck{Name: "24-service page with nextAvailable", Clients: p.NextClients, System: l, P99TargetMs: NextAvailableP99Ms,
		Pass:  l.P99ms < NextAvailableP99Ms && l.Errors == 0,
		Notes: fmt.Sprintf("GET /services?category=…&offset=… for a random one of the first %d pages of a random category: every service on them has 26 of its 40 window slots booked (its next free slot is six days ahead; one query for the page; the gateway keeps each page until a slot change of a service on it, its first free slot or midnight)", pages)}, nil
}

// warmThenMeasure runs load once unmeasured (connections, plans, caches),
// then rounds times, merged.
func warmThenMeasure(run func(time.Duration) Load, rounds int, d time.Duration) Load {
	run(d)
	l := Load{}
	for range rounds {
		l = l.Merge(run(d))
	}
	return l
}

// busyServices are the ids of the services holding the seeded appointments
// (seeded ones only: other scenarios' services hold bookings of their own).
func (e *Env) busyServices(ctx context.Context, n int) ([]string, error) {
	rows, err := e.DB.Query(ctx, `SELECT id::text FROM catalog.services WHERE provider_id LIKE 'bench-provider-%'
		ORDER BY created_at DESC LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// explainMarketplace records the plans of availability's and
// nextAvailable's queries over the seeded appointments.
func (e *Env) explainMarketplace(ctx context.Context, one string, page []string) []string {
	loc, _ := time.LoadLocation("Asia/Kolkata")
	now := e.Clock.Now().In(loc)
	from := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	to := from.AddDate(0, 0, 10)
	var out []string
	for _, q := range []struct {
		name, sql string
		arg       any
	}{
		{"availability (one service)", `SELECT starts_at FROM booking.appointments WHERE service_id = $1 AND starts_at >= $2 AND starts_at < $3 AND status NOT IN ('cancelled', 'rejected')`, one},
		{"nextAvailable (a page of 24)", `SELECT service_id, starts_at FROM booking.appointments WHERE service_id = ANY($1) AND starts_at >= $2 AND starts_at < $3 AND status NOT IN ('cancelled', 'rejected')`, page},
	} {
		rows, err := e.DB.Query(ctx, "EXPLAIN (ANALYZE, COSTS OFF) "+q.sql, q.arg, from, to)
		if err != nil {
			out = append(out, q.name+": "+err.Error())
			continue
		}
		var lines []string
		for rows.Next() {
			var l string
			if rows.Scan(&l) == nil {
				lines = append(lines, strings.TrimSpace(l))
			}
		}
		rows.Close()
		out = append(out, q.name+": "+strings.Join(lines, " | "))
	}
	return out
}
