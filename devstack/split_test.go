package devstack

import (
	"context"
	"encoding/base64"
	"errors"
	"maps"
	"net"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

func envMap(t *testing.T, env []string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("malformed env entry %q", kv)
		}
		m[k] = v
	}
	return m
}

// Split mode gives each program the env its Deployment gets from the chart,
// with the cluster's addresses and Secrets replaced by local ones.
func TestChartEnvIsTheDeploymentsEnv(t *testing.T) {
	chart, err := LoadChart("../helm/slotwise/values.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seed := make([]byte, 32)
	seed[0] = 7
	l := Local{DatabaseURL: "postgres://local/db", KafkaBrokers: []string{"127.0.0.1:9092"}, SigningSeed: seed, SMTPAddr: "127.0.0.1:1025",
		CORSOrigins: []string{"http://localhost:3000"},
		Listen:      map[string]string{"GRPC_ADDR": "127.9.9.4:7003", "ADMIN_ADDR": "127.9.9.4:9090", "HTTP_ADDR": ":5001"},
		Targets: map[string]string{"auth-svc": "dns://ns/auth-svc:7001", "catalog-svc": "dns://ns/catalog-svc:7002",
			"booking-svc": "dns://ns/booking-svc:7003", "review-svc": "dns://ns/review-svc:7004",
			"notification-svc": "dns://ns/notification-svc:7005"}}

	booking, err := chart.Env("booking-svc", l)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"DATABASE_URL": "postgres://local/db", "KAFKA_BROKERS": "127.0.0.1:9092", "OTEL_EXPORTER_OTLP_ENDPOINT": "",
		"OTEL_SERVICE_NAME": "booking-svc", "LOG_LEVEL": "info", "APP_TIMEZONE": "Asia/Kolkata",
		"AUTH_GRPC_ADDR": "dns://ns/auth-svc:7001", "CATALOG_GRPC_ADDR": "dns://ns/catalog-svc:7002",
		"GRPC_ADDR": "127.9.9.4:7003", "ADMIN_ADDR": "127.9.9.4:9090", "GRPC_MAX_CONNECTION_AGE": "30s",
		"BOOKING_RATE_LIMIT_PER_MINUTE": "20",
	}
	if got := envMap(t, booking); !maps.Equal(got, want) {
		t.Errorf("booking-svc env\n got %v\nwant %v", got, want)
	}

	auth := envMap(t, must(chart.Env("auth-svc", l)))
	if auth["JWT_SIGNING_KEY"] != base64.StdEncoding.EncodeToString(seed) || auth["AUTH_GRPC_ADDR"] != "" || auth["GRPC_ADDR"] != "127.9.9.4:7003" {
		t.Errorf("auth-svc env: %v", auth)
	}
	gw := envMap(t, must(chart.Env("gateway", l)))
	if gw["HTTP_ADDR"] != ":5001" || gw["ADMIN_ADDR"] != "127.9.9.4:9090" || gw["BOOKING_GRPC_ADDR"] != "dns://ns/booking-svc:7003" ||
		gw["NOTIFICATION_GRPC_ADDR"] != "dns://ns/notification-svc:7005" ||
		gw["CORS_ORIGINS"] != "http://localhost:3000" || gw["TRUSTED_PROXIES"] != "1" || gw["DATABASE_URL"] != "" {
		t.Errorf("gateway env: %v", gw)
	}
	notif := envMap(t, must(chart.Env("notification-svc", l)))
	if notif["SMTP_ADDR"] != "127.0.0.1:1025" || notif["SMTP_USERNAME"] != "" || notif["SMTP_PASSWORD"] != "" ||
		notif["AUTH_GRPC_ADDR"] != "dns://ns/auth-svc:7001" || notif["DATABASE_URL"] != "postgres://local/db" {
		t.Errorf("notification-svc env: %v", notif)
	}
	if _, err := chart.Env("web-admin", l); err == nil {
		t.Error("a component the chart does not have got an env")
	}
	delete(l.Listen, "GRPC_ADDR")
	if _, err := chart.Env("booking-svc", l); err == nil {
		t.Error("booking-svc got an env without an address to listen on (the chart's :7003 would be shared by every replica)")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// The stack's name server resolves a program to each address added for it,
// as a headless Service resolves to its ready pods.
func TestNameServerResolvesReplicas(t *testing.T) {
	ns, err := startNameServer("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Close()
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, ns.Addr())
	}}
	a, b := netip.MustParseAddr("127.9.9.2"), netip.MustParseAddr("127.9.9.3")
	ns.add("booking-svc", a)
	ns.add("booking-svc", b)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	got, err := r.LookupHost(ctx, "booking-svc")
	slices.Sort(got)
	if err != nil || !slices.Equal(got, []string{"127.9.9.2", "127.9.9.3"}) {
		t.Fatalf("booking-svc resolves to %v, %v", got, err)
	}
	ns.remove("booking-svc", a)
	if got, err := r.LookupHost(ctx, "booking-svc."); err != nil || !slices.Equal(got, []string{"127.9.9.3"}) {
		t.Fatalf("after one replica left: %v, %v", got, err)
	}
	var dnsErr *net.DNSError
	if _, err := r.LookupHost(ctx, "nobody"); !errors.As(err, &dnsErr) || !dnsErr.IsNotFound {
		t.Fatalf("an unknown name: %v, want not found", err)
	}
}
