package metrics

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

// A consumer group is exported at 0 before its first message (the stall
// alert must know it), then by the partitions it handled, and the empty
// partition goes.
func TestHandledKnownBeforeTheFirstMessageThenByPartition(t *testing.T) {
	m := New("review-svc")
	add := m.Handled("booking.appointments.v1", "review-svc")
	const zero = `kafka_consumer_handled_total{group="review-svc",partition="",service="review-svc",topic="booking.appointments.v1"} 0`
	if out := scrape(t, m); !strings.Contains(out, zero) {
		t.Fatalf("before the first message, want %s in\n%s", zero, out)
	}
	add(2, 1)
	add(2, 1)
	add(0, 3)
	out := scrape(t, m)
	for _, want := range []string{
		`kafka_consumer_handled_total{group="review-svc",partition="2",service="review-svc",topic="booking.appointments.v1"} 2`,
		`kafka_consumer_handled_total{group="review-svc",partition="0",service="review-svc",topic="booking.appointments.v1"} 3`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("want %s in\n%s", want, out)
		}
	}
	if strings.Contains(out, `partition=""`) {
		t.Errorf("the empty partition stayed after the first message:\n%s", out)
	}
}
