package bench

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// marketplaceBusyDays is how many days before today the seeded
// appointments start (and about as many after).
const marketplaceBusyDays = 6

// MarketplacePlan sizes the seeded marketplace.
type MarketplacePlan struct {
	Services     int // seeded services (10 categories)
	Appointments int // seeded appointments
	Busy         int // services that hold them (the newest: the first pages of every category)
	// Providers own the services in turn (service i is bench-provider-(i mod
	// Providers)'s); 0: 500.
	Providers int
}

// Marketplace is the seeded marketplace the booking rows run on, and the
// plans of availability's and nextAvailable's queries over it.
type Marketplace struct {
	Services     int      `json:"services"`
	Appointments int      `json:"appointments"`
	SeedSeconds  float64  `json:"seedSeconds"`
	Plans        []string `json:"plans,omitempty"`
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
	providers := p.Providers
	if providers <= 0 {
		providers = 500
	}
	if _, err := e.DB.Exec(ctx, `INSERT INTO catalog.services (id, provider_id, name, category, category_key, description, price,
		duration, provider, location, contact, time_slots, is_active, created_at, updated_at)
		SELECT gen_random_uuid(), 'bench-provider-' || (i % $7),
		  initcap(($4::text[])[1 + i % $6]) || ' ' || ($4::text[])[1 + (i / $6) % $6] || ' ' || i,
		  ($2::text[])[1 + i % 10], ($3::text[])[1 + i % 10],
		  'A friendly ' || ($4::text[])[1 + (i / 7) % $6] || ' service with ' || ($4::text[])[1 + (i / 11) % $6] || ' in ' || ($5::text[])[1 + i % 8],
		  100 + (i * 37) % 4900, 30 + (i % 3) * 15, 'Bench Co ' || (i % 500), (i % 97) || ' Main Road, ' || ($5::text[])[1 + i % 8],
		  '9876543210', ARRAY['09:00','10:00','11:00','14:30'], true, now() - i * interval '1 second', now()
		FROM generate_series(1, $1) AS i`, p.Services, names, keys, marketWords, marketCities, w, providers); err != nil {
		return 0, fmt.Errorf("seed services: %w", err)
	}
	// Each seeded service has a team member of its own, working all day
	// (a member is in one appointment at a time across services:
	// docs/product.md#team-members), and each provider its owner, who
	// performs none of them: services book independently, as the hour's
	// driver assumes. At most an hour long, a service's hourly slots never
	// overlap for its member.
	if _, err := e.DB.Exec(ctx, `INSERT INTO catalog.staff_members (id, provider_id, name, is_owner, hours, created_at, updated_at)
		SELECT DISTINCT md5('owner:' || provider_id)::uuid, provider_id, 'Bench owner', true, '[]'::jsonb, now(), now()
		FROM catalog.services WHERE provider_id LIKE 'bench-provider-%' ON CONFLICT DO NOTHING`); err != nil {
		return 0, fmt.Errorf("seed owners: %w", err)
	}
	if _, err := e.DB.Exec(ctx, `INSERT INTO catalog.staff_members (id, provider_id, name, hours, created_at, updated_at)
		SELECT md5('bench-member:' || id)::uuid, provider_id, 'Member ' || left(id::text, 8),
		  (SELECT jsonb_agg(jsonb_build_object('weekday', d, 'from', '00:00', 'to', '24:00')) FROM generate_series(0, 6) AS d), now(), now()
		FROM catalog.services WHERE provider_id LIKE 'bench-provider-%' ON CONFLICT DO NOTHING`); err != nil {
		return 0, fmt.Errorf("seed members: %w", err)
	}
	if _, err := e.DB.Exec(ctx, `INSERT INTO catalog.staff_services (staff_id, service_id)
		SELECT md5('bench-member:' || id)::uuid, id FROM catalog.services WHERE provider_id LIKE 'bench-provider-%' ON CONFLICT DO NOTHING`); err != nil {
		return 0, fmt.Errorf("seed members' services: %w", err)
	}
	perService := max(1, p.Appointments/p.Busy)
	loc, _ := time.LoadLocation("Asia/Kolkata")
	now := e.Clock.Now().In(loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	if _, err := e.DB.Exec(ctx, `INSERT INTO booking.appointments (id, service_id, service_name, service_category, provider_id,
		provider, location, customer_id, customer_name, customer_email, customer_phone, customer_address, starts_at, slot_label,
		status, version, created_at, updated_at, staff_id, staff_name, ends_at)
		SELECT gen_random_uuid(), s.id::text, s.name, s.category, s.provider_id, s.provider, s.location, 'bench-customer-' || (abs(hashtext(s.id::text || ':' || k)) % $5),
		  'Bench Customer', 'bench@example.com', '9876543210', '12 MG Road, Bengaluru', at,
		  (ARRAY['09:00','10:00','11:00','14:30'])[1 + k % 4], 'confirmed', 1, now(), now(),
		  md5('bench-member:' || s.id)::uuid, 'Member ' || left(s.id::text, 8), at + s.duration * interval '1 minute'
		FROM (SELECT id, name, category, provider_id, provider, location, duration FROM catalog.services
		  WHERE provider_id LIKE 'bench-provider-%' ORDER BY created_at DESC LIMIT $2) s
		CROSS JOIN generate_series(0, $4 - 1) AS k
		CROSS JOIN LATERAL (SELECT $1::timestamptz + ((k / 4) - $3) * interval '1 day'
		    + (ARRAY[interval '9 hours', interval '10 hours', interval '11 hours', interval '14 hours 30 minutes'])[1 + k % 4] AS at) t`, today, p.Busy, marketplaceBusyDays, perService, max(1, p.Appointments/5)); err != nil {
		return 0, fmt.Errorf("seed appointments: %w", err)
	}
	for _, t := range []string{"catalog.services", "booking.appointments"} {
		if _, err := e.DB.Exec(ctx, `VACUUM ANALYZE `+t); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}

// MarketplaceScenarios seeds the marketplace the booking rows then run on
// and reads the plans of the availability and nextAvailable queries over
// it. The read load is the marketplace hour's (MarketplaceHour).
func (e *Env) MarketplaceScenarios(ctx context.Context, p MarketplacePlan) (Marketplace, error) {
	m := Marketplace{Services: p.Services, Appointments: p.Appointments}
	took, err := e.SeedMarketplace(ctx, p)
	if err != nil {
		return m, err
	}
	m.SeedSeconds = round(took.Seconds())
	if n, err := e.Count(ctx, `SELECT count(*) FROM booking.appointments`); err == nil {
		m.Appointments = n
	}
	e.Logf("marketplace: seeded %d services and %d appointments in %.1f s", p.Services, m.Appointments, m.SeedSeconds)
	busy, err := e.busyServices(ctx, p.Busy)
	if err != nil {
		return m, err
	}
	if len(busy) < 24 {
		return m, fmt.Errorf("%d busy services seeded, want at least 24", len(busy))
	}
	m.Plans = e.explainMarketplace(ctx, busy[0], busy[:24])
	return m, nil
}

// searchQueries are the popular searches: every word, word pairs,
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
