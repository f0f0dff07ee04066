package bench

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"maps"
	mrand "math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slotwise/slotwise/devstack"
)

// Targets of the marketplace hour (issue 38).
const (
	HourP99TargetMs      = 50.0
	HourStalenessTargetS = 5.0
	// hourProbeTimeout bounds how long an edit's staleness probe waits
	// for the anonymous read to show it: past it the edit counts unseen.
	hourProbeTimeout = 30 * time.Second
	hourProbeEvery   = 50 * time.Millisecond
	hourProbes       = 8 // staleness probes at once; edits beyond them are not probed
	// hourMaxBehind bounds the run on a machine that cannot keep up: a
	// request still waiting for a connection this long after it was due is
	// not sent, and counts as a failure of its own route.
	hourMaxBehind = 30 * time.Second
)

// HourPlan sizes the marketplace hour: an open loop at Rate requests a
// second for Duration (after Warmup at the same rate, unmeasured) against a
// split stack (every program its own process) holding a seeded
// marketplace.
type HourPlan struct {
	Rate     int
	Duration time.Duration
	Warmup   time.Duration
	// Conns is the number of keep-alive connections (and goroutines) the
	// due requests are sent over; a request waiting for a free one has
	// that wait in its latency.
	Conns        int
	Services     int
	Appointments int
	Busy         int
	Providers    int
	// ZipfS is the exponent of popularity (services, pages, queries).
	ZipfS float64
	// Replicas per program of the split stack (1 when absent; the gateway
	// has one).
	Replicas map[string]int
}

// HourRoute is what one route of the mix measured.
type HourRoute struct {
	Route  string  `json:"route"`
	Group  string  `json:"group"`
	Ops    int     `json:"ops"`
	Errors int     `json:"errors"`
	P50ms  float64 `json:"p50ms"`
	P95ms  float64 `json:"p95ms"`
	P99ms  float64 `json:"p99ms"`
	MaxMs  float64 `json:"maxMs"`
	// ServedP50ms and ServedP99ms count from when the request was sent
	// (the wait for a free connection left out): what the route costs the
	// stack when the loop runs behind schedule, for reading only.
	ServedP50ms float64 `json:"servedP50ms"`
	ServedP99ms float64 `json:"servedP99ms"`
	// ErrorSamples are the first few failures (status and body).
	ErrorSamples []string `json:"errorSamples,omitempty"`
}

// HourStaleness is the delay from an edit's acknowledgement until the
// anonymous read of the page it changed first showed it.
type HourStaleness struct {
	Edit   string  `json:"edit"`
	Read   string  `json:"read"`
	Edits  int     `json:"edits"`
	Probed int     `json:"probed"`
	Unseen int     `json:"unseen"`
	P50ms  float64 `json:"p50ms"`
	P99ms  float64 `json:"p99ms"`
	MaxMs  float64 `json:"maxMs"`
}

// MarketplaceHour is what the marketplace-hour scenario measured.
type MarketplaceHour struct {
	Rate         int     `json:"rate"`
	Seconds      float64 `json:"seconds"`
	Services     int     `json:"services"`
	Appointments int     `json:"appointments"`
	SeedSeconds  float64 `json:"seedSeconds"`
	Processes    string  `json:"processes"`
	Scheduled    int     `json:"scheduled"`
	Sent         int     `json:"sent"`
	// AnsweredPerSec is the rate the sent requests were answered at
	// (below Rate when the stack could not keep up).
	AnsweredPerSec float64 `json:"answeredPerSec"`
	Errors         int     `json:"errors"`
	// Searches and NewSearches: how many measured searches there were and
	// how many asked a query no earlier request of the run had asked.
	Searches    int             `json:"searches"`
	NewSearches int             `json:"newSearches"`
	Routes      []HourRoute     `json:"routes"`
	Staleness   []HourStaleness `json:"staleness"`
	// ProbeRequests are the staleness probes' reads during the measured
	// window (not in Routes; in the CPU figures' denominator).
	ProbeRequests int `json:"probeRequests"`
	// CPUmsPerRequest is each program's CPU time (all its replicas), the
	// database's PostgreSQL backends', the bench process's (the load
	// generator) and the whole machine's, per request sent.
	CPUmsPerRequest map[string]float64 `json:"cpuMsPerRequest"`
	LoadAverage     string             `json:"loadAverage,omitempty"`
	Pass            bool               `json:"pass"`
	Failures        []string           `json:"failures,omitempty"`
	Notes           string             `json:"notes,omitempty"`
}

// FullHour and ShortHour are make bench's marketplace hour and its quick form.
func FullHour() HourPlan {
	return HourPlan{Rate: 1000, Duration: 60 * time.Second, Warmup: 10 * time.Second, Conns: 64,
		Services: 100_000, Appointments: 1_000_000, Busy: 20_000, Providers: 20_000, ZipfS: 1.1,
		Replicas: map[string]int{"catalog-svc": 2, "booking-svc": 2}}
}

func ShortHour() HourPlan {
	p := FullHour()
	p.Rate, p.Duration, p.Warmup = 200, 10*time.Second, 2*time.Second
	p.Services, p.Appointments, p.Busy, p.Providers = 10_000, 100_000, 2_000, 2_000
	return p
}

// StartBare returns an Env with no stack of its own (a temporary
// directory, a signing key, an HTTP client), for scenarios that start a
// split stack on a database of their own.
func StartBare(o Options) (*Env, error) {
	e := &Env{Opts: o, AdminURL: o.AdminURL, Clock: &Clock{}}
	var err error
	if e.tmp, err = os.MkdirTemp("", "slotwise-bench-"); err != nil {
		return nil, err
	}
	_, e.Key, _ = ed25519.GenerateKey(rand.Reader)
	e.HTTP = &http.Client{Transport: &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64, IdleConnTimeout: time.Minute},
		Timeout: 60 * time.Second}
	return e, nil
}

// The route names of the mix.
const (
	rCategory   = "category page"
	rRevalidate = "category page, revalidated (If-None-Match)"
	rService    = "service page"
	rAvail      = "availability"
	rSearchNew  = "search, new query"
	rSearchSeen = "search, asked before"
	rBook       = "book"
	rCancel     = "cancel"
	rReschedule = "reschedule"
	rMine       = "my appointments"
	rProvAppts  = "provider's appointments"
	rProvSvcs   = "provider's services"
	rEdit       = "service edit"
	rCloseAdd   = "closure added"
	rCloseDel   = "closure removed"
	rConfirm    = "confirmation"
	rBehind     = "not sent: too far behind schedule"
)

// hourMix is the share of each kind of request, in thousandths: 70 %
// anonymous browsing, 15 % search, 8 % bookings, 5 % signed-in reads, 2 %
// provider edits.
var hourMix = []struct {
	route   string
	per1000 int
}{
	// 70 % anonymous browsing; a small share revalidates a page read before
	// (a browser's cache): every other anonymous read sends no If-None-Match.
	{rCategory, 280}, {rRevalidate, 20}, {rService, 200}, {rAvail, 200},
	{"search", 150},                               // 15 %
	{rBook, 40}, {rCancel, 20}, {rReschedule, 20}, // 8 %
	{rMine, 25}, {rProvAppts, 15}, {rProvSvcs, 10}, // 5 % signed-in reads
	{rEdit, 10}, {"closure", 5}, {rConfirm, 5}, // 2 % provider edits
}

// hourRoutes are the routes in the report's order, and hourGroup the
// part of the mix each belongs to.
var hourRoutes = []string{rCategory, rRevalidate, rService, rAvail, rSearchNew, rSearchSeen, rBook, rCancel, rReschedule,
	rMine, rProvAppts, rProvSvcs, rEdit, rCloseAdd, rCloseDel, rConfirm, rBehind}

var hourGroup = map[string]string{rCategory: "anonymous", rRevalidate: "anonymous", rService: "anonymous", rAvail: "anonymous",
	rSearchNew: "search", rSearchSeen: "search", rBook: "booking", rCancel: "booking", rReschedule: "booking",
	rMine: "signed-in", rProvAppts: "signed-in", rProvSvcs: "signed-in",
	rEdit: "edit", rCloseAdd: "edit", rCloseDel: "edit", rConfirm: "edit", rBehind: "overload"}

var hourTimes = []string{"09:00", "10:00", "11:00", "14:30"} // the seeded services' slots

type hourAppt struct {
	id       string
	svc      int // rank
	day, t   int
	customer int
	status   string
}

type hourClosure struct {
	id, note string
	svc      int // the service whose page shows it
	settled  bool
}

// hourForm is what a service edit sends besides the new price and
// description (PATCH /services/{id} replaces the whole service).
type hourForm struct {
	name, category, provider, location, contact string
	duration                                    int
}

type hourSample struct {
	route       string
	lat, served time.Duration // from when it was due; from when it was sent
	ok          bool
	fail        string
}

// hourRun is the state of one marketplace hour: the seeded catalogue, what
// the run booked and closed, and its measurements.
type hourRun struct {
	e       *Env
	p       HourPlan
	ids     []string // services by popularity rank (newest first)
	owner   []string // provider id of each
	forms   []hourForm
	cats    []string // category form names
	pages   int      // pages of 24 per category
	lastDay int      // the busy services' last seeded day (from today)

	mu     sync.Mutex
	rng    *mrand.Rand
	zSvc   *mrand.Zipf
	zPage  *mrand.Zipf
	zQuery *mrand.Zipf
	head   []string // popular searches
	asked  map[string]bool
	taken  map[[3]int]bool // (rank, day, slot) held by the run
	full   map[int]bool
	appts  []*hourAppt // idle appointments of the run
	// rescheduled are each customer's reschedules of the last minute: a
	// person moves an appointment a few times a minute at most, and
	// booking-svc refuses a fourth (booking-svc/internal/booking/rules.go).
	rescheduled map[int][]time.Time
	closures    map[string][]*hourClosure
	busySvc     map[int]bool // services being edited or probed
	provToken   map[string]string
	customers   []string // tokens of the run's customers
	seeded      []string // tokens of seeded customers (bench-customer-N)
	editN       int
	etags       map[string]string // category page → the ETag of its last 200

	measuring atomic.Bool
	probeReqs atomic.Int64
	probeSem  chan struct{}
	probeWG   sync.WaitGroup
	stale     map[string]*staleAcc
	searchN   [2]int // measured: all, new
}

type staleAcc struct {
	read         string
	edits, unset int
	lat          []time.Duration
}

// MarketplaceHour starts a split stack (its own database and broker),
// seeds the marketplace into it and runs the open-loop mix for
// p.Warmup + p.Duration.
func (e *Env) MarketplaceHour(ctx context.Context, p HourPlan) (MarketplaceHour, error) {
	h := MarketplaceHour{Rate: p.Rate, Services: p.Services}
	s, split, stop, err := e.splitStack(ctx, "marketplace-hour", p.Replicas)
	if err != nil {
		return h, err
	}
	defer stop()
	var procs []string
	for _, pr := range split.Processes() {
		procs = append(procs, pr.Name)
	}
	h.Processes = strings.Join(procs, ", ")
	took, err := s.SeedMarketplace(ctx, MarketplacePlan{Services: p.Services, Appointments: p.Appointments, Busy: p.Busy, Providers: p.Providers})
	if err != nil {
		return h, err
	}
	h.SeedSeconds = round(took.Seconds())
	if h.Appointments, err = s.Count(ctx, `SELECT count(*) FROM booking.appointments`); err != nil {
		return h, err
	}
	e.Logf("marketplace hour: seeded %d services and %d appointments in %.1f s", p.Services, h.Appointments, h.SeedSeconds)
	r, err := newHourRun(ctx, s, p)
	if err != nil {
		return h, err
	}
	conns := make([]*LoadConn, p.Conns)
	for i := range conns {
		if conns[i], err = s.NewLoadConn(); err != nil {
			return h, err
		}
		defer conns[i].Close()
	}
	if p.Warmup > 0 {
		r.drive(ctx, conns, p.Warmup)
		r.probeWG.Wait()
		e.Logf("marketplace hour: warmed up for %v", p.Warmup)
	}
	r.measuring.Store(true)
	before := r.cpu(ctx, split.Processes())
	busy0, _ := machineBusy()
	load0 := loadAverage()
	start := time.Now()
	samples, scheduled := r.drive(ctx, conns, p.Duration)
	h.Seconds = round(time.Since(start).Seconds())
	busy1, _ := machineBusy()
	after := r.cpu(ctx, split.Processes())
	r.measuring.Store(false)
	r.probeWG.Wait()
	h.LoadAverage = load0 + " → " + loadAverage()
	h.Scheduled = scheduled
	for _, sm := range samples {
		if sm.route != rBehind {
			h.Sent++
		}
	}
	if h.Seconds > 0 {
		h.AnsweredPerSec = round(float64(h.Sent) / h.Seconds)
	}
	h.ProbeRequests = int(r.probeReqs.Load())
	h.Searches, h.NewSearches = r.searchN[0], r.searchN[1]

	byRoute := map[string][]hourSample{}
	for _, sm := range samples {
		byRoute[sm.route] = append(byRoute[sm.route], sm)
	}
	for _, route := range hourRoutes {
		ss := byRoute[route]
		if len(ss) == 0 {
			continue
		}
		hr := HourRoute{Route: route, Group: hourGroup[route], Ops: len(ss)}
		lat, served := make([]time.Duration, 0, len(ss)), make([]time.Duration, 0, len(ss))
		for _, sm := range ss {
			lat, served = append(lat, sm.lat), append(served, sm.served)
			if !sm.ok {
				hr.Errors++
				if len(hr.ErrorSamples) < 5 {
					hr.ErrorSamples = append(hr.ErrorSamples, sm.fail)
				}
			}
		}
		slices.Sort(lat)
		hr.P50ms, hr.P95ms, hr.P99ms = ms(quantile(lat, 0.5)), ms(quantile(lat, 0.95)), ms(quantile(lat, 0.99))
		hr.MaxMs = ms(lat[len(lat)-1])
		slices.Sort(served)
		hr.ServedP50ms, hr.ServedP99ms = ms(quantile(served, 0.5)), ms(quantile(served, 0.99))
		h.Errors += hr.Errors
		h.Routes = append(h.Routes, hr)
	}
	for _, k := range []string{rEdit, rCloseAdd, rCloseDel} {
		a := r.stale[k]
		if a == nil {
			continue
		}
		st := HourStaleness{Edit: k, Read: a.read, Edits: a.edits, Probed: len(a.lat) + a.unset, Unseen: a.unset}
		sm := Summarise(a.lat)
		st.P50ms, st.P99ms, st.MaxMs = sm.P50ms, sm.P99ms, sm.MaxMs
		h.Staleness = append(h.Staleness, st)
	}
	n := float64(h.Sent + h.ProbeRequests)
	h.CPUmsPerRequest = map[string]float64{}
	if n > 0 {
		for k, t := range after {
			program := k
			if strings.HasPrefix(k, "postgres:") {
				program = "postgres"
			}
			h.CPUmsPerRequest[program] += (t - before[k]) * 1000 / n
		}
		h.CPUmsPerRequest["machine"] = (busy1 - busy0) * 1000 / n
		for k, v := range h.CPUmsPerRequest {
			h.CPUmsPerRequest[k] = round3(v)
		}
	}
	h.judge()
	h.Notes = fmt.Sprintf("an open loop: %d requests a second due on a fixed schedule (one every %.0f µs) for %v after %v unmeasured at the same rate, "+
		"sent over %d keep-alive connections whatever the answers, each latency counted from when its request was due (waiting for a free connection included: no coordinated omission); "+
		"popularity Zipf (s = %.1f) over the services by rank (the newest first, which hold the seeded appointments), over each category's %d pages and over the popular searches; "+
		"anonymous reads send no If-None-Match; signed-in requests carry tokens minted with the stack's key for the seeded providers and customers and for %d customers of the run; "+
		"bookings take a free slot (a service whose slots the run filled passes its customers to the next in popularity), cancels, reschedules and confirmations act on the run's own appointments; "+
		"staleness: after an edit's 2xx an anonymous GET /services/{id} (no If-None-Match) at once and then every %v until one shows the edit; the staleness is the time from the edit's answer to when that read was sent (0: the first read after the answer showed it); up to %d edits probed at once (%v at most); "+
		"the revalidation row sends If-None-Match with the ETag of the page's last 200 (304 or, when the page changed, 200), 2 %% of the mix out of the category pages' 30 %%",
		p.Rate, 1e6/float64(p.Rate), p.Duration, p.Warmup, p.Conns, p.ZipfS, r.pages, len(r.customers), hourProbeEvery, hourProbes, hourProbeTimeout)
	return h, nil
}

// judge applies the targets: every route p99 < 50 ms, no error, every
// probed edit seen within 5 s, and the load as scheduled.
func (h *MarketplaceHour) judge() {
	h.Failures = nil
	for _, r := range h.Routes {
		if r.Errors > 0 {
			h.Failures = append(h.Failures, fmt.Sprintf("%s: %d of %d failed", r.Route, r.Errors, r.Ops))
		}
		if r.P99ms >= HourP99TargetMs {
			h.Failures = append(h.Failures, fmt.Sprintf("%s: p99 %.1f ms (target < %.0f ms)", r.Route, r.P99ms, HourP99TargetMs))
		}
	}
	for _, s := range h.Staleness {
		if s.Unseen > 0 {
			h.Failures = append(h.Failures, fmt.Sprintf("%s: %d edits not seen by anonymous reads within %v", s.Edit, s.Unseen, hourProbeTimeout))
		}
		if s.MaxMs > HourStalenessTargetS*1000 {
			h.Failures = append(h.Failures, fmt.Sprintf("%s: anonymous reads showed it up to %.1f s late (target ≤ %.0f s)", s.Edit, s.MaxMs/1000, HourStalenessTargetS))
		}
	}
	if h.Sent == 0 || h.Sent < h.Scheduled {
		h.Failures = append(h.Failures, fmt.Sprintf("%d of %d scheduled requests sent", h.Sent, h.Scheduled))
	}
	h.Pass = len(h.Failures) == 0
}

func newHourRun(ctx context.Context, e *Env, p HourPlan) (*hourRun, error) {
	r := &hourRun{e: e, p: p, asked: map[string]bool{}, taken: map[[3]int]bool{}, full: map[int]bool{}, rescheduled: map[int][]time.Time{},
		closures: map[string][]*hourClosure{}, busySvc: map[int]bool{}, provToken: map[string]string{},
		probeSem: make(chan struct{}, hourProbes), stale: map[string]*staleAcc{}, etags: map[string]string{}}
	rows, err := e.DB.Query(ctx, `SELECT id::text, provider_id, name, category, duration, provider, location, contact
		FROM catalog.services WHERE provider_id LIKE 'bench-provider-%' ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id, owner string
		var f hourForm
		if err := rows.Scan(&id, &owner, &f.name, &f.category, &f.duration, &f.provider, &f.location, &f.contact); err != nil {
			rows.Close()
			return nil, err
		}
		r.ids, r.owner, r.forms = append(r.ids, id), append(r.owner, owner), append(r.forms, f)
	}
	rows.Close()
	if rows.Err() != nil || len(r.ids) == 0 {
		return nil, fmt.Errorf("the seeded services: %d read (%v)", len(r.ids), rows.Err())
	}
	for _, c := range Categories {
		r.cats = append(r.cats, c[1])
	}
	r.pages = max(1, len(r.ids)/len(Categories)/24)
	perService := max(1, p.Appointments/p.Busy)
	r.lastDay = (perService-1)/4 - marketplaceBusyDays
	r.rng = mrand.New(mrand.NewPCG(38, uint64(time.Now().UnixNano())))
	r.zSvc = mrand.NewZipf(r.rng, p.ZipfS, 1, uint64(len(r.ids)-1))
	r.zPage = mrand.NewZipf(r.rng, p.ZipfS, 1, uint64(r.pages-1))
	r.head = searchQueries()
	r.zQuery = mrand.NewZipf(r.rng, p.ZipfS, 1, uint64(len(r.head)-1))
	for i := range 1000 {
		r.customers = append(r.customers, MintToken(e.Key, fmt.Sprintf("bench-hour-customer-%d", i), "customer", 2*time.Hour))
	}
	seeded := max(1, p.Appointments/5)
	for range 500 {
		r.seeded = append(r.seeded, MintToken(e.Key, fmt.Sprintf("bench-customer-%d", r.rng.IntN(seeded)), "customer", 2*time.Hour))
	}
	return r, nil
}

// cpu reads every process's CPU time and the database's backends'.
func (r *hourRun) cpu(ctx context.Context, procs []*devstack.Process) map[string]float64 {
	out := map[string]float64{}
	for _, p := range procs {
		if c, ok := cpuSeconds(p.Pid()); ok {
			out[p.Program] += c
		}
	}
	for _, pid := range r.e.backends(ctx) {
		if c, ok := cpuSeconds(pid); ok {
			out["postgres:"+fmt.Sprint(pid)] = c
		}
	}
	if c, ok := cpuSeconds(os.Getpid()); ok {
		out["bench (load generator)"] = c
	}
	return out
}

// drive sends the mix at p.Rate for d and returns every request's
// outcome and how many were due.
func (r *hourRun) drive(ctx context.Context, conns []*LoadConn, d time.Duration) ([]hourSample, int) {
	n := int(float64(r.p.Rate) * d.Seconds())
	due := make(chan time.Time, n)
	var mu sync.Mutex
	var out []hourSample
	var wg sync.WaitGroup
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []hourSample
			for at := range due {
				if ctx.Err() != nil {
					continue
				}
				if late := time.Since(at); late > hourMaxBehind {
					mine = append(mine, hourSample{route: rBehind, lat: late, fail: fmt.Sprintf("due %v before a connection was free", late.Round(time.Second))})
					continue
				}
				sent := time.Now()
				route, ok, fail := r.one(conns[w])
				mine = append(mine, hourSample{route: route, lat: time.Since(at), served: time.Since(sent), ok: ok, fail: fail})
			}
			mu.Lock()
			out = append(out, mine...)
			mu.Unlock()
		}()
	}
	start, interval := time.Now(), time.Duration(float64(time.Second)/float64(r.p.Rate))
	for i := range n {
		at := start.Add(time.Duration(i) * interval)
		if wait := time.Until(at); wait > 0 {
			time.Sleep(wait)
		}
		due <- at
	}
	close(due)
	wg.Wait()
	return out, n
}

// one sends one request of the mix and reports its route and outcome.
func (r *hourRun) one(c *LoadConn) (route string, ok bool, fail string) {
	r.mu.Lock()
	x := r.rng.IntN(1000)
	r.mu.Unlock()
	for _, m := range hourMix {
		if x < m.per1000 {
			route = m.route
			break
		}
		x -= m.per1000
	}
	switch route {
	case rCategory, rRevalidate:
		r.mu.Lock()
		path := fmt.Sprintf("/services?category=%s&offset=%d", url.QueryEscape(r.cats[r.rng.IntN(len(r.cats))]), 24*int(r.zPage.Uint64()))
		etag := r.etags[path]
		r.mu.Unlock()
		if route == rRevalidate && etag != "" {
			status, body, err := c.Send("GET", path, "", "If-None-Match: "+etag+"\r\n", nil)
			if err == nil && status == http.StatusNotModified {
				return route, true, ""
			}
			if err == nil && status == 200 && c.ETag != "" { // the page changed
				r.mu.Lock()
				r.etags[path] = c.ETag
				r.mu.Unlock()
			}
			return outcome(route, status, body, err)
		}
		route = rCategory
		status, body, err := c.Send("GET", path, "", "", nil)
		if err == nil && status == 200 && c.ETag != "" {
			r.mu.Lock()
			r.etags[path] = c.ETag
			r.mu.Unlock()
		}
		return outcome(route, status, body, err)
	case rService, rAvail:
		path := "/services/" + r.ids[r.svc()]
		if route == rAvail {
			path += "/availability"
		}
		return r.get(c, route, path, "")
	case "search":
		return r.search(c)
	case rBook:
		return r.book(c)
	case rCancel, rReschedule:
		return r.change(c, route)
	case rMine:
		r.mu.Lock()
		tok := r.customers[r.rng.IntN(len(r.customers))]
		if r.rng.IntN(2) == 0 {
			tok = r.seeded[r.rng.IntN(len(r.seeded))]
		}
		r.mu.Unlock()
		return r.get(c, route, "/appointments", tok)
	case rProvAppts, rProvSvcs:
		tok := r.providerToken(r.owner[r.svc()])
		path := "/appointments/provider"
		if route == rProvSvcs {
			path = "/services/provider"
		}
		return r.get(c, route, path, tok)
	case rEdit:
		return r.editService(c)
	case "closure":
		return r.closure(c)
	case rConfirm:
		return r.confirm(c)
	}
	return route, false, "no such route"
}

func (r *hourRun) svc() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return int(r.zSvc.Uint64())
}

func (r *hourRun) providerToken(owner string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	t, ok := r.provToken[owner]
	if !ok {
		t = MintToken(r.e.Key, owner, "provider", 2*time.Hour)
		r.provToken[owner] = t
	}
	return t
}

func outcome(route string, status int, body []byte, err error) (string, bool, string) {
	if err != nil {
		return route, false, err.Error()
	}
	if status < 200 || status > 299 {
		return route, false, fmt.Sprintf("%d %s", status, truncate(body, 200))
	}
	return route, true, ""
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		b = b[:n]
	}
	return string(b)
}

func (r *hourRun) get(c *LoadConn, route, path, token string) (string, bool, string) {
	status, body, err := c.Send("GET", path, token, "", nil)
	return outcome(route, status, body, err)
}

func (r *hourRun) send(c *LoadConn, route, method, path, token string, body any) (string, bool, string, []byte) {
	raw, _ := json.Marshal(body)
	status, resp, err := c.Send(method, path, token, "", raw)
	route, ok, fail := outcome(route, status, resp, err)
	return route, ok, fail, resp
}

// search asks a query no request of the run asked before (60 %), else
// one of the popular ones (Zipf).
func (r *hourRun) search(c *LoadConn) (string, bool, string) {
	r.mu.Lock()
	var q string
	if r.rng.IntN(100) < 60 {
		for q == "" || r.asked[q] {
			w1, w2 := marketWords[r.rng.IntN(len(marketWords))], marketWords[r.rng.IntN(len(marketWords))]
			city := marketCities[r.rng.IntN(len(marketCities))]
			price := 200 + r.rng.IntN(4800)
			switch r.rng.IntN(4) {
			case 0:
				q = fmt.Sprintf("q=%s&maxPrice=%d", url.QueryEscape(w1+" "+w2), price)
			case 1:
				q = fmt.Sprintf("q=%s&location=%s&maxPrice=%d", w1, city, price)
			case 2:
				q = fmt.Sprintf("q=%s&maxPrice=%d", w1[:min(len(w1), 3+r.rng.IntN(3))], price)
			default:
				q = fmt.Sprintf("q=%s&maxPrice=%d", url.QueryEscape(w1+" "+strings.ToLower(city)), price)
			}
		}
	} else {
		q = r.head[r.zQuery.Uint64()]
	}
	route := rSearchSeen
	if !r.asked[q] {
		route = rSearchNew
		r.asked[q] = true
	}
	if r.measuring.Load() {
		r.searchN[0]++
		if route == rSearchNew {
			r.searchN[1]++
		}
	}
	r.mu.Unlock()
	return r.get(c, route, "/services?"+q, "")
}

// freeSlot takes a free slot of the service at rank from or, when the run
// filled it, of the next in popularity; days after `after` (day, slot).
func (r *hourRun) freeSlot(from int, after [2]int) (rank, day, t int, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for rank = from; rank < len(r.ids); rank++ {
		if r.full[rank] && after == [2]int{} {
			continue
		}
		first := 1
		if rank < r.p.Busy {
			first = max(1, r.lastDay+1)
		}
		for day = first; day <= 9; day++ {
			for t = range hourTimes {
				if day < after[0] || (day == after[0] && t <= after[1]) {
					continue
				}
				k := [3]int{rank, day, t}
				if !r.taken[k] {
					r.taken[k] = true
					return rank, day, t, true
				}
			}
		}
		if after != [2]int{} {
			return 0, 0, 0, false // a reschedule stays on its service
		}
		r.full[rank] = true
	}
	return 0, 0, 0, false
}

func (r *hourRun) release(rank, day, t int) {
	r.mu.Lock()
	delete(r.taken, [3]int{rank, day, t})
	delete(r.full, rank)
	r.mu.Unlock()
}

func (r *hourRun) book(c *LoadConn) (string, bool, string) {
	rank, day, t, ok := r.freeSlot(r.svc(), [2]int{})
	if !ok {
		return rBook, false, "no free slot left in the marketplace"
	}
	r.mu.Lock()
	cust := r.rng.IntN(len(r.customers))
	r.mu.Unlock()
	route, ok, fail, body := r.send(c, rBook, "POST", "/appointments", r.customers[cust], BookingBody(r.ids[rank], Day(day), hourTimes[t]))
	if !ok {
		r.release(rank, day, t)
		return route, ok, fail
	}
	var resp struct {
		Appointment struct {
			ID     string `json:"_id"`
			Status string `json:"status"`
		} `json:"appointment"`
	}
	if json.Unmarshal(body, &resp) != nil || resp.Appointment.ID == "" {
		return route, false, "no appointment id in " + truncate(body, 200)
	}
	r.putBack(&hourAppt{id: resp.Appointment.ID, svc: rank, day: day, t: t, customer: cust, status: resp.Appointment.Status})
	return route, true, ""
}

// takeAppt checks out one of the run's appointments (nil when none is
// idle) that want accepts.
func (r *hourRun) takeAppt(want func(*hourAppt) bool) *hourAppt {
	r.mu.Lock()
	defer r.mu.Unlock()
	for range 8 {
		if len(r.appts) == 0 {
			return nil
		}
		i := r.rng.IntN(len(r.appts))
		if a := r.appts[i]; want(a) {
			r.appts[i] = r.appts[len(r.appts)-1]
			r.appts = r.appts[:len(r.appts)-1]
			return a
		}
	}
	return nil
}

// reschedulesPerMinute is booking-svc's limit per customer
// (booking-svc/internal/booking/rules.go, ReschedulesPerWindow).
const reschedulesPerMinute = 3

// mayReschedule tells whether a's customer has reschedules left this
// minute (r.mu held, by takeAppt).
func (r *hourRun) mayReschedule(a *hourAppt) bool {
	recent := r.rescheduled[a.customer][:0]
	for _, at := range r.rescheduled[a.customer] {
		if time.Since(at) < time.Minute {
			recent = append(recent, at)
		}
	}
	r.rescheduled[a.customer] = recent
	return len(recent) < reschedulesPerMinute
}

func (r *hourRun) putBack(a *hourAppt) {
	r.mu.Lock()
	r.appts = append(r.appts, a)
	r.mu.Unlock()
}

// change cancels or reschedules (to a later free slot of its service) one
// of the run's appointments; with none to change it books.
func (r *hourRun) change(c *LoadConn, route string) (string, bool, string) {
	want := func(*hourAppt) bool { return true }
	if route == rReschedule {
		want = r.mayReschedule
	}
	a := r.takeAppt(want)
	if a == nil {
		return r.book(c)
	}
	tok := r.customers[a.customer]
	if route == rReschedule {
		_, day, t, ok := r.freeSlot(a.svc, [2]int{a.day, a.t})
		if ok {
			route, ok, fail, _ := r.send(c, rReschedule, "PUT", "/appointments/"+a.id+"/reschedule", tok,
				map[string]string{"date": Day(day), "time": hourTimes[t]})
			if ok {
				r.release(a.svc, a.day, a.t)
				a.day, a.t, a.status = day, t, "scheduled"
				r.mu.Lock()
				r.rescheduled[a.customer] = append(r.rescheduled[a.customer], time.Now())
				r.mu.Unlock()
			} else {
				r.release(a.svc, day, t)
			}
			r.putBack(a)
			return route, ok, fail
		}
		route = rCancel // no later slot: the customer cancels instead
	}
	route, ok, fail, _ := r.send(c, route, "PATCH", "/appointments/"+a.id+"/status", tok, map[string]string{"status": "cancelled"})
	if ok {
		r.release(a.svc, a.day, a.t)
	} else {
		r.putBack(a)
	}
	return route, ok, fail
}

// confirm has the provider confirm a pending or scheduled appointment of
// the run; with none it edits a service instead.
func (r *hourRun) confirm(c *LoadConn) (string, bool, string) {
	a := r.takeAppt(func(a *hourAppt) bool { return a.status == "pending" || a.status == "scheduled" })
	if a == nil {
		return r.editService(c)
	}
	route, ok, fail, _ := r.send(c, rConfirm, "PATCH", "/appointments/"+a.id+"/provider-status", r.providerToken(r.owner[a.svc]),
		map[string]string{"status": "confirmed"})
	if ok {
		a.status = "confirmed"
	}
	r.putBack(a)
	return route, ok, fail
}

// claimService picks a popular service no edit or probe is using.
func (r *hourRun) claimService() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		rank := int(r.zSvc.Uint64())
		if !r.busySvc[rank] {
			r.busySvc[rank] = true
			return rank
		}
	}
}

func (r *hourRun) unclaim(rank int) {
	r.mu.Lock()
	delete(r.busySvc, rank)
	r.mu.Unlock()
}

// editService changes a popular service's price and description (the
// rest of the form as seeded), then
// probes its anonymous page until it shows the new description.
func (r *hourRun) editService(c *LoadConn) (string, bool, string) {
	rank := r.claimService()
	r.mu.Lock()
	r.editN++
	n := r.editN
	price := 100 + r.rng.IntN(4900)
	r.mu.Unlock()
	marker := fmt.Sprintf("(edit %d)", n)
	f := r.forms[rank]
	route, ok, fail, _ := r.send(c, rEdit, "PATCH", "/services/"+r.ids[rank], r.providerToken(r.owner[rank]), map[string]any{
		"name": f.name, "category": f.category, "duration": f.duration, "provider": f.provider, "location": f.location,
		"contact": f.contact, "timeSlots": hourTimes, "price": price, "description": "A friendly service, now at a new price " + marker})
	if !ok {
		r.unclaim(rank)
		return route, ok, fail
	}
	r.probe(rEdit, rank, func(b []byte) bool { return bytes.Contains(b, []byte(marker)) }, func() { r.unclaim(rank) })
	return route, ok, fail
}

// closure adds a day off (20–80 days ahead, past any booking) for a popular
// service's provider, or removes one the run added; then probes the
// service's anonymous page (every service carries its provider's closures).
func (r *hourRun) closure(c *LoadConn) (string, bool, string) {
	r.mu.Lock()
	var del *hourClosure
	var owner string
	if r.rng.IntN(2) == 0 {
		for o, cs := range r.closures { // a random provider's first settled closure
			if i := slices.IndexFunc(cs, func(c *hourClosure) bool { return c.settled && !r.busySvc[c.svc] }); i >= 0 {
				del, owner = cs[i], o
				r.closures[o] = slices.Delete(cs, i, i+1)
				r.busySvc[del.svc] = true
				break
			}
		}
	}
	r.mu.Unlock()
	if del != nil {
		route, ok, fail, _ := r.send(c, rCloseDel, "DELETE", "/providers/me/closures/"+del.id, r.providerToken(owner), nil)
		if !ok {
			r.unclaim(del.svc)
			return route, ok, fail
		}
		r.probe(rCloseDel, del.svc, func(b []byte) bool { return !bytes.Contains(b, []byte(del.note)) }, func() { r.unclaim(del.svc) })
		return route, ok, fail
	}
	rank := r.claimService()
	owner = r.owner[rank]
	r.mu.Lock()
	r.editN++
	note := fmt.Sprintf("Bench day off %d", r.editN)
	day := Day(20 + r.rng.IntN(60))
	r.mu.Unlock()
	route, ok, fail, body := r.send(c, rCloseAdd, "POST", "/providers/me/closures", r.providerToken(owner),
		map[string]string{"from": day, "note": note})
	if !ok {
		r.unclaim(rank)
		return route, ok, fail
	}
	var resp struct {
		Data struct {
			Closures []struct {
				ID   string `json:"_id"`
				Note string `json:"note"`
			} `json:"closures"`
		} `json:"data"`
	}
	_ = json.Unmarshal(body, &resp)
	cl := &hourClosure{note: note, svc: rank}
	for _, x := range resp.Data.Closures {
		if x.Note == note {
			cl.id = x.ID
		}
	}
	if cl.id == "" {
		r.unclaim(rank)
		return route, false, "the added closure is not in the answer: " + truncate(body, 200)
	}
	r.mu.Lock()
	r.closures[owner] = append(r.closures[owner], cl)
	r.mu.Unlock()
	r.probe(rCloseAdd, rank, func(b []byte) bool { return bytes.Contains(b, []byte(note)) }, func() {
		r.mu.Lock()
		cl.settled = true
		delete(r.busySvc, rank)
		r.mu.Unlock()
	})
	return route, ok, fail
}

// probe reads the service's page anonymously (no If-None-Match) until
// seen accepts it, recording the delay from now (the edit's answer) to when
// the first read that showed it was sent; done runs afterwards.
// With hourProbes probes already running the edit is counted, not probed.
func (r *hourRun) probe(edit string, rank int, seen func([]byte) bool, done func()) {
	acked := time.Now()
	measured := r.measuring.Load()
	r.mu.Lock()
	a := r.stale[edit]
	if a == nil && measured {
		a = &staleAcc{read: "GET /services/{id}, anonymous"}
		r.stale[edit] = a
	}
	if measured {
		a.edits++
	}
	r.mu.Unlock()
	select {
	case r.probeSem <- struct{}{}:
	default:
		done()
		return
	}
	r.probeWG.Add(1)
	go func() {
		defer r.probeWG.Done()
		defer func() { <-r.probeSem }()
		defer done()
		c, err := r.e.NewLoadConn()
		if err != nil {
			return
		}
		defer c.Close()
		path := "/services/" + r.ids[rank]
		for {
			sent := time.Now()
			status, body, err := c.Send("GET", path, "", "", nil)
			if r.measuring.Load() {
				r.probeReqs.Add(1)
			}
			if err == nil && status == 200 && seen(body) {
				if measured {
					r.mu.Lock()
					a.lat = append(a.lat, max(0, sent.Sub(acked)))
					r.mu.Unlock()
				}
				return
			}
			if time.Since(acked) > hourProbeTimeout {
				if measured {
					r.mu.Lock()
					a.unset++
					r.mu.Unlock()
				}
				return
			}
			time.Sleep(hourProbeEvery)
		}
	}()
}

// Markdown renders the marketplace hour for the report.
func (h MarketplaceHour) Markdown() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("\n## Marketplace hour (issue 38): an open loop at %d requests/s\n\n", h.Rate)
	w("**%s.** %d services and %d appointments (seeded in %.1f s); processes: %s. %d requests due, %d sent and answered in %.1f s (%.0f/s), %d errors; "+
		"%d searches, %d of them (%.0f %%) a query not asked before in the run. Load average (1, 5, 15 min; 2 cores, shared with other work): %s.\n\n",
		passMark(h.Pass), h.Services, h.Appointments, h.SeedSeconds, h.Processes, h.Scheduled, h.Sent, h.Seconds, h.AnsweredPerSec, h.Errors,
		h.Searches, h.NewSearches, 100*float64(h.NewSearches)/float64(max(1, h.Searches)), h.LoadAverage)
	w("| route | group | requests | p50 ms | p95 ms | p99 ms | max ms | errors | served p50 ms | served p99 ms |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range h.Routes {
		w("| %s | %s | %d | %.1f | %.1f | %.1f | %.1f | %d | %.1f | %.1f |\n", r.Route, r.Group, r.Ops, r.P50ms, r.P95ms, r.P99ms, r.MaxMs, r.Errors,
			r.ServedP50ms, r.ServedP99ms)
	}
	w("\nLatency counts from when a request was due; *served* from when it was sent (the wait for a free connection left out: what a route costs the stack when the loop runs behind, for reading only). ")
	w("Targets: every route's p99 under %.0f ms, no error, every edit shown by anonymous reads within %.0f s.\n\n", HourP99TargetMs, HourStalenessTargetS)
	w("Staleness of anonymous reads after an edit's 2xx:\n\n| edit | read | edits | probed | p50 ms | p99 ms | max ms | never seen |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range h.Staleness {
		w("| %s | %s | %d | %d | %.1f | %.1f | %.1f | %d |\n", s.Edit, s.Read, s.Edits, s.Probed, s.P50ms, s.P99ms, s.MaxMs, s.Unseen)
	}
	w("\nCPU ms per request (every request sent, and the %d staleness probes' reads), from /proc: ", h.ProbeRequests)
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(h.CPUmsPerRequest)) {
		parts = append(parts, fmt.Sprintf("%s %.3f", k, h.CPUmsPerRequest[k]))
	}
	w("%s (machine: every core's busy time, other work on it included).\n\n", strings.Join(parts, ", "))
	for _, r := range h.Routes {
		for _, s := range r.ErrorSamples {
			w("- %s failed: `%s`\n", r.Route, strings.ReplaceAll(s, "`", "'"))
		}
	}
	for _, f := range h.Failures {
		w("- Missed: %s\n", f)
	}
	w("- Method: %s.\n", h.Notes)
	return b.String()
}
