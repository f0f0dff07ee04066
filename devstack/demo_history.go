package devstack

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DemoHistoryDays is how many past days of appointments the demo provider
// gets, so that its analytics page (GET /providers/me/analytics, up to 90
// days) draws real charts in `make up`.
const DemoHistoryDays = 60

// SeedDemoHistory gives the demo provider's services (SeedDemo first) a
// past: appointments on the DemoHistoryDays days before now's date in loc,
// in every status, with the service's price and some with a rating.
//
// They are written straight into booking-svc's table (dbURL, schema
// booking) because the API books only future slots (docs/product.md
// "Booking") and review-svc reviews only appointments it has seen
// completed: a past cannot be made through it. So they carry no events
// (no notifications, no reviews in review-svc: the ratings are analytics'
// only), and their customers are made-up names, not accounts.
//
// Ids are derived from (service, start), so a second run, or a run on a
// later day, adds only the days not seeded yet; ON CONFLICT DO NOTHING also
// leaves alone a slot a real booking holds.
func SeedDemoHistory(ctx context.Context, apiURL, dbURL string, now time.Time, loc *time.Location) error {
	c := apiClient{ctx: ctx, base: apiURL}
	token, err := c.demoLogin()
	if err != nil {
		return err
	}
	var mine struct{ Services []demoListed }
	if err := c.decode(http.MethodGet, "/services/provider", token, nil, &mine); err != nil {
		return fmt.Errorf("demo provider's services: %w", err)
	}
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return err
	}
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	b := &pgx.Batch{}
	y, m, d := now.In(loc).Date()
	for back := DemoHistoryDays; back >= 1; back-- {
		day := time.Date(y, m, d-back, 0, 0, 0, 0, loc)
		for _, s := range mine.Services {
			for _, slot := range s.TimeSlots {
				if a, ok := demoPast(s, day, slot, loc); ok {
					b.Queue(insertDemoPast, a...)
				}
			}
		}
	}
	return pool.SendBatch(ctx, b).Close()
}

// demoListed is what the history needs of a demo service.
type demoListed struct {
	ID         string `json:"_id"`
	ProviderID string
	Name       string
	Category   string
	Provider   string
	Location   string
	Price      float64
	TimeSlots  []string
}

const insertDemoPast = `INSERT INTO booking.appointments (id, service_id, service_name, service_category, provider_id,
	provider, location, customer_id, customer_name, customer_email, customer_phone, customer_address, notes, starts_at,
	slot_label, status, has_reviewed, rating, price, version, created_at, updated_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '9876543210', 'Pune', '', $11, $12, $13, $14, $15, $16, 2, $17, $18)
	ON CONFLICT DO NOTHING`

var demoCustomers = []string{"Asha Rao", "Vikram Nair", "Priya Shah", "Rahul Mehta", "Neha Iyer", "Arjun Das", "Kavya Menon", "Rohan Gupta"}

// demoPast decides, from a hash of (service, start) so that every run
// decides alike, whether the slot was booked and how it ended: about 40 %
// of slots (more at weekends), two thirds of those completed, the rest
// cancelled, rejected, no-show or left confirmed; seven in ten completed
// ones rated 3 to 5.
func demoPast(s demoListed, day time.Time, slot string, loc *time.Location) ([]any, bool) {
	clock, err := time.ParseInLocation("15:04", slot, loc)
	if err != nil {
		return nil, false
	}
	start := time.Date(day.Year(), day.Month(), day.Day(), clock.Hour(), clock.Minute(), 0, 0, loc)
	h := fnv.New64a()
	h.Write([]byte(s.ID + "|" + start.UTC().Format(time.RFC3339)))
	sum := h.Sum64()
	roll := func(n uint64) uint64 { v := sum % n; sum /= n; return v }
	booked := uint64(40)
	if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
		booked = 60
	}
	if roll(100) >= booked {
		return nil, false
	}
	status, rating := "completed", any(nil)
	switch r := roll(100); {
	case r < 12:
		status = "cancelled"
	case r < 18:
		status = "rejected"
	case r < 24:
		status = "no-show"
	case r < 30:
		status = "confirmed"
	default:
		if roll(10) < 7 {
			rating = int16(3 + roll(3))
		}
	}
	name := demoCustomers[roll(uint64(len(demoCustomers)))]
	bookedAt := start.Add(-time.Duration(1+roll(72)) * time.Hour)
	return []any{uuid.NewSHA1(uuid.NameSpaceURL, []byte("slotwise-demo:"+s.ID+"|"+start.UTC().Format(time.RFC3339))).String(),
		s.ID, s.Name, s.Category, s.ProviderID, s.Provider, s.Location,
		"demo-customer-" + name, name, "demo.customer@slotwise.example", start, slot, status, rating != nil, rating,
		s.Price, bookedAt, start}, true
}
