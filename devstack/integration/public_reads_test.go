package integration

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	bookingsvc "github.com/slotwise/slotwise/booking-svc"
	catalogsvc "github.com/slotwise/slotwise/catalog-svc"
	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/gateway"
	"github.com/slotwise/slotwise/platform/svc"
)

// TestPublicReadsPaged: GET /services answers 24 services a page with the
// total across pages; limit still asks for more.
func TestPublicReadsPaged(t *testing.T) {
	t.Parallel()
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

// TestPublicReadsETag: public reads carry a strong ETag and their
// Cache-Control (docs/product.md "Fresh and kept": catalogue reads may be
// 5 s old, availability is revalidated every time); If-None-Match with it
// answers 304 with no body until the resource changes; authenticated reads
// stay no-store.
func TestPublicReadsETag(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	id := st.Post(t, "/services", p.Token, serviceForm("Tagged clinic", "Healthcare & Wellness")).ExpectStatus(t, http.StatusCreated).String("data._id")
	// Asked without compression: the strong tag is the plain body's
	// (TestPublicReadsCompressed covers the encoded answers).
	plain := func(path string) *stacktest.Response {
		return st.Do(t, stacktest.Req{Method: http.MethodGet, Path: path, Headers: map[string]string{"Accept-Encoding": "identity"}})
	}
	conditional := func(path, etag string) *stacktest.Response {
		return st.Do(t, stacktest.Req{Method: http.MethodGet, Path: path, Headers: map[string]string{"If-None-Match": etag, "Accept-Encoding": "identity"}})
	}
	for _, c := range []struct{ path, cache string }{
		{"/services?category=healthcare", "public, max-age=5"},
		{"/services/" + id, "public, max-age=5"},
		{"/reviews/service/" + id, "public, max-age=5"},
		{"/services/" + id + "/availability", "no-cache"},
	} {
		t.Run(c.path, func(t *testing.T) {
			r := plain(c.path).ExpectStatus(t, http.StatusOK)
			etag := r.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) || len(etag) < 10 || r.Header.Get("Cache-Control") != c.cache {
				t.Fatalf("ETag %q, Cache-Control %q", etag, r.Header.Get("Cache-Control"))
			}
			if again := plain(c.path); again.Header.Get("ETag") != etag {
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

// TestPublicReadsCompressed: availability, a listing and a service page
// asked with Accept-Encoding: gzip answer Content-Encoding: gzip (each is
// over the gateway's 1 KB threshold), Vary: Accept-Encoding, and decode to
// the JSON a client without compression gets; their ETag is the plain
// body's tag made weak (RFC 9110 §8.8.1), and If-None-Match with it, or
// with the strong tag, still answers 304 (docs/product.md "Fresh and kept").
func TestPublicReadsCompressed(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	form := serviceForm("Compressed clinic", "Healthcare & Wellness")
	form["description"] = strings.Repeat("Gentle, thorough care for the whole family. ", 20)
	form["timeSlots"] = []string{}
	for h := 9; h < 18; h++ {
		for m := 0; m < 60; m += 15 {
			form["timeSlots"] = append(form["timeSlots"].([]string), fmt.Sprintf("%02d:%02d", h, m))
		}
	}
	form["duration"] = 15
	id := st.Post(t, "/services", p.Token, form).ExpectStatus(t, http.StatusCreated).String("data._id")
	for i := range 3 {
		st.Post(t, "/services", p.Token, serviceForm(fmt.Sprintf("Compressed clinic %d", i), "Healthcare & Wellness")).ExpectStatus(t, http.StatusCreated)
	}
	ask := func(path string, headers map[string]string) *stacktest.Response {
		return st.Do(t, stacktest.Req{Method: http.MethodGet, Path: path, Headers: headers})
	}
	for _, path := range []string{"/services/" + id + "/availability", "/services?category=healthcare", "/services/" + id} {
		t.Run(path, func(t *testing.T) {
			plain := ask(path, map[string]string{"Accept-Encoding": "identity"}).ExpectStatus(t, http.StatusOK)
			// Go's client decodes gzip itself only when it asked on its own.
			zipped := ask(path, map[string]string{"Accept-Encoding": "gzip"}).ExpectStatus(t, http.StatusOK)
			if zipped.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") {
				t.Fatalf("plain %d bytes; gzip asked: Content-Encoding %q, Vary %q", len(plain.Raw),
					zipped.Header.Get("Content-Encoding"), zipped.Header.Get("Vary"))
			}
			zr, err := gzip.NewReader(bytes.NewReader(zipped.Raw))
			if err != nil {
				t.Fatal(err)
			}
			decoded, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(decoded, plain.Raw) || len(zipped.Raw) >= len(plain.Raw) {
				t.Fatalf("%d gzipped bytes decode to %d bytes, not the %d plain ones", len(zipped.Raw), len(decoded), len(plain.Raw))
			}
			strong, weak := plain.Header.Get("ETag"), zipped.Header.Get("ETag")
			if weak != "W/"+strong {
				t.Fatalf("gzipped ETag %q, plain %q", weak, strong)
			}
			t.Logf("%d bytes plain, %d gzipped", len(plain.Raw), len(zipped.Raw))
			for _, tag := range []string{weak, strong} {
				nm := ask(path, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": tag})
				if nm.Status != http.StatusNotModified || len(nm.Raw) != 0 || nm.Header.Get("ETag") != weak {
					t.Fatalf("If-None-Match %s: %d, %d bytes, ETag %q", tag, nm.Status, len(nm.Raw), nm.Header.Get("ETag"))
				}
			}
		})
	}
}

// TestFreshAcrossReplicas: two gateways, each in front of a catalog-svc
// and a booking-svc of its own, on one database. An edit through one is
// seen at once by signed-in reads through the other, and by anonymous reads
// within the 5 s the product allows (docs/product.md "Fresh and kept"); a
// service deleted through one is refused by the other's booking-svc on the
// next request.
func TestFreshAcrossReplicas(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	p, c := st.NewUser(t, "provider"), st.NewUser(t, "customer")
	other := startGatewayReplica(t, st, startCatalogReplica(t, st), startBookingReplica(t, st))

	id := bkService(t, st, p, "Replica clinic", "09:00", "10:00")
	bkBookID(t, st, c, id, clk.day(1), "09:00")
	form := serviceForm("Replica clinic, renamed", "Healthcare & Wellness")
	st.Patch(t, "/services/"+id, p.Token, form).ExpectStatus(t, http.StatusOK)
	edited := time.Now()
	mine := other.Get(t, "/services/provider", p.Token).ExpectStatus(t, http.StatusOK)
	if list, _ := mine.Field("services").([]any); len(list) != 1 || list[0].(map[string]any)["name"] != "Replica clinic, renamed" {
		t.Fatalf("the provider's own list through the other gateway, at once: %s", mine.Raw)
	}
	stacktest.Eventually(t, 5*time.Second, "the edit shown to anonymous reads through the other gateway", func() bool {
		return other.Get(t, "/services/"+id, "").ExpectStatus(t, http.StatusOK).Field("service.name") == "Replica clinic, renamed"
	})
	t.Logf("anonymous read through the other gateway shows the edit %v after it returned", time.Since(edited).Round(time.Millisecond))

	st.Delete(t, "/services/"+id, p.Token).ExpectStatus(t, http.StatusOK)
	bkBook(t, other, c, id, clk.day(1), "10:00").ExpectError(t, http.StatusNotFound, msgServiceNotFound)
	other.Get(t, "/services/"+id+"/availability", "").ExpectError(t, http.StatusNotFound, msgServiceNotFound)
}

// startCatalogReplica runs a second catalog-svc on the stack's database and
// broker and returns its address.
func startCatalogReplica(t *testing.T, st *stacktest.Stack) string {
	t.Helper()
	lis := listen(t)
	run(t, func(ctx context.Context) error {
		return catalogsvc.Run(ctx, catalogsvc.Config{Config: svc.Config{Name: "catalog-svc", DatabaseURL: st.DatabaseURL,
			KafkaBrokers: st.Brokers, AuthGRPCAddr: st.GRPCAddrs["auth-svc"], LogLevel: "error", GRPCListener: lis}})
	})
	return lis.Addr().String()
}

// startBookingReplica runs a second booking-svc on the stack's database,
// broker, clock and catalog-svc, and returns its address.
func startBookingReplica(t *testing.T, st *stacktest.Stack) string {
	t.Helper()
	lis := listen(t)
	run(t, func(ctx context.Context) error {
		return bookingsvc.Run(ctx, bookingsvc.Config{Config: svc.Config{Name: "booking-svc", DatabaseURL: st.DatabaseURL,
			KafkaBrokers: st.Brokers, AuthGRPCAddr: st.GRPCAddrs["auth-svc"], LogLevel: "error", GRPCListener: lis},
			CatalogAddr: st.GRPCAddrs["catalog-svc"], Clock: st.Clock.Now})
	})
	return lis.Addr().String()
}

// startGatewayReplica runs a second gateway in front of the catalog-svc and
// booking-svc at the given addresses (the stack's other services behind
// it), keeping anonymous catalogue answers as the chart's gateways do, and
// returns a client of it.
func startGatewayReplica(t *testing.T, st *stacktest.Stack, catalogAddr, bookingAddr string) stacktest.Client {
	t.Helper()
	lis := listen(t)
	run(t, func(ctx context.Context) error {
		return gateway.Run(ctx, gateway.Config{AuthAddr: st.GRPCAddrs["auth-svc"], CatalogAddr: catalogAddr,
			BookingAddr: bookingAddr, ReviewAddr: st.GRPCAddrs["review-svc"], NotificationAddr: st.GRPCAddrs["notification-svc"],
			AuthRatePerMinute: 600, Listener: lis, LogLevel: "error", PublicCacheTTL: gateway.DefaultPublicCacheTTL})
	})
	return stacktest.Client{BaseURL: "http://" + lis.Addr().String()}
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return lis
}

// run runs program until the test ends.
func run(t *testing.T, program func(context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- program(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// TestSearchThroughTheGateway: GET /services?q= ranks across categories
// and takes location and maxPrice; bad filters are 400s that say what to fix.
func TestSearchThroughTheGateway(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
