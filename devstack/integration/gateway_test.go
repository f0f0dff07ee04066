package integration

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

func TestGatewayEdge(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)

	t.Run("health", func(t *testing.T) {
		st.Get(t, "/healthz", "").ExpectStatus(t, 200)
		r := st.Get(t, "/readyz", "").ExpectStatus(t, 200)
		if r.String("services.booking-svc") != "SERVING" {
			t.Fatalf("readyz: %s", r.Raw)
		}
	})
	t.Run("unknown route is 404 in the error shape", func(t *testing.T) {
		st.Get(t, "/no/such/route", "").ExpectError(t, 404, "No route for GET /no/such/route")
	})
	t.Run("wrong method is 405, not 501", func(t *testing.T) {
		st.Delete(t, "/auth/register", "").ExpectError(t, 405, "Method DELETE is not allowed on /auth/register")
	})
	t.Run("2 MiB body is 413", func(t *testing.T) {
		big := `{"email":"` + strings.Repeat("a", 2<<20) + `"}`
		st.Post(t, "/auth/register", "", big).ExpectError(t, http.StatusRequestEntityTooLarge, "Request body is too large (limit 1 MiB)")
	})
	t.Run("2 MiB chunked body is 413", func(t *testing.T) {
		body := io.MultiReader(strings.NewReader(`{"email":"`), bytes.NewReader(bytes.Repeat([]byte("a"), 2<<20)), strings.NewReader(`"}`))
		req, _ := http.NewRequest(http.MethodPost, st.APIURL+"/auth/register", body)
		req.ContentLength = -1
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("status %d, want 413", resp.StatusCode)
		}
	})
	t.Run("malformed JSON is 400", func(t *testing.T) {
		for _, body := range []string{`{"email":`, `{"email":"a@example.com","password":"secret1","role":"customer"} trailing`, `[1]`, `"text"`} {
			r := st.Post(t, "/auth/login-with-role", "", body)
			if r.Status != 400 || r.JSON["success"] != false || !strings.HasPrefix(r.String("error"), "Invalid request body") {
				t.Fatalf("%s → %d %s", body, r.Status, r.Raw)
			}
		}
	})
	t.Run("an empty body is an empty object", func(t *testing.T) {
		// The service then names the first missing field, as for "{}".
		empty, obj := st.Post(t, "/auth/login-with-role", "", ""), st.Post(t, "/auth/login-with-role", "", `{}`)
		if empty.Status != 400 || empty.String("error") != obj.String("error") {
			t.Fatalf("empty: %d %s; {}: %d %s", empty.Status, empty.Raw, obj.Status, obj.Raw)
		}
	})
	t.Run("CORS preflight from the web origin", func(t *testing.T) {
		r := st.Do(t, stacktest.Req{Method: http.MethodOptions, Path: "/appointments", Headers: map[string]string{
			"Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type,idempotency-key"}})
		if r.Status != 204 || r.Header.Get("Access-Control-Allow-Origin") != "http://localhost:3000" || !strings.Contains(r.Header.Get("Access-Control-Allow-Headers"), "Idempotency-Key") {
			t.Fatalf("preflight: %d %v", r.Status, r.Header)
		}
		other := st.Do(t, stacktest.Req{Method: http.MethodGet, Path: "/healthz", Headers: map[string]string{"Origin": "http://evil.example"}})
		if other.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatal("unknown origin allowed")
		}
	})
	t.Run("trailing slash means the collection", func(t *testing.T) {
		if r := st.Get(t, "/services/", ""); r.Status == 405 || r.Status == 404 {
			t.Fatalf("/services/ → %d %s", r.Status, r.Raw)
		}
	})
}

func TestMetricsAreExposed(t *testing.T) {
	t.Parallel()
	st := stacktest.Start(t)
	st.Post(t, "/auth/register", "", stacktest.Registration("customer", stacktest.UniqueEmail("m"))).ExpectStatus(t, 201)
	for name, wants := range map[string][]string{
		"gateway":  {`http_requests_total{method="POST",route="/auth/register",service="gateway",status="201"} 1`},
		"auth-svc": {`rpc_server_requests_total{code="OK",method="/slotwise.auth.v1.AuthService/Register",service="auth-svc"} 1`},
		// Registered at start, at 0: what SlotwiseConsumerStalled compares
		// (helm/slotwise/files/prometheus/rules.yml).
		"booking-svc": {`outbox_backlog`, `outbox_published_total{topic="booking.appointments.v1"} `},
		"review-svc": {`kafka_consumer_lag_booking_appointments_v1`,
			`kafka_consumer_handled_total{group="review-svc",partition="",service="review-svc",topic="booking.appointments.v1"} 0`},
	} {
		resp, err := http.Get(st.MetricsURLs[name])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, want := range wants {
			if !strings.Contains(string(body), want) {
				t.Errorf("%s metrics lack %q", name, want)
			}
		}
	}
}
