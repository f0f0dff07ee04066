package ratelimit

import (
	"testing"
	"time"
)

func TestKeyedBucketPerKey(t *testing.T) {
	l := New(3)
	at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	l.now = func() time.Time { return at }
	for i := range 3 {
		if ok, _ := l.Allow("u1"); !ok {
			t.Fatalf("request %d of 3 refused", i+1)
		}
	}
	ok, wait := l.Allow("u1")
	if ok || wait <= 0 || wait > 20*time.Second {
		t.Fatalf("4th request: ok=%v wait=%v, want refused with a wait of at most 20 s", ok, wait)
	}
	if ok, _ := l.Allow("u2"); !ok {
		t.Fatal("another key has its own bucket")
	}
	at = at.Add(20 * time.Second) // 3 a minute: one request back every 20 s
	if ok, _ := l.Allow("u1"); !ok {
		t.Fatal("a request must be allowed again after 20 s")
	}
	if ok, _ := l.Allow("u1"); ok {
		t.Fatal("only one request came back")
	}
}

func TestOffAndIdleKeys(t *testing.T) {
	for range 1000 {
		if ok, _ := New(0).Allow("k"); !ok {
			t.Fatal("perMinute 0 must allow everything")
		}
	}
	l := New(1)
	at := time.Now()
	l.now = func() time.Time { return at }
	l.Allow("gone")
	at = at.Add(11 * time.Minute)
	l.Allow("other")
	if _, ok := l.buckets["gone"]; ok {
		t.Fatal("an idle key must be forgotten")
	}
}

func TestRetryAfterSeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{0: 1, time.Millisecond: 1, time.Second: 1, 1001 * time.Millisecond: 2, 20 * time.Second: 20} {
		if got := RetryAfterSeconds(d); got != want {
			t.Errorf("RetryAfterSeconds(%v) = %d, want %d", d, got, want)
		}
	}
}
