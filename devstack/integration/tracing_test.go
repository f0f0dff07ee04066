package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/devstack/tracesnap"
)

// TestTracingOneTraceAcrossEveryHop runs a real Jaeger v2 (JAEGER_BIN, built
// by `make test-tracing`), books an appointment and posts a review, then asks
// Jaeger's HTTP API for the booking's trace and checks that it holds spans of
// the gateway, booking-svc, catalog-svc, PostgreSQL, the Kafka publish and
// review-svc's consumer — one trace from the request to the last consumer.
func TestTracingOneTraceAcrossEveryHop(t *testing.T) {
	bin := os.Getenv("JAEGER_BIN")
	if bin == "" {
		t.Skip("JAEGER_BIN not set: run `make test-tracing` (CI does)")
	}
	query := startJaeger(t, bin)
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")

	st := stacktest.Start(t, stacktest.Options{Now: time.Now()})
	p := st.NewUser(t, "provider")
	c := st.NewUser(t, "customer")
	svc := st.Post(t, "/services", p.Token, serviceBody("Traced Clinic")).ExpectStatus(t, http.StatusCreated)
	serviceID := svc.String("data._id")
	day := time.Now().In(ist()).AddDate(0, 0, 2).Format("2006-01-02")
	booked := st.Post(t, "/appointments", c.Token, map[string]any{
		"serviceId": serviceID, "date": day, "time": "10:00", "customerName": "Asha", "customerEmail": c.Email,
		"customerPhone": "9876543210", "customerAddress": "MG Road", "notes": "trace me",
	}).ExpectStatus(t, http.StatusCreated)

	// The booking's write (group commit) shows as its own postgres INSERT span;
	// the spans carry what an SRE searches by: the appointment, the service,
	// the provider, the caller's role, how many bookings shared the commit.
	id := booked.String("appointment._id")
	expectTrace(t, query, "POST /appointments", "gateway", "booking-svc", "catalog-svc", "postgres", "catalog-svc postgres SELECT",
		"booking-svc postgres INSERT", "kafka publish", "review-svc consume", "review-svc postgres INSERT",
		"booking-svc app.appointment.id="+id, "booking-svc app.service.id="+serviceID, "booking-svc app.provider.id="+p.ID,
		"booking-svc user.roles", "booking-svc app.booking.batch_size", "catalog-svc app.service.id="+serviceID)

	// The review's trace reaches both consumers of review.reviews.v1.
	st.Patch(t, "/appointments/"+id+"/provider-status", p.Token, map[string]any{"status": "confirmed"}).ExpectStatus(t, http.StatusOK)
	st.Clock.Advance(4 * 24 * time.Hour)
	// The review needs the booking events in review-svc's projection first.
	stacktest.Eventually(t, 10*time.Second, "POST /reviews answers 201", func() bool {
		r := st.Post(t, "/reviews", c.Token, map[string]any{"appointmentId": id, "rating": 5, "comment": "Traced and great"})
		return r.Status == http.StatusCreated
	})
	expectTrace(t, query, "POST /reviews", "gateway", "review-svc", "postgres", "kafka publish", "catalog-svc consume", "booking-svc consume",
		"review-svc app.appointment.id="+id, "review-svc app.service.id="+serviceID)

	// TRACE_HTML_DIR=dir keeps both traces as HTML waterfalls (docs/screenshots).
	if dir := os.Getenv("TRACE_HTML_DIR"); dir != "" {
		for file, op := range map[string]string{"trace-booking.html": "POST /appointments", "trace-review.html": "POST /reviews"} {
			f, err := os.Create(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			if err := tracesnap.Write(f, query, "gateway", op); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
	}
}

// expectTrace waits until one trace of the gateway operation holds every
// wanted part (a service name, "postgres", "<svc> postgres <VERB>", "kafka
// publish", "<svc> consume", "<svc> <business attribute>=<value>" or
// "<svc> <attribute>").
func expectTrace(t *testing.T, query, operation string, want ...string) {
	t.Helper()
	var last string
	found := stacktest.Poll(t.Context(), 20*time.Second, func() bool {
		for _, tr := range fetchTraces(t, query, "gateway", operation) {
			got := classify(tr)
			ok := true
			for _, k := range want {
				ok = ok && got[k]
			}
			last = fmt.Sprint(got)
			if ok {
				return true
			}
		}
		return false
	})
	if found {
		return
	}
	t.Fatalf("no single trace of %s holds every hop %v; best seen: %s", operation, want, last)
}

func serviceBody(name string) map[string]any {
	return map[string]any{
		"name": name, "category": "Healthcare & Wellness", "description": "General consultation", "price": 499,
		"duration": 30, "provider": "Acme Care", "location": "12 MG Road, Bengaluru", "contact": "9876543210",
		"timeSlots": []string{"09:00", "10:00", "11:00"},
	}
}

func ist() *time.Location {
	loc, _ := time.LoadLocation("Asia/Kolkata")
	return loc
}

type jaegerTrace struct {
	Spans     []jaegerSpan `json:"spans"`
	Processes map[string]struct {
		ServiceName string `json:"serviceName"`
	} `json:"processes"`
}

type jaegerSpan struct {
	OperationName string `json:"operationName"`
	ProcessID     string `json:"processID"`
	Tags          []struct {
		Key   string `json:"key"`
		Value any    `json:"value"`
	} `json:"tags"`
}

// tag is the span's attribute key as text ("" when absent).
func (s jaegerSpan) tag(key string) string {
	for _, t := range s.Tags {
		if t.Key == key {
			return fmt.Sprint(t.Value)
		}
	}
	return ""
}

func classify(tr jaegerTrace) map[string]bool {
	got := map[string]bool{}
	for _, s := range tr.Spans {
		service := tr.Processes[s.ProcessID].ServiceName
		got[service] = true
		switch {
		case s.tag("db.system.name") == "postgresql":
			// A statement's span is named by its operation (semantic conventions).
			got["postgres"] = true
			got[service+" postgres "+s.OperationName] = true // e.g. "booking-svc postgres INSERT"
		case strings.HasSuffix(s.OperationName, " publish"):
			got["kafka publish"] = true
		case strings.HasSuffix(s.OperationName, " process"):
			got[service+" consume"] = true
		}
		for _, key := range []string{"app.appointment.id", "app.service.id", "app.provider.id"} {
			if v := s.tag(key); v != "" {
				got[service+" "+key+"="+v] = true // e.g. "booking-svc app.appointment.id=…"
			}
		}
		for _, key := range []string{"user.roles", "app.booking.batch_size"} {
			if s.tag(key) != "" {
				got[service+" "+key] = true
			}
		}
	}
	return got
}

func fetchTraces(t *testing.T, query, service, operation string) []jaegerTrace {
	t.Helper()
	u := fmt.Sprintf("%s/api/traces?service=%s&operation=%s&limit=20&lookback=1h", query, url.QueryEscape(service), url.QueryEscape(operation))
	resp, err := http.Get(u)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	var body struct {
		Data []jaegerTrace `json:"data"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&body)
	return body.Data
}

func startJaeger(t *testing.T, bin string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = t.TempDir()
	if os.Getenv("STACK_LOG") == "1" {
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	}
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start jaeger: %v", err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	query := "http://127.0.0.1:16686"
	stacktest.Eventually(t, 10*time.Second, "jaeger answering on :16686", func() bool {
		resp, err := http.Get(query + "/api/services")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	})
	return query
}
