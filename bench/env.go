// Package bench is Slotwise's load and fault harness: it starts the whole
// back end against a fresh database and an embedded Kafka-protocol broker,
// measures throughput next to baselines run in the same process, and runs
// the correctness drills (contention, Kafka outage, crash, bad input,
// authorization). cmd/bench writes the report; drills_test.go runs the
// drills' short forms in CI.
package bench

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slotwise/slotwise/devstack"
	"github.com/slotwise/slotwise/devstack/stackproc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/logging"
)

// IST is the business time zone the stack runs in.
var IST = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		return time.FixedZone("IST", 5*3600+1800)
	}
	return loc
}()

// Options configure an Env.
type Options struct {
	// AdminURL is a PostgreSQL URL on whose server the bench database is
	// created (and dropped by Close).
	AdminURL string
	// Short selects the CI form of every scenario.
	Short bool
	// Logf receives progress lines (nil: discarded).
	Logf func(format string, args ...any)
	// Verbose shows the services' logs on stderr.
	Verbose bool
	// BookingProfile, when set, is where a CPU profile of the booking
	// throughput scenario (the whole in-process stack) is written.
	BookingProfile string
	// PoolMaxConns sets every service's pgx pool size through the
	// connection string (pool_max_conns); 0 keeps pgxpool's default.
	PoolMaxConns int
}

// Env is a running stack owned by the harness.
type Env struct {
	Opts        Options
	AdminURL    string
	DatabaseURL string
	dbName      string
	Broker      *Broker
	// Mail is the SMTP server notification-svc mails to (Start).
	Mail  *stacktest.MailServer
	Key   ed25519.PrivateKey
	Stack *devstack.Stack
	// API is the REST API the helpers talk to when given no base URL: the
	// stack's gateway (another stack's in the scale-out drill, see on).
	API   string
	Clock *Clock
	HTTP  *http.Client
	DB    *pgxpool.Pool // a small pool for checks and seeding (search_path public)

	cancel context.CancelFunc
	tmp    string

	buildOnce sync.Once // the programs' binaries (programs)
	buildErr  error
	proc      *stackproc.Process // the devstack run as a process (StartProcess)
}

// Logf reports progress.
func (e *Env) Logf(format string, args ...any) {
	if e.Opts.Logf != nil {
		e.Opts.Logf(format, args...)
	}
}

// Logger returns a component logger (discarding unless Verbose).
func (e *Env) Logger(component string) *slog.Logger {
	if e.Opts.Verbose {
		return logging.New(os.Stderr, component, "warn")
	}
	return slog.New(slog.NewJSONHandler(io.Discard, nil))
}

// Start creates a database, starts a broker and the stack, and waits until
// the gateway is ready.
func Start(ctx context.Context, o Options) (_ *Env, err error) {
	e := &Env{Opts: o, AdminURL: o.AdminURL, Clock: &Clock{}}
	defer func() {
		if err != nil {
			e.Close()
		}
	}()
	if err := e.create(ctx); err != nil {
		return nil, err
	}
	if e.Broker, err = StartBroker(filepath.Join(e.tmp, "kafka")); err != nil {
		return nil, err
	}
	if e.Mail, err = stacktest.NewHeaderMailServer(); err != nil {
		return nil, err
	}
	_, e.Key, _ = ed25519.GenerateKey(rand.Reader)
	sctx, cancel := context.WithCancel(context.Background())
	e.cancel = cancel
	e.Stack, err = devstack.Start(sctx, devstack.Options{
		DatabaseURL: e.stackURL(), KafkaBrokers: []string{e.Broker.Addr}, SigningKey: e.Key,
		GatewayAddr: "127.0.0.1:0", Location: IST, Clock: e.Clock.Now, AuthRatePerMinute: 1_000_000,
		SMTPAddr: e.Mail.Addr, MailInterval: 100 * time.Millisecond, Logger: e.Logger,
		// NewUser's addresses are mailed without verifying.
		VerifiedEmailDomains: []string{"example.com"},
	})
	if err != nil {
		return nil, err
	}
	if err := e.Stack.WaitReady(ctx, 60*time.Second); err != nil {
		return nil, err
	}
	e.API = e.Stack.APIURL
	return e, e.connect(ctx, 512)
}

// create makes the Env's temporary directory and database.
func (e *Env) create(ctx context.Context) (err error) {
	if e.tmp, err = os.MkdirTemp("", "slotwise-bench-"); err != nil {
		return err
	}
	e.DatabaseURL, e.dbName, err = createDatabase(ctx, e.AdminURL)
	return err
}

// stackURL is the database URL the stack's programs get: every service's
// pool holds up to PoolMaxConns connections (pool_max_conns).
func (e *Env) stackURL() string {
	if e.Opts.PoolMaxConns <= 0 {
		return e.DatabaseURL
	}
	u, _ := url.Parse(e.DatabaseURL)
	q := u.Query()
	q.Set("pool_max_conns", fmt.Sprint(e.Opts.PoolMaxConns))
	u.RawQuery = q.Encode()
	return u.String()
}

// connect opens the Env's HTTP client (keeping idle connections to the
// gateway) and its small database pool for checks and seeding.
func (e *Env) connect(ctx context.Context, idle int) error {
	e.HTTP = &http.Client{Transport: &http.Transport{MaxIdleConns: idle, MaxIdleConnsPerHost: idle, IdleConnTimeout: time.Minute},
		Timeout: 60 * time.Second}
	cfg, err := pgxpool.ParseConfig(e.DatabaseURL)
	if err != nil {
		return err
	}
	cfg.MaxConns = 4
	e.DB, err = pgxpool.NewWithConfig(ctx, cfg)
	return err
}

// Close stops everything and drops the database.
func (e *Env) Close() {
	if e.cancel != nil {
		e.cancel()
		done := make(chan struct{})
		go func() { e.Stack.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
		}
	}
	if e.DB != nil {
		e.DB.Close()
	}
	if e.proc != nil {
		e.proc.Stop()
	}
	if e.Broker != nil {
		e.Broker.Stop()
	}
	if e.Mail != nil {
		e.Mail.Close()
	}
	if e.dbName != "" {
		dropDatabase(e.AdminURL, e.dbName)
	}
	if e.tmp != "" {
		os.RemoveAll(e.tmp)
	}
}

func createDatabase(ctx context.Context, adminURL string) (string, string, error) {
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(cctx, adminURL)
	if err != nil {
		return "", "", fmt.Errorf("PostgreSQL is needed at %s: %w", redact(adminURL), err)
	}
	defer admin.Close(context.Background())
	b := make([]byte, 5)
	rand.Read(b)
	name := "slotwise_bench_" + hex.EncodeToString(b)
	if _, err := admin.Exec(cctx, "CREATE DATABASE "+name); err != nil {
		return "", "", fmt.Errorf("create database %s: %w", name, err)
	}
	u, err := url.Parse(adminURL)
	if err != nil {
		return "", "", err
	}
	u.Path = "/" + name
	return u.String(), name, nil
}

func dropDatabase(adminURL, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return
	}
	defer c.Close(ctx)
	c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
}

func redact(u string) string {
	if p, err := url.Parse(u); err == nil {
		p.User = nil
		return p.String()
	}
	return "(unparsable URL)"
}

// Broker is the devstack's embedded broker on a fixed port, its state in a
// directory, so it can be stopped and restarted like a real one.
type Broker struct {
	Addr string
	port int
	dir  string
	mu   sync.Mutex
	b    *devstack.Broker
}

// StartBroker starts a broker on a free loopback port.
func StartBroker(dir string) (*Broker, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	b := &Broker{port: port, dir: dir, Addr: fmt.Sprintf("127.0.0.1:%d", port)}
	return b, b.Restart()
}

// Stop closes the broker (idempotent).
func (b *Broker) Stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b != nil {
		b.b.Close()
		b.b = nil
	}
}

// Restart starts the broker again on the same port with its persisted state.
func (b *Broker) Restart() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b != nil {
		return nil
	}
	var err error
	for attempt := 0; attempt < 50; attempt++ {
		b.b, err = devstack.StartBroker(devstack.BrokerOptions{Port: b.port, Dir: b.dir})
		if err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond) // the port may linger for a moment
	}
	return fmt.Errorf("start broker on %d: %w", b.port, err)
}

// Clock is the stack's time source: the wall clock unless set.
type Clock struct {
	mu  sync.Mutex
	off time.Duration
}

// Now is the stack's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.off)
}

// Jump moves the stack's clock to t (it keeps running from there).
func (c *Clock) Jump(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.off = time.Until(t)
}

// Reset returns the clock to the wall clock.
func (c *Clock) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.off = 0
}

// Today is midnight IST of the current day.
func Today() time.Time {
	n := time.Now().In(IST)
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, IST)
}

// Day is today+n as YYYY-MM-DD.
func Day(n int) string { return Today().AddDate(0, 0, n).Format("2006-01-02") }

// Response is one REST answer.
type Response struct {
	Status int
	Raw    []byte
	JSON   map[string]any
	Err    error
}

// Field walks a dotted path ("appointment._id").
func (r *Response) Field(path string) any {
	var cur any = r.JSON
	for _, p := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	return cur
}

// String is Field as a string.
func (r *Response) String(path string) string {
	s, _ := r.Field(path).(string)
	return s
}

// Call sends one request to base (the gateway when empty). body is sent as
// is when it is []byte or string, else marshalled as JSON.
func (e *Env) Call(ctx context.Context, base, method, path, token string, body any, headers map[string]string) *Response {
	resp, err := e.do(ctx, base, method, path, token, body, headers)
	if err != nil {
		return &Response{Err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	out := &Response{Status: resp.StatusCode, Raw: raw, Err: err}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

// do builds and sends one request; the caller closes the response body.
func (e *Env) do(ctx context.Context, base, method, path, token string, body any, headers map[string]string) (*http.Response, error) {
	if base == "" {
		base = e.API
	}
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return e.HTTP.Do(req)
}

// Token mints a customer token with the stack's signing key, so load needs
// no registrations (the services verify it exactly as one auth-svc issued).
func (e *Env) Token(role string) string {
	return MintToken(e.Key, uuid.NewString(), role, time.Hour)
}

// MintToken signs a token the way auth-svc does.
func MintToken(key ed25519.PrivateKey, sub, role string, ttl time.Duration) string {
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{
		"sub": sub, "role": role, "email": "load-" + sub[:8] + "@example.com",
		"iat": time.Now().Unix(), "exp": time.Now().Add(ttl).Unix(),
	})
	sum := sha256.Sum256(key.Public().(ed25519.PublicKey))
	tok.Header["kid"] = base64.RawURLEncoding.EncodeToString(sum[:9])
	s, _ := tok.SignedString(key)
	return s
}

// User is a registered, logged-in account.
type User struct {
	ID, Email, Role, Token string
}

// NewUser registers and logs in a user through the API.
func (e *Env) NewUser(ctx context.Context, role string) (User, error) {
	email := fmt.Sprintf("%s-%s@example.com", role, uuid.NewString()[:10])
	r := e.Call(ctx, "", "POST", "/auth/register", "", Registration(role, email), nil)
	if r.Err != nil || r.Status != 201 {
		return User{}, fmt.Errorf("register %s: %d %s %v", role, r.Status, r.Raw, r.Err)
	}
	r = e.Call(ctx, "", "POST", "/auth/login-with-role", "", map[string]any{"email": email, "password": "secret123", "role": role}, nil)
	if r.Err != nil || r.Status != 200 {
		return User{}, fmt.Errorf("login %s: %d %s %v", role, r.Status, r.Raw, r.Err)
	}
	return User{ID: r.String("user._id"), Email: email, Role: role, Token: r.String("token")}, nil
}

// Registration is a valid registration body.
func Registration(role, email string) map[string]any {
	body := map[string]any{
		"email": email, "password": "secret123", "fullName": "Bench " + role, "phoneNumber": "9876543210",
		"address": "12 MG Road, Bengaluru", "gender": "female", "role": role,
	}
	if role == "provider" {
		body["businessInfo"] = map[string]any{"businessName": "Acme Care", "location": "MG Road, Bengaluru",
			"businessDescription": "Clinic", "businessCategory": "healthcare", "businessHours": "9-5"}
	}
	return body
}

// HalfHours is every half hour of the day, "00:00" … "23:30".
func HalfHours() []string {
	var out []string
	for m := 0; m < 24*60; m += 30 {
		out = append(out, fmt.Sprintf("%02d:%02d", m/60, m%60))
	}
	return out
}

// ServiceBody is a valid service.
func ServiceBody(name string, slots []string) map[string]any {
	return map[string]any{
		"name": name, "category": "Healthcare & Wellness", "description": "Thorough and friendly", "price": 499,
		"duration": 30, "provider": "Smile Clinic", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
		"timeSlots": slots,
	}
}

// NewService creates a service through the API.
func (e *Env) NewService(ctx context.Context, p User, name string, slots []string) (string, error) {
	r := e.Call(ctx, "", "POST", "/services", p.Token, ServiceBody(name, slots), nil)
	if r.Err != nil || r.Status != 201 || r.String("data._id") == "" {
		return "", fmt.Errorf("create service: %d %s %v", r.Status, r.Raw, r.Err)
	}
	return r.String("data._id"), nil
}

// BookingBody is a valid POST /appointments body.
func BookingBody(serviceID, date, clock string) map[string]any {
	return map[string]any{
		"serviceId": serviceID, "date": date, "time": clock, "notes": "Bench",
		"customerName": "Asha Rao", "customerEmail": "asha@example.com", "customerPhone": "+91 98765-43210",
		"customerAddress": "12 MG Road, Bengaluru",
	}
}

// Slot is one bookable (service, date, time).
type Slot struct{ ServiceID, Date, Time string }

// Slots hands out distinct future slots to concurrent clients.
type Slots struct {
	mu   sync.Mutex
	all  []Slot
	next int
}

// Take returns the next unused slot.
func (s *Slots) Take() (Slot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.next >= len(s.all) {
		return Slot{}, false
	}
	s.next++
	return s.all[s.next-1], true
}

// Next hands the next n slots (fewer when fewer remain) to a pool of their own.
func (s *Slots) Next(n int) *Slots {
	s.mu.Lock()
	defer s.mu.Unlock()
	n = min(n, len(s.all)-s.next)
	out := &Slots{all: s.all[s.next : s.next+n]}
	s.next += n
	return out
}

// Left is how many slots remain.
func (s *Slots) Left() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.all) - s.next
}

// NewSlots creates services (48 half-hour slots each) until at least n
// distinct slots on days 1..9 exist; consecutive slots are on different
// services. A team member is in one appointment at a time, across
// services (docs/product.md#team-members), so each service gets a
// performer of its own: p's owner the first, a member of p's team each
// next, and past a full team (catalog's 50 members) new providers'.
func (e *Env) NewSlots(ctx context.Context, p User, n int) (*Slots, error) {
	hours := HalfHours()
	perService := 9 * len(hours)
	services := (n + perService - 1) / perService
	ids := make([]string, services)
	for i := range ids {
		if i > 0 && i%benchTeam == 0 {
			var err error
			if p, err = e.NewUser(ctx, "provider"); err != nil {
				return nil, err
			}
		}
		id, err := e.NewService(ctx, p, fmt.Sprintf("Bench service %d", i), hours)
		if err != nil {
			return nil, err
		}
		ids[i] = id
		if err := e.performedAlone(ctx, p, ids[i-i%benchTeam], id); err != nil {
			return nil, err
		}
	}
	s := &Slots{}
	for d := 1; d <= 9; d++ {
		for _, h := range hours {
			for _, id := range ids {
				s.all = append(s.all, Slot{ServiceID: id, Date: Day(d), Time: h})
			}
		}
	}
	return s, nil
}

// benchTeam is how many services one bench provider holds: one performer
// each, the owner and up to 49 members (catalog.MaxStaff).
const benchTeam = 50

// performedAlone makes id performed by one performer of p's team: the
// owner for p's first service (first), a new all-day member for each
// next one (the owner then performs only first).
func (e *Env) performedAlone(ctx context.Context, p User, first, id string) error {
	if id == first {
		return nil
	}
	day := make([]map[string]any, 7)
	for d := range day {
		day[d] = map[string]any{"weekday": d, "from": "00:00", "to": "24:00"}
	}
	r := e.Call(ctx, "", "POST", "/providers/me/staff", p.Token, map[string]any{"name": "Member for " + id[:8], "serviceIds": []string{id}, "hours": day}, nil)
	if r.Err != nil || r.Status != 201 {
		return fmt.Errorf("add a member: %d %s %v", r.Status, r.Raw, r.Err)
	}
	team, _ := e.Call(ctx, "", "GET", "/providers/me/staff", p.Token, nil, nil).Field("data").([]any)
	if len(team) == 0 {
		return fmt.Errorf("provider %s has no team", p.Email)
	}
	owner, _ := team[0].(map[string]any)["_id"].(string) // the owner is listed first
	r = e.Call(ctx, "", "PATCH", "/providers/me/staff/"+owner, p.Token, map[string]any{"serviceIds": []string{first}}, nil)
	if r.Err != nil || r.Status != 200 {
		return fmt.Errorf("narrow the owner to the first service: %d %s %v", r.Status, r.Raw, r.Err)
	}
	return nil
}

// Book sends one booking.
func (e *Env) Book(ctx context.Context, base, token string, s Slot, idemKey string) *Response {
	var h map[string]string
	if idemKey != "" {
		h = map[string]string{"Idempotency-Key": idemKey}
	}
	return e.Call(ctx, base, "POST", "/appointments", token, BookingBody(s.ServiceID, s.Date, s.Time), h)
}

// Count runs a count query on the bench database.
func (e *Env) Count(ctx context.Context, sql string, args ...any) (int, error) {
	var n int
	err := e.DB.QueryRow(ctx, sql, args...).Scan(&n)
	return n, err
}
