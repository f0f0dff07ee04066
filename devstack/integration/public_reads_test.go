package integration

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	catalogsvc "github.com/slotwise/slotwise/catalog-svc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/gateway"
	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/svc"
	"github.com/slotwise/slotwise/platform/testkit"
)

// TestPublicReadsPaged: GET /services answers 24 services a page with the
// total across pages; limit still asks for more.
func TestPublicReadsPaged(t *testing.T) {
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	for i := range 30 {
		st.Post(t, "/services", p.Token, serviceForm(fmt.Sprintf("Paged %02d", i), "Automobile")).ExpectStatus(t, http.StatusCreated)
	}
	page := func(query string) (ids []string, total float64) {
		t.Helper()
		r := st.Get(t, "/services?category=automobile"+query, "").ExpectStatus(t, http.StatusOK)
		total, _ = r.Field("total").(float64)
		return serviceIDs(r), total
	}
	first, total := page("")
	second, total2 := page("&offset=24")
	all, total3 := page("&limit=100")
	if len(first) != 24 || len(second) != 6 || len(all) != 30 || total != 30 || total2 != 30 || total3 != 30 {
		t.Fatalf("pages of %d and %d, limit=100 gave %d; totals %v %v %v", len(first), len(second), len(all), total, total2, total3)
	}
	if strings.Join(append(first, second...), ",") != strings.Join(all, ",") {
		t.Fatal("the two pages are not the list in order")
	}
	if _, total := page("&offset=40"); total != 30 {
		t.Fatalf("past the last page the total is %v, want 30", total)
	}
}

// TestPublicReadsETag: public reads carry a strong ETag and a public
// Cache-Control (availability a short one); If-None-Match with it answers
// 304 with no body until the resource changes; authenticated reads stay
// no-store.
func TestPublicReadsETag(t *testing.T) {
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	id := st.Post(t, "/services", p.Token, serviceForm("Tagged clinic", "Healthcare & Wellness")).ExpectStatus(t, http.StatusCreated).String("data._id")
	conditional := func(path, etag string) *stacktest.Response {
		return st.Do(t, stacktest.Req{Method: http.MethodGet, Path: path, Headers: map[string]string{"If-None-Match": etag}})
	}
	for _, c := range []struct{ path, cache string }{
		{"/services?category=healthcare", "public, max-age=10, stale-while-revalidate=60"},
		{"/services/" + id, "public, max-age=10, stale-while-revalidate=60"},
		{"/reviews/service/" + id, "public, max-age=10, stale-while-revalidate=60"},
		{"/services/" + id + "/availability", "public, max-age=2, stale-while-revalidate=10"},
	} {
		t.Run(c.path, func(t *testing.T) {
			r := st.Get(t, c.path, "").ExpectStatus(t, http.StatusOK)
			etag := r.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) || len(etag) < 10 || r.Header.Get("Cache-Control") != c.cache {
				t.Fatalf("ETag %q, Cache-Control %q", etag, r.Header.Get("Cache-Control"))
			}
			if again := st.Get(t, c.path, ""); again.Header.Get("ETag") != etag {
				t.Fatalf("same resource, ETag %q then %q", etag, again.Header.Get("ETag"))
			}
			nm := conditional(c.path, etag)
			if nm.Status != http.StatusNotModified || len(nm.Raw) != 0 || nm.Header.Get("ETag") != etag {
				t.Fatalf("If-None-Match: %d %q, ETag %q", nm.Status, nm.Raw, nm.Header.Get("ETag"))
			}
			if other := conditional(c.path, `"stale", W/`+etag); other.Status != http.StatusNotModified {
				t.Fatalf("a list naming the tag (weakly): %d", other.Status)
			}
			conditional(c.path, `"not-it"`).ExpectStatus(t, http.StatusOK)
			if auth := st.Get(t, c.path, p.Token); auth.Header.Get("Cache-Control") != "no-store" || auth.Header.Get("ETag") != "" {
				t.Fatalf("authenticated: Cache-Control %q, ETag %q", auth.Header.Get("Cache-Control"), auth.Header.Get("ETag"))
			}
		})
	}
	t.Run("a change changes the tag", func(t *testing.T) {
		before := st.Get(t, "/services/"+id, "").Header.Get("ETag")
		listBefore := st.Get(t, "/services?category=healthcare", "").Header.Get("ETag")
		st.Patch(t, "/services/"+id, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
		r := conditional("/services/"+id, before).ExpectStatus(t, http.StatusOK)
		if r.Header.Get("ETag") == before || r.Field("service.isActive") != false {
			t.Fatalf("after the edit: ETag %q (was %q): %s", r.Header.Get("ETag"), before, r.Raw)
		}
		list := conditional("/services?category=healthcare", listBefore).ExpectStatus(t, http.StatusOK)
		if len(serviceIDs(list)) != 0 {
			t.Fatalf("deactivated service still listed: %s", list.Raw)
		}
	})
	t.Run("errors and private reads are not tagged", func(t *testing.T) {
		if r := st.Get(t, "/services/00000000-0000-0000-0000-000000000000", ""); r.Status != http.StatusNotFound || r.Header.Get("ETag") != "" {
			t.Fatalf("404: %d, ETag %q", r.Status, r.Header.Get("ETag"))
		}
		if r := st.Get(t, "/services/provider", p.Token); r.Header.Get("ETag") != "" {
			t.Fatalf("own list tagged %q", r.Header.Get("ETag"))
		}
	})
}

// TestPagesFreshAcrossReplicas: two catalog-svc processes on one database
// and two gateways, one in front of each, all keep pages in memory; once a
// write through either returns, none serves the page as it was. The test
// first shows the pages really are cached (a change behind catalog-svc's
// back stays unseen), so fresh pages afterwards prove invalidation, not the
// absence of a cache. The write goes through the first gateway, so the
// second gateway's pages are dropped by the catalog's event alone, which
// catalog-svc waits for before it answers.
func TestPagesFreshAcrossReplicas(t *testing.T) {
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	second, secondAddr := startCatalogReplica(t, st)
	otherGateway := startGatewayReplica(t, st, secondAddr)
	waitCopyGroups(t, st, "catalog-svc", 2)
	waitCopyGroups(t, st, "gateway", 2)

	id := st.Post(t, "/services", p.Token, serviceForm("Replica clinic", "Beauty & Personal Care")).ExpectStatus(t, http.StatusCreated).String("data._id")
	ctx := context.Background()
	req := &catalogv1.ListServicesRequest{Category: "Beauty & Personal Care"}
	listPath := "/services?category=" + url.QueryEscape(req.Category)
	first := func(c stacktest.Client, path, field string) string {
		t.Helper()
		r := c.Get(t, path, "")
		if r.Status == http.StatusNotFound {
			return ""
		}
		r.ExpectStatus(t, http.StatusOK)
		if field == "service" {
			name, _ := r.Field("service.name").(string)
			return name
		}
		if list, _ := r.Field("services").([]any); len(list) > 0 {
			name, _ := list[0].(map[string]any)["name"].(string)
			return name
		}
		return ""
	}
	// names: the listing and the service through each gateway, and the
	// listing from the second catalog-svc directly.
	names := func() []string {
		t.Helper()
		resp, err := second.ListServices(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		viaSecond := ""
		if len(resp.GetServices()) > 0 {
			viaSecond = resp.GetServices()[0].GetName()
		}
		return []string{first(st.Client, listPath, "services"), first(otherGateway, listPath, "services"),
			first(st.Client, "/services/"+id, "service"), first(otherGateway, "/services/"+id, "service"), viaSecond}
	}
	all := func(name string) []string { return []string{name, name, name, name, name} }
	if got := names(); !slices.Equal(got, all("Replica clinic")) {
		t.Fatalf("every replica shows the new service at once (gateway, other gateway, their services, other catalog-svc): %q", got)
	}
	// The write marks' watchers drop pages until the creation is behind
	// every running transaction (copies.WatchWrites): read again once that
	// is over, so the pages below were kept across no drop.
	time.Sleep(copies.DefaultTTL)
	names()
	// Behind catalog-svc's back (no event): all keep serving their page.
	testkit.MustExec(t, st.DatabaseURL, `UPDATE catalog.services SET name = 'Renamed behind its back' WHERE id = $1`, id)
	if got := names(); !slices.Equal(got, all("Replica clinic")) {
		t.Fatalf("pages are not cached (a silent change showed at once): %q", got)
	}

	form := serviceForm("Replica clinic, renamed", "Beauty & Personal Care")
	st.Patch(t, "/services/"+id, p.Token, form).ExpectStatus(t, http.StatusOK)
	if got := names(); !slices.Equal(got, all("Replica clinic, renamed")) {
		t.Fatalf("after the edit returned: %q", got)
	}
	st.Patch(t, "/services/"+id, p.Token, map[string]any{"isActive": false}).ExpectStatus(t, http.StatusOK)
	if got := names(); !slices.Equal(got[:2], []string{"", ""}) || got[4] != "" {
		t.Fatalf("after the deactivation returned, still listed: %q", got)
	}
}

// startCatalogReplica runs a second catalog-svc on the stack's database and
// broker and returns a client of it alone, and its address.
func startCatalogReplica(t *testing.T, st *stacktest.Stack) (catalogv1.CatalogServiceClient, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- catalogsvc.Run(ctx, catalogsvc.Config{Config: svc.Config{Name: "catalog-svc", DatabaseURL: st.DatabaseURL,
			KafkaBrokers: st.Brokers, AuthGRPCAddr: st.GRPCAddrs["auth-svc"], LogLevel: "error", GRPCListener: lis},
			CopyTTL: copies.DefaultTTL})
	}()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		<-done
	})
	return catalogv1.NewCatalogServiceClient(conn), lis.Addr().String()
}

// startGatewayReplica runs a second gateway in front of the catalog-svc at
// catalogAddr (the stack's other services behind it), keeping pages like
// the first, and returns a client of it.
func startGatewayReplica(t *testing.T, st *stacktest.Stack, catalogAddr string) stacktest.Client {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- gateway.Run(ctx, gateway.Config{AuthAddr: st.GRPCAddrs["auth-svc"], CatalogAddr: catalogAddr,
			BookingAddr: st.GRPCAddrs["booking-svc"], ReviewAddr: st.GRPCAddrs["review-svc"], NotificationAddr: st.GRPCAddrs["notification-svc"],
			AuthRatePerMinute: 600, Listener: lis, LogLevel: "error", KafkaBrokers: st.Brokers, CopyTTL: copies.DefaultTTL})
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return stacktest.Client{BaseURL: "http://" + lis.Addr().String()}
}

// TestSearchThroughTheGateway: GET /services?q= ranks across categories
// and takes location and maxPrice; bad filters are 400s that say what to fix.
func TestSearchThroughTheGateway(t *testing.T) {
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	create := func(name, category, description string, price int) {
		form := serviceForm(name, category)
		form["description"], form["price"] = description, price
		st.Post(t, "/services", p.Token, form).ExpectStatus(t, http.StatusCreated)
	}
	create("Bridal makeup", "Beauty & Personal Care", "Makeup and hair for the big day", 5000)
	create("Wedding photography", "Private Events", "Candid photos of the wedding and the makeup room", 20000)
	create("Tyre change", "Automobile", "Four tyres fitted and balanced", 800)
	names := func(query string) []string {
		t.Helper()
		r := st.Get(t, "/services?"+query, "").ExpectStatus(t, http.StatusOK)
		out := []string{}
		for _, s := range r.Field("services").([]any) {
			out = append(out, s.(map[string]any)["name"].(string))
		}
		return out
	}
	if got := names("q=makeup"); strings.Join(got, ",") != "Bridal makeup,Wedding photography" {
		t.Fatalf("q=makeup: %v", got)
	}
	if got := names("q=makeup&maxPrice=6000"); strings.Join(got, ",") != "Bridal makeup" {
		t.Fatalf("q=makeup&maxPrice=6000: %v", got)
	}
	if got := names("q=wedd&location=bengaluru"); strings.Join(got, ",") != "Wedding photography" {
		t.Fatalf("q=wedd&location=bengaluru: %v", got)
	}
	if got := names("name=tyre"); strings.Join(got, ",") != "Tyre change" {
		t.Fatalf("name=tyre: %v", got)
	}
	st.Get(t, "/services?maxPrice=-1", "").ExpectError(t, http.StatusBadRequest, "maxPrice must be a number of rupees, 0 or more")
	st.Get(t, "/services?q="+strings.Repeat("x", 101), "").ExpectError(t, http.StatusBadRequest, "Search (q) must be at most 100 characters")
	if r := st.Get(t, "/services?maxPrice=cheap", ""); r.Status != http.StatusBadRequest {
		t.Fatalf("maxPrice=cheap: %d %s", r.Status, r.Raw)
	}
}

// TestListingNextAvailable: every listed service carries its first free
// slot (date and the slot as listed) or null, bookings moving it; a single
// service's answer carries none.
func TestListingNextAvailable(t *testing.T) {
	clk := newBKClock() // now: 10:15 today
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	morning := bkService(t, st, p, "Morning clinic", "09:00", "10:00")
	evening := bkService(t, st, p, "Evening clinic", "10:00", "18:30")
	next := func() map[string]any {
		t.Helper()
		r := st.Get(t, "/services?category=healthcare", "").ExpectStatus(t, http.StatusOK)
		out := map[string]any{}
		for _, s := range r.Field("services").([]any) {
			m := s.(map[string]any)
			out[m["_id"].(string)] = m["nextAvailable"]
		}
		return out
	}
	label := func(v any) string {
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprint(v)
		}
		return fmt.Sprint(m["date"], " ", m["time"])
	}
	got := next()
	// Today's 09:00 and 10:00 have passed at 10:15.
	if label(got[morning]) != clk.day(1)+" 09:00" || label(got[evening]) != clk.day(0)+" 18:30" {
		t.Fatalf("nextAvailable: morning %v, evening %v", got[morning], got[evening])
	}
	if at, _ := got[evening].(map[string]any)["startsAt"].(string); at != clk.at(0, "18:30").UTC().Format(time.RFC3339) {
		t.Fatalf("evening startsAt %q", at)
	}
	bkBookID(t, st, c, morning, clk.day(1), "09:00")
	bkBookID(t, st, c, evening, clk.day(0), "18:30")
	got = next()
	if label(got[morning]) != clk.day(1)+" 10:00" || label(got[evening]) != clk.day(1)+" 10:00" {
		t.Fatalf("after bookings: morning %v, evening %v", got[morning], got[evening])
	}
	// Book out the morning clinic's whole window: null.
	for d := 1; d < 10; d++ {
		for _, slot := range []string{"09:00", "10:00"} {
			if d == 1 && slot == "09:00" {
				continue
			}
			bkBookID(t, st, c, morning, clk.day(d), slot)
		}
	}
	if got = next(); got[morning] != nil {
		t.Fatalf("fully booked: %v", got[morning])
	}
	if r := st.Get(t, "/services/"+morning, ""); r.Field("service.nextAvailable") != nil {
		t.Fatalf("a single service carries %v", r.Field("service.nextAvailable"))
	}
}

// TestPagesKeptUntilAWrite: catalog-svc keeps a page past CATALOG_CACHE_TTL
// while its writes watcher sees no write (a change behind its back stays
// unseen), and drops it within the TTL when a write takes its outbox
// number, even when no event ever arrives (Kafka down, as far as the pages
// know): catalog-svc/internal/store/writes.go. The gateway's kept page of
// the service follows the same mark (gateway/internal/rest/pages.go).
func TestPagesKeptUntilAWrite(t *testing.T) {
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	second, _ := startCatalogReplica(t, st)
	waitCopyGroups(t, st, "catalog-svc", 2)
	id := st.Post(t, "/services", p.Token, serviceForm("Kept clinic", "Beauty & Personal Care")).ExpectStatus(t, http.StatusCreated).String("data._id")
	ctx := context.Background()
	name := func() string {
		t.Helper()
		resp, err := second.GetService(ctx, &catalogv1.GetServiceRequest{Id: id})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetService().GetName()
	}
	// The gateway's page of the service, and its first page of the
	// category, which shows the service.
	listPath := "/services?category=" + url.QueryEscape("Beauty & Personal Care")
	viaGateway := func() (service, listing string) {
		t.Helper()
		service, _ = st.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK).Field("service.name").(string)
		if list, _ := st.Get(t, listPath, "").ExpectStatus(t, http.StatusOK).Field("services").([]any); len(list) == 1 {
			listing, _ = list[0].(map[string]any)["name"].(string)
		}
		return service, listing
	}
	// The watcher drops pages until the creation is behind every running
	// transaction: a page read from then on is kept.
	time.Sleep(copies.DefaultTTL)
	if got := name(); got != "Kept clinic" {
		t.Fatalf("the new service: %q", got)
	}
	if service, listing := viaGateway(); service != "Kept clinic" || listing != "Kept clinic" {
		t.Fatalf("the new service through the gateway: %q, listed as %q", service, listing)
	}
	testkit.MustExec(t, st.DatabaseURL, `UPDATE catalog.services SET name = 'Renamed behind its back' WHERE id = $1`, id)
	time.Sleep(2*copies.DefaultTTL + time.Second) // past the TTL: a page that only aged would be read again
	if got := name(); got != "Kept clinic" {
		t.Fatalf("%v after a silent change, the page was read again (%q): it was not kept past the TTL", 2*copies.DefaultTTL+time.Second, got)
	}
	// The gateway reads what it keeps from the database (grpcx.FreshReadKey),
	// so a page it read again would show the silent change.
	if service, _ := viaGateway(); service != "Kept clinic" {
		t.Fatalf("%v after a silent change, the gateway read the service again (%q): it was not kept past the TTL", 2*copies.DefaultTTL+time.Second, service)
	}
	commit := openCatalogWrite(t, st, `UPDATE catalog.services SET name = 'Renamed by a write' WHERE id = $1`, id)
	time.Sleep(copies.DefaultTTL) // the watcher sees the number before the commit
	if got := name(); got != "Renamed behind its back" && got != "Kept clinic" {
		t.Fatalf("before the commit: %q", got)
	}
	viaGateway() // a page read while the write is open: it must not outlive the commit
	commit()
	committed := time.Now()
	stacktest.Eventually(t, copies.DefaultTTL, "the write shown by the other replica", func() bool { return name() == "Renamed by a write" })
	// The gateway drops its pages by its own watch of the mark, which may
	// see the commit before the catalog-svc it reads from does: had it read
	// that replica's kept page then, it would have kept the old name until
	// the next catalog write.
	stacktest.Eventually(t, copies.DefaultTTL, "the write shown by the gateway", func() bool {
		service, listing := viaGateway()
		return service == "Renamed by a write" && listing == "Renamed by a write"
	})
	t.Logf("shown %v after the commit", time.Since(committed).Round(time.Millisecond))
}

// openCatalogWrite runs sql with args in a transaction that holds the
// catalog's outbox as catalog-svc's writes do (its outbox insert locks the
// outbox and takes a number), and whose event is never published: only the
// write mark (platform/copies/writes.go) can tell anyone. It returns the
// commit.
func openCatalogWrite(t *testing.T, st *stacktest.Stack, sql string, args ...any) (commit func()) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, sql, args...); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`LOCK TABLE catalog.outbox IN ROW EXCLUSIVE MODE`, `SELECT nextval('catalog.outbox_id_seq')`} {
		if _, err := tx.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		t.Helper()
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
}
