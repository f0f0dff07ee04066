package slotwatch

import (
	"errors"
	"slices"
	"testing"
)

func TestSubscribeOnlyWhileListening(t *testing.T) {
	f := newFanout()
	if _, _, err := f.subscribe(); !errors.Is(err, ErrNotListening) {
		t.Fatalf("subscribe before listening: %v, want ErrNotListening", err)
	}
	f.start()
	if _, _, err := f.subscribe(); err != nil {
		t.Fatalf("subscribe while listening: %v", err)
	}
	f.stop()
	if _, _, err := f.subscribe(); !errors.Is(err, ErrNotListening) {
		t.Fatalf("subscribe after the listening stopped: %v, want ErrNotListening", err)
	}
}

// A subscriber that falls a full buffer behind is closed and dropped; the
// publisher does not wait for it, and the others still receive.
func TestFullSubscriberIsDroppedNotWaitedFor(t *testing.T) {
	f := newFanout()
	f.start()
	slow, _, _ := f.subscribe()
	fast, _, _ := f.subscribe()
	for i := range subscriberBuffer {
		f.publish([]string{"svc", string(rune('a' + i%26))})
		<-fast
	}
	f.publish([]string{"last"}) // slow's buffer is full: must not block
	if got := <-fast; !slices.Equal(got, []string{"last"}) {
		t.Errorf("fast subscriber got %v, want [last]", got)
	}
	n := 0
	for range slow {
		n++
	}
	if n != subscriberBuffer {
		t.Errorf("slow subscriber got %d batches before its channel closed, want %d", n, subscriberBuffer)
	}
	f.publish([]string{"after"})
	if got := <-fast; !slices.Equal(got, []string{"after"}) {
		t.Errorf("fast subscriber got %v, want [after]", got)
	}
}

func TestStopClosesEverySubscriberAndReadyFollowsListening(t *testing.T) {
	f := newFanout()
	select {
	case <-f.readyChan():
		t.Fatal("ready before listening")
	default:
	}
	f.start()
	<-f.readyChan()
	a, _, _ := f.subscribe()
	b, _, _ := f.subscribe()
	f.stop()
	for _, ch := range []<-chan []string{a, b} {
		if _, open := <-ch; open {
			t.Error("a subscriber's channel is open after the listening stopped")
		}
	}
	select {
	case <-f.readyChan():
		t.Fatal("ready after the listening stopped")
	default:
	}
	f.start()
	<-f.readyChan()
}

func TestStoppedSubscriptionReceivesNothing(t *testing.T) {
	f := newFanout()
	f.start()
	ch, stop, _ := f.subscribe()
	stop()
	stop() // twice is harmless
	f.publish([]string{"svc"})
	f.stop()
	select {
	case got, open := <-ch:
		t.Fatalf("after stop: received %v (open %v)", got, open)
	default:
	}
}

func TestServiceIDs(t *testing.T) {
	for payload, want := range map[string][]string{"a,b": {"a", "b"}, "a": {"a"}, "": {}, "a,,b,": {"a", "b"}} {
		if got := serviceIDs(payload); !slices.Equal(got, want) {
			t.Errorf("serviceIDs(%q) = %q, want %q", payload, got, want)
		}
	}
}
