package erasure_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/segmentio/kafka-go"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/testkit"
)

func message(t *testing.T, ev *eventsv1.AccountEvent) kafka.Message {
	t.Helper()
	b, err := proto.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return kafka.Message{Value: b}
}

// TestHandlerErasesOnce: an account_deleted event is erased once however
// often it comes (the inbox), a failed erasure records nothing (it is
// retried), and other account events and garbage are not this consumer's.
func TestHandlerErasesOnce(t *testing.T) {
	pool := testkit.NewPool(t, "erasure", fstest.MapFS{}, ".", 0)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	var erased []string
	fail := false
	h := erasure.Handler(pool, "test.erasure", func(_ context.Context, _ pgx.Tx, userID string) error {
		if fail {
			return errors.New("store down")
		}
		erased = append(erased, userID)
		return nil
	}, log)

	del := func(id, user string) kafka.Message {
		return message(t, &eventsv1.AccountEvent{EventId: id, Type: erasure.AccountDeleted, UserId: user})
	}
	batch := []kafka.Message{
		del("e1", "u1"), del("e1", "u1"), // the same event twice in a batch
		message(t, &eventsv1.AccountEvent{EventId: "m1", Type: "verify_email", UserId: "u2", Email: "a@example.com"}),
		del("", "u3"), del("e4", ""), {Value: []byte("not a protobuf \xff")},
	}
	ctx := context.Background()
	if err := h(ctx, batch); err != nil {
		t.Fatal(err)
	}
	if err := h(ctx, []kafka.Message{del("e1", "u1")}); err != nil { // redelivered
		t.Fatal(err)
	}
	if len(erased) != 1 || erased[0] != "u1" {
		t.Fatalf("erased %v, want [u1] once", erased)
	}
	if n := testkit.Count(t, pool, `SELECT count(*) FROM erased_users WHERE user_id IN ('u1', 'u2', 'u3')`); n != 1 {
		t.Fatalf("%d of u1 (erased), u2 and u3 (not) recorded as erased, want u1 only", n)
	}

	fail = true
	if err := h(ctx, []kafka.Message{del("e5", "u5")}); err == nil {
		t.Fatal("a failed erasure must fail the batch (to be retried)")
	}
	fail = false
	if err := h(ctx, []kafka.Message{del("e5", "u5")}); err != nil {
		t.Fatal(err)
	}
	if len(erased) != 2 || erased[1] != "u5" {
		t.Fatalf("erased %v: the retry after a failure must erase", erased)
	}
}
